package io.github.drivespeed.internal.io;

import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.spi.IoQueue;
import io.github.drivespeed.spi.TimedTransfers;
import java.io.IOException;

/**
 * Queue depth 1 over any backend's synchronous calls (fio's {@code psync}): a submission makes
 * the {@link FileHandle#read}/{@link FileHandle#write} call at once and the next
 * {@link #awaitCompletions} returns its result. Lets the I/O loop treat synchronous and
 * asynchronous I/O alike.
 */
public final class BlockingIoQueue implements IoQueue {

    /** I/Os per batch of the backend's timed loop: 256 KiB of 4 KiB blocks. */
    static final int TIMED_BATCH_CAPACITY = 64;

    private final FileHandle file;
    private TimedTransfers timedTransfers;
    private boolean timedTransfersAsked;
    private int completedSlot = -1;
    private long completedBytes;

    /**
     * A queue of depth 1 over {@code file}'s synchronous calls.
     *
     * @param file the open file each submission reads or writes
     */
    public BlockingIoQueue(FileHandle file) {
        this.file = file;
    }

    @Override
    public int depth() {
        return 1;
    }

    @Override
    public void submitRead(int slot, AlignedBuffer dst, long dstOffset, long length,
            long position) throws IOException {
        completedBytes = file.read(dst, dstOffset, length, position);
        completedSlot = slot;
    }

    @Override
    public void submitWrite(int slot, AlignedBuffer src, long srcOffset, long length,
            long position) throws IOException {
        completedBytes = file.write(src, srcOffset, length, position);
        completedSlot = slot;
    }

    @Override
    public int awaitCompletions(int minCompletions, int[] slots, long[] bytes) {
        if (completedSlot < 0) {
            throw new IllegalStateException("nothing was submitted");
        }
        slots[0] = completedSlot;
        bytes[0] = completedBytes;
        completedSlot = -1;
        return 1;
    }

    /**
     * The backend's loop of timed transfers on this queue's file ({@link
     * FileHandle#timedTransfers}), asked for once and closed with this queue.
     *
     * @return the loop, or null where the backend has none
     */
    TimedTransfers timedTransfers() {
        if (!timedTransfersAsked) {
            timedTransfersAsked = true;
            timedTransfers = file.timedTransfers(TIMED_BATCH_CAPACITY).orElse(null);
        }
        return timedTransfers;
    }

    /** Frees the backend's timed loop, if one was made; nothing is ever left in flight. */
    @Override
    public void close() {
        if (timedTransfers != null) {
            timedTransfers.close();
            timedTransfers = null;
        }
    }
}
