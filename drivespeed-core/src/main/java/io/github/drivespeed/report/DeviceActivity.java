package io.github.drivespeed.report;

/**
 * The rest of a block device's kernel I/O counters over one timed pass, beside the bytes and
 * requests of {@link DeviceIo}: the difference of fields 2, 4, 6, 8, 10 and 11 of
 * {@code /sys/class/block/<name>/stat} ({@code Documentation/block/stat.rst}), the figures
 * {@code iostat -x} and fio's {@code disk_util} are made of. Same limits as {@link DeviceIo}: the
 * device's counters, not the process's. Times are the kernel's milliseconds.
 *
 * @param readMerges read requests merged into others before they were issued
 * @param writeMerges write requests merged likewise
 * @param readTicksMillis milliseconds read requests spent waiting and being served, summed over
 *     the requests (so it can exceed the elapsed time at queue depth above 1)
 * @param writeTicksMillis the same for writes
 * @param ioTicksMillis milliseconds during which the device had at least one request in flight
 *     (its busy time: busy / elapsed is {@code %util})
 * @param timeInQueueMillis milliseconds weighted by the requests in flight (the sum over requests
 *     of their time in the device)
 * @since 0.1.0
 */
public record DeviceActivity(long readMerges, long writeMerges, long readTicksMillis,
        long writeTicksMillis, long ioTicksMillis, long timeInQueueMillis) {

    /**
     * Checks the values.
     *
     * @param readMerges read requests merged
     * @param writeMerges write requests merged
     * @param readTicksMillis read time, ms
     * @param writeTicksMillis write time, ms
     * @param ioTicksMillis busy time, ms
     * @param timeInQueueMillis weighted time in queue, ms
     * @throws IllegalArgumentException if a count is negative
     */
    public DeviceActivity {
        if (readMerges < 0 || writeMerges < 0 || readTicksMillis < 0 || writeTicksMillis < 0
                || ioTicksMillis < 0 || timeInQueueMillis < 0) {
            throw new IllegalArgumentException("device counters must be >= 0: merges "
                    + readMerges + "/" + writeMerges + ", ticks " + readTicksMillis + "/"
                    + writeTicksMillis + " ms, busy " + ioTicksMillis + " ms, in queue "
                    + timeInQueueMillis + " ms");
        }
    }

    /**
     * The device's utilisation over an interval, as {@code iostat -x} and fio compute it.
     *
     * @param elapsedNanos the interval the counters cover, in nanoseconds
     * @return busy time over elapsed time in percent, at most 100; 0 when {@code elapsedNanos}
     *     is 0 or less
     */
    public double utilPercent(long elapsedNanos) {
        if (elapsedNanos <= 0) {
            return 0;
        }
        double elapsedMillis = elapsedNanos / 1e6;
        return Math.min(100.0, 100.0 * ioTicksMillis / elapsedMillis);
    }
}
