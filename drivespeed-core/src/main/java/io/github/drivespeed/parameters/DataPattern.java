package io.github.drivespeed.parameters;

/**
 * What the write pass writes.
 *
 * @since 0.1.0
 */
public enum DataPattern {
    /**
     * Random, incompressible bytes, with every 512-byte sector stamped with its file offset and a
     * per-run nonce so that no two sectors anywhere in a file are equal (the default).
     */
    RANDOM,
    /** All zeros, like {@code dd if=/dev/zero}; compressing storage may inflate the figure. */
    ZEROS;

    @Override
    public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
