package io.github.drivespeed.report;

/**
 * Which way data moved in a pass.
 *
 * @since 0.1.0
 */
public enum PassKind {
    /** Data written to a new test file; the timing includes the closing fdatasync. */
    WRITE,
    /** The test file read back from its first byte to its last. */
    READ,
    /**
     * A small region re-read from the page cache, as {@code hdparm -T} does: the speed of the
     * cache and memory, never the drive's.
     */
    CACHED_READ;

    /** Lower-case name, as printed in reports: {@code write}, {@code read}, {@code cached read}. */
    @Override
    public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }
}
