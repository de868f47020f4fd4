package io.github.drivespeed.spi;

/**
 * A backend's loop of synchronous, timed transfers at queue depth 1: up to {@link #capacity()}
 * reads or writes of one length, one after another in a single call into the backend, each
 * timed with the clock of {@link System#nanoTime()} (CLOCK_MONOTONIC on Linux). It is the
 * engine's psync path made cheaper per I/O than one {@link FileHandle#read} or
 * {@link FileHandle#write} call per block: the call into native code and the loop's own work are
 * paid once per batch, while every I/O keeps its own latency. Used by one thread at a time; the
 * engine fills I/Os with {@link #set}, runs them with {@link #transfer}, then reads the times.
 *
 * <p>Obtained from {@link FileHandle#timedTransfers(int)}; a backend that has none returns empty
 * there and the engine calls {@link FileHandle#read}/{@link FileHandle#write} for each block.
 *
 * @since 0.1.0
 */
public interface TimedTransfers extends AutoCloseable {

    /** {@return how many I/Os one {@link #transfer} call can hold, {@code >= 1}} */
    int capacity();

    /**
     * Sets I/O number {@code index}: where in the file and where in {@code buffer}.
     *
     * @param index the I/O's number, in {@code [0, capacity())}
     * @param buffer the buffer to read into or write from, one the backend allocated
     * @param bufferOffset where the I/O's bytes start in {@code buffer}
     * @param length the bytes of the I/O, as {@link #transfer} will be given
     * @param position the file offset, in bytes
     * @throws IndexOutOfBoundsException if {@code index} or the buffer's range is out of bounds
     */
    void set(int index, AlignedBuffer buffer, long bufferOffset, long length, long position);

    /**
     * Runs I/Os {@code [from, to)} one after another: each one pread(2), or pwrite(2) when
     * {@code write}, of {@code length} bytes. Stops before an I/O when the clock read last is at
     * or past {@code deadlineNanos}, and after an I/O that moved other than {@code length} bytes
     * (a short transfer, end of file or an error, EINTR included: {@link #stopResult()} holds
     * what it returned, to be redone by the caller through {@link FileHandle}).
     *
     * @param write true for writes, false for reads
     * @param length bytes per I/O, {@code > 0}
     * @param from the first I/O's number
     * @param to one past the last I/O's number, {@code <= capacity()}
     * @param deadlineNanos no I/O starts at or after this {@link System#nanoTime()}
     * @return how many I/Os from {@code from} on moved {@code length} bytes
     */
    int transfer(boolean write, long length, int from, int to, long deadlineNanos);

    /**
     * The clock of the last {@link #transfer}: {@code timeNanos(from)} before its first I/O,
     * {@code timeNanos(i + 1)} right after I/O {@code i} returned, for the I/Os it ran.
     *
     * @param index in {@code [from, from + returned]}, or one more after a stop on a result
     * @return {@link System#nanoTime()}'s clock, in nanoseconds
     */
    long timeNanos(int index);

    /**
     * What the I/O a {@link #transfer} stopped after returned: bytes moved (fewer than asked),
     * 0 at end of file, or a negative errno; the length asked for when it did not stop on one.
     *
     * @return the result
     */
    long stopResult();

    /** Frees what the loop holds. Idempotent. */
    @Override
    void close();
}
