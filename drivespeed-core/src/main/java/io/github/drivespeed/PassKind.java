package io.github.drivespeed;

/** Which way data moved in a pass. */
public enum PassKind {
    /** Data written to a new test file; the timing includes the closing fdatasync. */
    WRITE,
    /** The test file read back from its first byte to its last. */
    READ;

    /** Lower-case name, as printed in reports: {@code write} or {@code read}. */
    @Override
    public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
