package io.github.drivespeed.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.IoQueue;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * An {@link IoQueue} on Linux AIO for one file descriptor (fio's {@code ioengine=libaio}): one
 * {@code struct iocb} per slot, all those queued handed to one io_submit(2) just before waiting;
 * completions
 * taken from the context's ring in user space ({@link AioCompletionRing}, fio's
 * {@code userspace_reap}) and waited for with io_getevents(2) only when none is there. With
 * O_DIRECT the I/Os really are in flight together; on a buffered file the kernel completes them
 * inside io_submit.
 *
 * <p>Layouts ({@code include/uapi/linux/aio_abi.h}, little-endian; the same on 64-bit and 32-bit
 * Linux, whose {@code aio_buf} is a {@code __u64} too): {@code struct iocb} is 64 bytes: aio_data
 * at 0, aio_lio_opcode (u16) at 16, aio_fildes (u32) at 20, aio_buf at 24, aio_nbytes at 32,
 * aio_offset at 40, the rest zero; {@code struct io_event} is 32 bytes: data at 0, obj at 8, res
 * (s64: bytes, or -errno) at 16, res2 at 24. IOCB_CMD_PREAD is 0, PWRITE 1. io_submit(2) takes an
 * array of {@code struct iocb *}, whose elements are as wide as a pointer (4 bytes on 32-bit
 * Linux). Checked against each architecture's headers by the tests.
 */
final class AioQueue extends NativeQueue {

    static final int IOCB_BYTES = 64;
    static final int IOCB_DATA = 0;
    static final int IOCB_LIO_OPCODE = 16;
    static final int IOCB_FILDES = 20;
    static final int IOCB_BUF = 24;
    static final int IOCB_NBYTES = 32;
    static final int IOCB_OFFSET = 40;
    static final int EVENT_BYTES = 32;
    static final int EVENT_DATA = 0;
    static final int EVENT_RES = 16;
    static final short IOCB_CMD_PREAD = 0;
    static final short IOCB_CMD_PWRITE = 1;

    private final LinuxAio aio;
    private final Memory memory;
    private final ByteBuffer iocbs;
    private final ByteBuffer batchPointers;
    private final ByteBuffer events;
    private final long batchPointersAddress;
    private final long eventsAddress;
    private final long context;
    private final AioCompletionRing ring;
    private final int[] pending;
    private final long iocbsAddress;
    private final int pointerBytes;
    private int pendingCount;
    private int inFlight;
    private boolean closed;

    /**
     * Sets up a context for {@code depth} I/Os (io_setup(2)).
     *
     * @throws IOException if io_setup fails (EAGAIN: fs.aio-max-nr reached; ENOSYS: no AIO)
     */
    AioQueue(LinuxAio aio, LinuxConstants constants, Libc libc, int fd, String displayName,
            int depth) throws IOException {
        super(libc, displayName, depth);
        this.aio = aio;
        this.pointerBytes = constants.pointerBytes();
        long iocbBytes = (long) depth * IOCB_BYTES;
        long pointerArrayBytes = (long) depth * pointerBytes;
        long eventBytes = (long) depth * EVENT_BYTES;
        this.memory = new Memory(iocbBytes + pointerArrayBytes + eventBytes + Long.BYTES);
        memory.clear();
        long base = Pointer.nativeValue(memory);
        this.iocbsAddress = base;
        this.batchPointersAddress = base + iocbBytes;
        this.eventsAddress = batchPointersAddress + pointerArrayBytes;
        long contextAddress = eventsAddress + eventBytes;
        this.iocbs = memory.getByteBuffer(0, iocbBytes).order(ByteOrder.nativeOrder());
        this.batchPointers = memory.getByteBuffer(iocbBytes, pointerArrayBytes)
                .order(ByteOrder.nativeOrder());
        this.events = memory.getByteBuffer(iocbBytes + pointerArrayBytes, eventBytes)
                .order(ByteOrder.nativeOrder());
        this.pending = new int[depth];
        if (aio.setup(depth, contextAddress) != 0) {
            int errno = libc.errno();
            memory.close();
            throw Errno.exception(libc, "io_setup(" + depth + ")", displayName, errno);
        }
        this.context = aio.context(memory, contextAddress - base);
        this.ring = AioCompletionRing.of(context);
        for (int slot = 0; slot < depth; slot++) {
            int at = slot * IOCB_BYTES;
            iocbs.putLong(at + IOCB_DATA, slot);          // aio_data: the slot
            iocbs.putInt(at + IOCB_FILDES, fd);
        }
    }

    /** Writes element {@code index} of an array of pointers, as wide as this system's. */
    private void putPointer(ByteBuffer array, int index, long address) {
        if (pointerBytes == Long.BYTES) {
            array.putLong(index * Long.BYTES, address);
        } else {
            array.putInt(index * Integer.BYTES, (int) address);
        }
    }

    @Override
    void queue(int slot, boolean write, NativeAlignedBuffer buffer, long address, long count,
            long position) throws IOException {
        int at = slot * IOCB_BYTES;
        iocbs.putShort(at + IOCB_LIO_OPCODE, write ? IOCB_CMD_PWRITE : IOCB_CMD_PREAD);
        iocbs.putLong(at + IOCB_BUF, address);
        iocbs.putLong(at + IOCB_NBYTES, count);
        iocbs.putLong(at + IOCB_OFFSET, position);
        pending[pendingCount++] = slot;
    }

    @Override
    int queued() {
        return pendingCount;
    }

    /** Submits every queued iocb, in order, in one io_submit(2) where the kernel takes them all. */
    @Override
    void submitQueued() throws IOException {
        int count = pendingCount;
        for (int i = 0; i < count; i++) {
            putPointer(batchPointers, i, iocbsAddress + (long) pending[i] * IOCB_BYTES);
        }
        pendingCount = 0;
        submit(batchPointersAddress, count);
    }

    /**
     * io_submit(2) of {@code count} iocbs from {@code pointers}, looping over partial submissions
     * and EINTR; each call that took iocbs is timed once, for all it took.
     */
    private void submit(long pointers, int count) throws IOException {
        int done = 0;
        while (done < count) {
            long called = System.nanoTime();
            long n = aio.submit(context, count - done, pointers + (long) done * pointerBytes);
            if (n > 0) {
                long now = System.nanoTime();
                for (int i = done; i < done + (int) n; i++) {
                    issued(pending[i], now);
                }
                done += (int) n;
                inFlight += (int) n;
                submittedInFlight(called, now, inFlight, ring != null ? ring.available() : 0);
                continue;
            }
            int errno = n == 0 ? Errno.EAGAIN : (int) -n;
            if (errno == Errno.EINTR) {
                continue;
            }
            int slot = pending[done];
            throw Errno.exception(libc, "io_submit (asynchronous " + operation(slot) + ")",
                    displayName, errno);
        }
    }

    @Override
    public int awaitCompletions(int minCompletions, int[] slots, long[] bytes)
            throws IOException {
        if (pendingCount > 0) {
            submitQueued();
        }
        int max = Math.min(Math.min(slots.length, bytes.length), inFlight);
        int n = ring != null ? ring.reap(max, slots, bytes, 0) : 0;
        int wanted = Math.min(minCompletions, max);
        boolean waited = n < wanted;
        if (waited) {
            long got;
            while ((got = aio.getEvents(context, wanted - n, max - n, eventsAddress)) < 0) {
                if (got != -Errno.EINTR) {
                    inFlight -= n;
                    throw Errno.exception(libc, "io_getevents", displayName, (int) -got);
                }
            }
            for (int i = 0; i < got; i++) {
                int at = i * EVENT_BYTES;
                slots[n + i] = (int) events.getLong(at + EVENT_DATA);
                bytes[n + i] = events.getLong(at + EVENT_RES);
            }
            n += (int) got;
        }
        inFlight -= n;
        reapedInFlight(inFlight, ring != null ? ring.available() : 0, waited);
        toBytes(n, slots, bytes, "io_getevents");
        return n;
    }

    @Override
    public String description() {
        return ring != null ? "completions reaped from the ring in user space; " + batching()
                : "completions read with io_getevents(2); " + batching();
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
