package io.github.drivespeed.internal.io;

import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.FileHandle;

/**
 * The null engine's file (fio's {@code ioengine=null}, engines/null.c): every read and write
 * completes at once with all its bytes and makes no system call, every fdatasync and eviction
 * does nothing. Run through the same I/O loop as a real file, a workload on it measures what the
 * loop itself costs per I/O (offsets, timing, accounting): the floor under every queue-depth-1
 * latency drivespeed reports. It has no backend loop of timed transfers, so the loop is the
 * engine's own. The real file stays open beside it for the run's setup and is never touched by
 * the I/O.
 */
public final class NullFileHandle implements FileHandle {

    private final String displayName;

    /**
     * A null file named as the job's.
     *
     * @param displayName the file the job names, for messages
     */
    public NullFileHandle(String displayName) {
        this.displayName = displayName;
    }

    @Override
    public String displayName() {
        return displayName;
    }

    /** {@return {@code length}: the write completes at once, with no system call} */
    @Override
    public long write(AlignedBuffer src, long srcOffset, long length, long position) {
        return length;
    }

    /** {@return {@code length}: the read completes at once, with no system call} */
    @Override
    public long read(AlignedBuffer dst, long dstOffset, long length, long position) {
        return length;
    }

    /** Does nothing: nothing was written. */
    @Override
    public void dataSync() {
    }

    /** {@return true: nothing was read, so no page of the file is cached by this engine} */
    @Override
    public boolean evictPages() {
        return true;
    }

    /** Does nothing: the real file is closed by its owner. */
    @Override
    public void close() {
    }
}
