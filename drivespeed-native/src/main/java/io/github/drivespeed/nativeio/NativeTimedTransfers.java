package io.github.drivespeed.nativeio;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.TimedTransfers;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * {@link TimedTransfers} in the JNI stub: one call into native code runs a batch of pread(2) or
 * pwrite(2) system calls on one descriptor, each timed with the C library's
 * clock_gettime(CLOCK_MONOTONIC) (the clock of {@link System#nanoTime()}, through the vDSO: no
 * system call), and stops at the deadline or at the first I/O that moved other than its length.
 * The I/Os' positions and addresses, their times and the stopping result live in native memory
 * this object owns (8 bytes each), written and read through a direct buffer: no Java array is
 * pinned while a system call runs, so a slow I/O never holds up the garbage collector.
 */
final class NativeTimedTransfers implements TimedTransfers {

    /** The C library's clock_gettime(2), for the stub to call through a pointer. */
    private static final long CLOCK_GETTIME = Pointer.nativeValue(
            Function.getFunction(Platform.C_LIBRARY_NAME, "clock_gettime"));

    private final int fd;
    private final int capacity;
    private final Memory memory;
    private final ByteBuffer view;
    private final long positions;
    private final long addresses;
    private final long times;
    private final long status;
    private final int timesAt;
    private final int statusAt;
    private boolean closed;

    /**
     * A loop of up to {@code capacity} I/Os on {@code fd}.
     *
     * @param fd an open descriptor, owned by the caller, open at least as long as this loop
     * @param capacity I/Os per call, {@code >= 1}
     */
    NativeTimedTransfers(int fd, int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1: " + capacity);
        }
        this.fd = fd;
        this.capacity = capacity;
        int bytes = Long.BYTES * (3 * capacity + 2);
        this.memory = new Memory(bytes);
        this.view = memory.getByteBuffer(0, bytes).order(ByteOrder.nativeOrder());
        long base = Pointer.nativeValue(memory);
        this.positions = base;
        this.addresses = base + (long) Long.BYTES * capacity;
        this.timesAt = Long.BYTES * 2 * capacity;
        this.times = base + timesAt;
        this.statusAt = Long.BYTES * (3 * capacity + 1);
        this.status = base + statusAt;
    }

    @Override
    public int capacity() {
        return capacity;
    }

    @Override
    public void set(int index, AlignedBuffer buffer, long bufferOffset, long length,
            long position) {
        if (index < 0 || index >= capacity) {
            throw new IndexOutOfBoundsException("I/O " + index + " of " + capacity);
        }
        long address = NativeAlignedBuffer.of(buffer).address(bufferOffset, length);
        view.putLong(Long.BYTES * index, position);
        view.putLong(Long.BYTES * (capacity + index), address);
    }

    @Override
    public int transfer(boolean write, long length, int from, int to, long deadlineNanos) {
        if (closed) {
            throw new IllegalStateException("timed transfers already closed");
        }
        if (length <= 0 || from < 0 || from > to || to > capacity) {
            throw new IllegalArgumentException("I/Os [" + from + ", " + to + ") of " + capacity
                    + ", length " + length);
        }
        return JniCalls.timedTransfers(fd, write ? 1 : 0, length, positions, addresses, times,
                status, from, to, CLOCK_GETTIME, deadlineNanos);
    }

    @Override
    public long timeNanos(int index) {
        return view.getLong(timesAt + Long.BYTES * index);
    }

    @Override
    public long stopResult() {
        return view.getLong(statusAt);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            memory.close();
        }
    }
}
