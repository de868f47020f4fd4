package io.github.drivespeed.spi;

import java.io.IOException;

/**
 * Several reads and writes of one test file in flight at once from one thread: asynchronous
 * I/O, as Linux AIO does it with io_submit(2) and io_getevents(2) (fio's {@code ioengine=libaio}
 * with {@code iodepth=N}). Obtained from {@link FileHandle#openQueue(int)} on a backend that has
 * {@link Capability#ASYNC_IO}; used by one thread at a time.
 *
 * <p>Every I/O in flight occupies a <em>slot</em>, a number in {@code [0, depth)} chosen by the
 * engine; a slot is reused only after {@link #awaitCompletions} returned its completion. The
 * engine times each I/O from just before its submission to just after the call that returned its
 * completion (fio's clat plus slat), so an implementation should not delay submissions: it may
 * batch them, but must submit everything queued before it waits.
 *
 * <p>As with {@link FileHandle#read}/{@link FileHandle#write}, a completion may report fewer bytes
 * than asked; the engine submits the rest in the same slot. With O_DIRECT, buffer addresses,
 * offsets and lengths are multiples of the backend's direct-I/O alignment.
 */
public interface IoQueue extends AutoCloseable {

    /** @return the most I/Os this queue keeps in flight, {@code >= 1} */
    int depth();

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
