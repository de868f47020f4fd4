package io.github.drivespeed;


/**
 * One measured run of one pass: how many bytes moved and how long it took.
 *
 * @param run the run this sample belongs to, numbered from 1
 * @param bytes bytes actually transferred (short reads and writes counted as transferred)
 * @param elapsedNanos wall-clock time of the pass in nanoseconds, from {@link System#nanoTime()};
 *     for a write it covers every write and the closing fdatasync
 */
public record Sample(int run, long bytes, long elapsedNanos) {

    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException if {@code run < 1}, {@code bytes < 0} or
     *     {@code elapsedNanos <= 0}
     */
    public Sample {
        if (run < 1) {
            throw new IllegalArgumentException("run must be >= 1: " + run);
        }
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must be >= 0: " + bytes);
        }
        if (elapsedNanos <= 0) {
            throw new IllegalArgumentException("elapsedNanos must be > 0: " + elapsedNanos);
        }
    }

    /**
     * This run's rate: its bytes over its elapsed time.
     *
     * @return the throughput
     */
    public Throughput throughput() {
        return Throughput.of(bytes, elapsedNanos);
    }

    /**
     * Elapsed time in seconds.
     *
     * @return {@code elapsedNanos / 10^9}
     */
    public double elapsedSeconds() {
        return elapsedNanos / 1e9;
    }
}
