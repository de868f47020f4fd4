package io.github.drivespeed.testing.archfixture.builtoneway.report;

/**
 * A report with a second public constructor beside its canonical one.
 *
 * @param bytes bytes
 * @param nanos nanoseconds
 */
public record Overloaded(long bytes, long nanos) {

    /** @param bytes bytes, in one second */
    public Overloaded(long bytes) {
        this(bytes, 1_000_000_000L);
    }
}
