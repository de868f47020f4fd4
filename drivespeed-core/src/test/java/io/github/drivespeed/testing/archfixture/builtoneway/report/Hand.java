package io.github.drivespeed.testing.archfixture.builtoneway.report;

/** A hand-written value with a public constructor instead of a factory. */
public final class Hand {

    private final long bytes;

    /** @param bytes bytes */
    public Hand(long bytes) {
        this.bytes = bytes;
    }

    /** @return the bytes */
    public long bytes() {
        return bytes;
    }
}
