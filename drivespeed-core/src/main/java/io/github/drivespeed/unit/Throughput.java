package io.github.drivespeed.unit;

import java.io.Serializable;
import java.util.Locale;

/**
 * A data rate in bytes per second: an immutable value.
 *
 * <p>Two unit families are offered and never mixed: {@link #megabytesPerSecond()} is 10^6 bytes
 * per second (what dd(1) and hdparm(8) print as "MB/s"), {@link #mebibytesPerSecond()} is 2^20
 * bytes per second (what fio(1) prints as "MiB/s"). A rate that could not be computed (for
 * example the standard deviation of a single sample) is {@link Double#NaN}; it prints as
 * {@code n/a}.
 *
 * @since 0.1.0
 */
public final class Throughput implements Comparable<Throughput>, Serializable {

    private static final long serialVersionUID = 1L;

    private static final double NANOS_PER_SECOND = 1e9;

    /** A rate that could not be computed; every accessor returns {@link Double#NaN}. */
    public static final Throughput NOT_AVAILABLE = new Throughput(Double.NaN);

    /** The rate in bytes per second; NaN when not available. */
    private final double bytesPerSecond;

    private Throughput(double bytesPerSecond) {
        this.bytesPerSecond = bytesPerSecond;
    }

    /**
     * A rate of {@code bytesPerSecond} bytes per second.
     *
     * @param bytesPerSecond finite and {@code >= 0}, or NaN for "not available"
     * @return the rate
     * @throws IllegalArgumentException if negative or infinite
     */
    public static Throughput ofBytesPerSecond(double bytesPerSecond) {
        if (Double.isNaN(bytesPerSecond)) {
            return NOT_AVAILABLE;
        }
        if (bytesPerSecond < 0 || Double.isInfinite(bytesPerSecond)) {
            throw new IllegalArgumentException(
                    "throughput must be finite and >= 0 bytes/s: " + bytesPerSecond);
        }
        return new Throughput(bytesPerSecond);
    }

    /**
     * A rate of {@code megabytesPerSecond} MB/s.
     *
     * @param megabytesPerSecond a rate in MB/s, 10^6 bytes per second (dd's and hdparm's unit)
     * @return the rate
     * @throws IllegalArgumentException if negative or infinite
     */
    public static Throughput ofMegabytesPerSecond(double megabytesPerSecond) {
        return ofBytesPerSecond(megabytesPerSecond * DataSize.MEGABYTE);
    }

    /**
     * A rate of {@code mebibytesPerSecond} MiB/s.
     *
     * @param mebibytesPerSecond a rate in MiB/s, 2^20 bytes per second (fio's unit)
     * @return the rate
     * @throws IllegalArgumentException if negative or infinite
     */
    public static Throughput ofMebibytesPerSecond(double mebibytesPerSecond) {
        return ofBytesPerSecond(mebibytesPerSecond * DataSize.MEBIBYTE);
    }

    /**
     * The rate of moving {@code bytes} bytes in {@code elapsedNanos} nanoseconds.
     *
     * @param bytes bytes moved, {@code >= 0}
     * @param elapsedNanos time taken in nanoseconds, {@code > 0}
     * @return bytes x 10^9 / elapsedNanos bytes per second
     * @throws IllegalArgumentException if {@code bytes < 0} or {@code elapsedNanos <= 0}
     */
    public static Throughput ofBytesOverNanos(long bytes, long elapsedNanos) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must be >= 0: " + bytes);
        }
        if (elapsedNanos <= 0) {
            throw new IllegalArgumentException("elapsedNanos must be > 0: " + elapsedNanos);
        }
        return new Throughput(bytes * NANOS_PER_SECOND / elapsedNanos);
    }

    /**
     * The rate in bytes per second.
     *
     * @return bytes per second, or NaN when not available
     */
    public double bytesPerSecond() {
        return bytesPerSecond;
    }

    /**
     * The rate in megabytes (10^6 bytes) per second, the unit dd(1) prints as "MB/s".
     *
     * @return MB/s, or NaN when not available
     */
    public double megabytesPerSecond() {
        return bytesPerSecond / DataSize.MEGABYTE;
    }

    /**
     * The rate in mebibytes (2^20 bytes) per second, the unit fio(1) prints as "MiB/s".
     *
     * @return MiB/s, or NaN when not available
     */
    public double mebibytesPerSecond() {
        return bytesPerSecond / DataSize.MEBIBYTE;
    }

    /**
     * Whether the rate could be computed.
     *
     * @return false when the rate is NaN
     */
    public boolean isAvailable() {
        return !Double.isNaN(bytesPerSecond);
    }

    @Override
    public int compareTo(Throughput other) {
        return Double.compare(bytesPerSecond, other.bytesPerSecond);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Throughput
                && Double.compare(((Throughput) o).bytesPerSecond, bytesPerSecond) == 0;
    }

    @Override
    public int hashCode() {
        return Double.hashCode(bytesPerSecond);
    }

    /**
     * Both units, labelled, locale-independent: {@code 312.4 MB/s (297.9 MiB/s)}; one decimal from
     * 10 upwards, two from 1, three below ({@code 0.047 MB/s (0.045 MiB/s)}), so that slow media
     * never print as zero; {@code n/a} when not available.
     */
    @Override
    public String toString() {
        if (!isAvailable()) {
            return "n/a";
        }
        return format(megabytesPerSecond()) + " MB/s (" + format(mebibytesPerSecond()) + " MiB/s)";
    }

    private static String format(double value) {
        int decimals = value >= 10 ? 1 : value >= 1 ? 2 : 3;
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
