package io.github.drivespeed.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.IoQueue;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * An {@link IoQueue} on Linux AIO for one file descriptor: one {@code struct iocb} per slot,
 * submitted in batches with io_submit(2) just before waiting, completions reaped with
 * io_getevents(2). With O_DIRECT the I/Os really are in flight together; on a buffered file the
 * kernel completes them inside io_submit (as with fio's libaio engine).
 *
 * <p>Layouts ({@code include/uapi/linux/aio_abi.h}, little-endian 64-bit): {@code struct iocb}
 * is 64 bytes: aio_data at 0, aio_lio_opcode (u16) at 16, aio_fildes (u32) at 20, aio_buf at 24,
 * aio_nbytes at 32, aio_offset at 40, the rest zero; {@code struct io_event} is 32 bytes: data at
 * 0, obj at 8, res (s64: bytes, or -errno) at 16, res2 at 24. IOCB_CMD_PREAD is 0, PWRITE 1.
 */
final class AioQueue implements IoQueue {

    static final int IOCB_BYTES = 64;
    static final int EVENT_BYTES = 32;
    private static final short IOCB_CMD_PREAD = 0;
    private static final short IOCB_CMD_PWRITE = 1;

    private final LinuxAio aio;
    private final Libc libc;
    private final int fd;
    private final String displayName;
    private final int depth;
    private final Memory memory;
    private final ByteBuffer iocbs;
    private final ByteBuffer pointers;
    private final ByteBuffer events;
    private final long iocbsAddress;
    private final long pointersAddress;
    private final long eventsAddress;
    private final long context;
    private final boolean[] writes;
    private final int[] pending;
    private int pendingCount;
    private int inFlight;
    private boolean closed;

    /**
     * Sets up a context for {@code depth} I/Os (io_setup(2)).
     *
     * @throws IOException if io_setup fails (EAGAIN: fs.aio-max-nr reached; ENOSYS: no AIO)
     */
    AioQueue(LinuxAio aio, Libc libc, int fd, String displayName, int depth) throws IOException {
        if (depth < 1) {
            throw new IllegalArgumentException("depth must be >= 1: " + depth);
        }
        this.aio = aio;
        this.libc = libc;
        this.fd = fd;
        this.displayName = displayName;
        this.depth = depth;
        long iocbBytes = (long) depth * IOCB_BYTES;
        long pointerBytes = (long) depth * Long.BYTES;
        long eventBytes = (long) depth * EVENT_BYTES;
        this.memory = new Memory(iocbBytes + pointerBytes + eventBytes + Long.BYTES);
        memory.clear();
        long base = Pointer.nativeValue(memory);
        this.iocbsAddress = base;
        this.pointersAddress = base + iocbBytes;
        this.eventsAddress = pointersAddress + pointerBytes;
        long contextAddress = eventsAddress + eventBytes;
        this.iocbs = memory.getByteBuffer(0, iocbBytes).order(ByteOrder.nativeOrder());
        this.pointers = memory.getByteBuffer(iocbBytes, pointerBytes).order(ByteOrder.nativeOrder());
        this.events = memory.getByteBuffer(iocbBytes + pointerBytes, eventBytes)
                .order(ByteOrder.nativeOrder());
        this.writes = new boolean[depth];
        this.pending = new int[depth];
        if (aio.setup(depth, contextAddress) != 0) {
            int errno = libc.errno();
            memory.close();
            throw Errno.exception(libc, "io_setup(" + depth + ")", displayName, errno);
        }
        this.context = memory.getLong(contextAddress - base);
        for (int slot = 0; slot < depth; slot++) {
            int at = slot * IOCB_BYTES;
            iocbs.putLong(at, slot);                      // aio_data: the slot
            iocbs.putInt(at + 20, fd);                    // aio_fildes
        }
    }

    @Override
    public int depth() {
        return depth;
    }

    @Override
    public void submitRead(int slot, AlignedBuffer dst, long dstOffset, long length,
            long position) {
        queue(slot, false, dst, dstOffset, length, position);
    }

    @Override
    public void submitWrite(int slot, AlignedBuffer src, long srcOffset, long length,
            long position) {
        queue(slot, true, src, srcOffset, length, position);
    }

    private void queue(int slot, boolean write, AlignedBuffer buffer, long offset, long length,
            long position) {
        if (!(buffer instanceof NativeAlignedBuffer)) {
            throw new IllegalArgumentException("buffer was not allocated by the native backend: "
                    + buffer.getClass().getName());
        }
        long count = Math.min(length, LinuxConstants.MAX_RW_COUNT & -(long) buffer.alignmentBytes());
        long address = ((NativeAlignedBuffer) buffer).address(offset, count);
        int at = slot * IOCB_BYTES;
        iocbs.putShort(at + 16, write ? IOCB_CMD_PWRITE : IOCB_CMD_PREAD);
        iocbs.putLong(at + 24, address);
        iocbs.putLong(at + 32, count);
        iocbs.putLong(at + 40, position);
        writes[slot] = write;
        pending[pendingCount++] = slot;
    }

    /** Submits every queued iocb, in order, looping over partial submissions and EINTR. */
    private void flush() throws IOException {
        for (int i = 0; i < pendingCount; i++) {
            pointers.putLong(i * Long.BYTES, iocbsAddress + (long) pending[i] * IOCB_BYTES);
        }
        int done = 0;
        while (done < pendingCount) {
            long n = aio.submit(context, pendingCount - done,
                    pointersAddress + (long) done * Long.BYTES);
            if (n > 0) {
                done += (int) n;
                inFlight += (int) n;
                continue;
            }
            int errno = n == 0 ? Errno.EAGAIN : libc.errno();
            if (errno == Errno.EINTR) {
                continue;
            }
            pendingCount = 0;
            throw Errno.exception(libc, "io_submit (asynchronous "
                    + (writes[pending[done]] ? "pwrite" : "pread") + ")", displayName, errno);
        }
        pendingCount = 0;
    }

    @Override
    public int awaitCompletions(int minCompletions, int[] slots, long[] bytes)
            throws IOException {
        flush();
        int max = Math.min(Math.min(slots.length, bytes.length), inFlight);
        long n;
        while ((n = aio.getEvents(context, Math.min(minCompletions, max), max, eventsAddress)) < 0) {
            int errno = libc.errno();
            if (errno != Errno.EINTR) {
                throw Errno.exception(libc, "io_getevents", displayName, errno);
            }
        }
        int count = (int) n;
        inFlight -= count;
        IOException failure = null;
        for (int i = 0; i < count; i++) {
            int at = i * EVENT_BYTES;
            int slot = (int) events.getLong(at);
            long res = events.getLong(at + 16);
            slots[i] = slot;
            if (res < 0 && failure == null) {
                failure = Errno.exception(libc, "asynchronous " + (writes[slot] ? "pwrite" : "pread")
                        + " (io_getevents)", displayName, (int) -res);
            }
            bytes[i] = res > 0 ? res : writes[slot] ? 0 : -1;
        }
        if (failure != null) {
            throw failure;
        }
        return count;
    }

    /** io_destroy(2), which waits for what is still in flight, then frees the iocbs. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        long result = aio.destroy(context);
        int errno = result == 0 ? 0 : libc.errno();
        memory.close();
        if (result != 0) {
            throw Errno.exception(libc, "io_destroy", displayName, errno);
        }
    }
}
