package io.github.drivespeed.spi;

import java.io.IOException;
import java.util.List;

/**
 * Several reads and writes of one test file in flight at once from one thread: asynchronous
 * I/O, as Linux AIO does it with io_submit(2) and io_getevents(2) (fio's {@code ioengine=libaio}
 * with {@code iodepth=N}) or io_uring with io_uring_enter(2) (fio's {@code ioengine=io_uring}).
 * Obtained from {@link FileHandle#openQueue(String, int)} on a backend that has
 * {@link Capability#ASYNC_IO}; used by one thread at a time (not always the same one: each run
 * of a workload may hand it to a new thread, one at a time).
 *
 * <p>Every I/O in flight occupies a <em>slot</em>, a number in {@code [0, depth)} chosen by the
 * engine; a slot is reused only after {@link #awaitCompletions} returned its completion. The
 * engine times each I/O from just before its submission to just after the call that returned its
 * completion (fio's {@code lat}), so an implementation should not delay submissions: it may
 * batch them, but must submit everything queued before it waits. A queue that hands I/Os to the
 * kernel in a system call of its own (io_submit(2), io_uring_enter(2)) says when that call
 * returned for each slot ({@link #timesSubmission()}, {@link #issuedAtNanos(int)}), and the
 * engine splits the latency as fio does: {@code slat} from just before the submission to that
 * return, {@code clat} from there to the reap.
 *
 * <p>As with {@link FileHandle#read}/{@link FileHandle#write}, a completion may report fewer bytes
 * than asked; the engine submits the rest in the same slot. With O_DIRECT, buffer addresses,
 * offsets and lengths are multiples of the backend's direct-I/O alignment.
 *
 * @since 0.1.0
 */
public interface IoQueue extends AutoCloseable {

    /** {@link #issuedAtNanos(int)} of a queue that does not time its submissions. */
    long NOT_TIMED = Long.MIN_VALUE;

    /** {@return the most I/Os this queue keeps in flight, {@code >= 1}} */
    int depth();

    /**
     * Whether this queue records, for every slot it hands to the kernel, when the submission
     * system call returned ({@link #issuedAtNanos(int)}). Constant for the queue's life; asked
     * once, before the first submission. False by default: a synchronous queue (one pread(2) or
     * pwrite(2) per I/O, fio's {@code psync}) has no submission apart from the call that does
     * the I/O, so fio reports no {@code slat} for it.
     *
     * @return true when {@link #issuedAtNanos(int)} is meaningful
     */
    default boolean timesSubmission() {
        return false;
    }

    /**
     * When the system call that handed the slot's last queued I/O to the kernel returned (fio's
     * {@code issue_time}, taken after io_submit(2) or io_uring_enter(2) returns; the fio HOWTO's
     * {@code slat} "for asynchronous ioengines ... includes the time up through the completion of
     * the ioengine's queue function (and commit function if it is defined)"), in
     * {@link System#nanoTime()} nanoseconds. One clock reading per system call
     * that submitted, shared by every I/O it submitted. Valid from the return of
     * {@link #awaitCompletions} that reports the slot's completion until the slot is submitted
     * again.
     *
     * @param slot a slot of this queue, {@code [0, depth)}
     * @return the {@link System#nanoTime()} of that return, or {@link #NOT_TIMED} when this queue
     *     does not time submissions (the default)
     */
    default long issuedAtNanos(int slot) {
        return NOT_TIMED;
    }

    /**
     * {@return the queue's meter of the I/Os it had in the kernel, sampled per submitting call,
     * or null when it keeps none (the default: a synchronous queue has exactly one I/O in flight
     * while it works)}
     */
    default InFlightMeter inFlightMeter() {
        return null;
    }

    /**
     * Tells the queue, before the first submission, which buffers all its I/O will use, so that
     * it can register them with the kernel (io_uring's IORING_REGISTER_BUFFERS, fio's
     * {@code fixedbufs}: the pages are pinned once instead of on every I/O). Optional: the
     * default registers nothing.
     *
     * @param buffers buffers from the same backend, each used whole or in part by the
     *     submissions that follow
     * @return whether they were registered
     */
    default boolean registerBuffers(List<AlignedBuffer> buffers) {
        return false;
    }

    /**
     * {@return how this queue does its I/O beyond the engine's name, for reports (for example
     * {@code registered file, 2 registered buffers; submits every queued I/O in one call});
     * empty by default}
     */
    default String description() {
        return "";
    }

    /**
     * Queues a positional read (pread(2) semantics) into {@code dst}.
     *
     * @param slot the I/O's slot, in {@code [0, depth)}, not in flight
     * @param dst buffer from the same backend; untouched by the caller until completion
     * @param dstOffset first byte of {@code dst} to fill
     * @param length bytes to read, {@code > 0}
     * @param position file offset in bytes
     * @throws IOException if the submission failed (message names the call and errno)
     */
    void submitRead(int slot, AlignedBuffer dst, long dstOffset, long length, long position)
            throws IOException;

    /**
     * Queues a positional write (pwrite(2) semantics) from {@code src}.
     *
     * @param slot the I/O's slot, in {@code [0, depth)}, not in flight
     * @param src buffer from the same backend; unchanged by the caller until completion
     * @param srcOffset first byte of {@code src} to write
     * @param length bytes to write, {@code > 0}
     * @param position file offset in bytes
     * @throws IOException if the submission failed; ENOSPC must be recognisable (message carries
     *     {@code ENOSPC} or {@code No space left on device})
     */
    void submitWrite(int slot, AlignedBuffer src, long srcOffset, long length, long position)
            throws IOException;

    /**
     * Submits whatever is queued, then waits until at least {@code minCompletions} I/Os have
     * completed and returns those that have, at most {@code slots.length}.
     *
     * @param minCompletions completions to wait for, {@code >= 1} and at most the I/Os in flight
     * @param slots receives the slot of each completion
     * @param bytes receives the bytes each completion transferred: {@code > 0}, or -1 for a read
     *     at end of file
     * @return the number of completions written to {@code slots} and {@code bytes}
     * @throws IOException if waiting failed or a completed I/O failed (message names the call and
     *     errno; ENOSPC recognisable); the queue is then unusable and must be closed
     */
    int awaitCompletions(int minCompletions, int[] slots, long[] bytes) throws IOException;

    /**
     * Waits for (or cancels) the I/Os still in flight and releases the queue. Idempotent. The
     * test file itself stays open.
     *
     * @throws IOException if releasing failed
     */
    @Override
    void close() throws IOException;
}
