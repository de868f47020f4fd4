package io.github.drivespeed.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.IoQueue;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Optional;

/**
 * An {@link IoQueue} on io_uring for one file descriptor (fio's {@code ioengine=io_uring}, with
 * {@code registerfiles} and {@code fixedbufs} where the kernel lets it): slot {@code s} always uses
 * SQE {@code s}; an I/O is an IORING_OP_READ/WRITE (READ_FIXED/WRITE_FIXED from a registered
 * buffer) on the registered file (IOSQE_FIXED_FILE) or the plain descriptor; the SQ tail is
 * published with release ordering and handed to the kernel with one io_uring_enter(2) for all
 * queued, just before waiting (or in parts as they are queued: {@link NativeQueue}); completions are taken from the
 * CQ ring in user space (tail read with acquire, head written with release) and waited for with
 * io_uring_enter(IORING_ENTER_GETEVENTS) only when none is there.
 *
 * <p>SQE layout ({@code struct io_uring_sqe}, 64 bytes): opcode (u8) at 0, flags (u8) at 1, fd at
 * 4, off at 8, addr at 16, len (u32) at 24, rw_flags at 28, user_data at 32, buf_index (u16) at
 * 40. CQE ({@code struct io_uring_cqe}, 16 bytes): user_data at 0, res (s32: bytes, or -errno) at
 * 8, flags at 12. Opcodes: READ_FIXED 4, WRITE_FIXED 5, READ 22, WRITE 23.
 */
final class UringQueue extends NativeQueue {

    static final byte IORING_OP_READ_FIXED = 4;
    static final byte IORING_OP_WRITE_FIXED = 5;
    static final byte IORING_OP_READ = 22;
    static final byte IORING_OP_WRITE = 23;
    static final byte IOSQE_FIXED_FILE = 1;
    /** Offsets in {@code struct io_uring_sqe} and {@code struct io_uring_cqe}. */
    static final int SQE_OPCODE = 0;
    static final int SQE_FLAGS = 1;
    static final int SQE_FD = 4;
    static final int SQE_OFF = 8;
    static final int SQE_ADDR = 16;
    static final int SQE_LEN = 24;
    static final int SQE_USER_DATA = 32;
    static final int SQE_BUF_INDEX = 40;
    static final int CQE_USER_DATA = 0;
    static final int CQE_RES = 8;
    static final int IORING_ENTER_GETEVENTS = 1;
    static final int IORING_ENTER_SQ_WAKEUP = 2;
    /** In the submission ring's flags: the polling thread idled and sleeps. */
    static final int IORING_SQ_NEED_WAKEUP = 1;
    private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class,
            ByteOrder.nativeOrder());

    private final UringRings rings;
    private final IoCalls calls;
    private final LinuxConstants constants;
    private final ByteBuffer sqes;
    private final ByteBuffer sqRing;
    private final ByteBuffer cqRing;
    private final String fileRegistration;
    private final Optional<String> drawback;
    private AlignedBuffer[] registered = new AlignedBuffer[0];
    private String bufferRegistration = "buffers not registered";
    private int lastSlot;
    private int sqTail;
    private int cqHead;
    private int pending;
    private int inFlight;
    private boolean closed;

    /**
     * Sets up a ring of {@code depth} entries and registers the file.
     *
     * @throws IOException if io_uring_setup(2) or mapping the rings fails
     */
    UringQueue(NativeRuntime r, SyscallNumbers numbers, int fd, String displayName, int depth,
            Optional<String> drawback, boolean sqPoll) throws IOException {
        super(r.libc(), displayName, depth);
        this.calls = r.calls();
        this.constants = r.constants();
        this.drawback = drawback;
        this.rings = UringRings.setUp(libc, r.constants(), numbers, depth, sqPoll, displayName);
        this.sqes = rings.sqes;
        this.sqRing = rings.sqRing;
        this.cqRing = rings.cqRing;
        this.sqTail = sqRing.getInt(rings.sqTail);
        this.cqHead = cqRing.getInt(rings.cqHead);
        for (int i = 0; i < sqes.capacity(); i += Long.BYTES) {
            sqes.putLong(i, 0);
        }
        Optional<String> refused;
        try (Memory files = new Memory(Integer.BYTES)) {
            files.setInt(0, fd);
            refused = rings.register(UringRings.IORING_REGISTER_FILES, Pointer.nativeValue(files), 1);
        }
        this.fileRegistration = refused.map(e -> "file not registered (" + e + ")")
                .orElse("registered file");
        for (int slot = 0; slot < depth; slot++) {
            int at = slot * UringRings.SQE_BYTES;
            sqes.put(at + SQE_FLAGS, refused.isEmpty() ? IOSQE_FIXED_FILE : 0);
            sqes.putInt(at + SQE_FD, refused.isEmpty() ? 0 : fd);
            sqes.putLong(at + SQE_USER_DATA, slot);
        }
    }

    /** IORING_REGISTER_BUFFERS: reads and writes from these become READ_FIXED/WRITE_FIXED. */
    @Override
    public boolean registerBuffers(List<AlignedBuffer> buffers) {
        if (inFlight > 0 || pending > 0 || registered.length > 0 || buffers.isEmpty()) {
            return false;
        }
        try (Memory iovecs = new Memory((long) Iovec.bytes(constants) * buffers.size())) {
            for (int i = 0; i < buffers.size(); i++) {
                AlignedBuffer b = buffers.get(i);
                Iovec.put(iovecs, i, NativeAlignedBuffer.of(b).address(0, b.capacityBytes()),
                        b.capacityBytes(), constants);
            }
            Optional<String> refused = rings.register(UringRings.IORING_REGISTER_BUFFERS,
                    Pointer.nativeValue(iovecs), buffers.size());
            if (refused.isPresent()) {
                bufferRegistration = "buffers not registered (" + refused.get() + ")";
                return false;
            }
        }
        registered = buffers.toArray(new AlignedBuffer[0]);
        bufferRegistration = registered.length == 1 ? "1 registered buffer"
                : registered.length + " registered buffers";
        return true;
    }

    @Override
    void queue(int slot, boolean write, NativeAlignedBuffer buffer, long address, long count,
            long position) throws IOException {
        int index = registeredIndex(buffer);
        int at = slot * UringRings.SQE_BYTES;
        sqes.put(at + SQE_OPCODE, index >= 0 ? (write ? IORING_OP_WRITE_FIXED : IORING_OP_READ_FIXED)
                : (write ? IORING_OP_WRITE : IORING_OP_READ));
        sqes.putLong(at + SQE_OFF, position);
        sqes.putLong(at + SQE_ADDR, address);
        sqes.putInt(at + SQE_LEN, (int) count);
        sqes.putShort(at + SQE_BUF_INDEX, (short) Math.max(index, 0));
        lastSlot = slot;
        sqRing.putInt(rings.sqArray + (sqTail & rings.sqMask) * Integer.BYTES, slot);
        INT.setRelease(sqRing, rings.sqTail, ++sqTail);
        pending++;
        if (rings.sqPolled) {
            submitQueued();
        }
    }

    private int registeredIndex(AlignedBuffer buffer) {
        for (int i = 0; i < registered.length; i++) {
            if (registered[i] == buffer) {
                return i;
            }
        }
        return -1;
    }

    private int cqTail() {
        return (int) INT.getAcquire(cqRing, rings.cqTail);
    }

    /**
     * io_uring_enter(2) until the kernel took every SQE published, retrying after EINTR; each
     * call that took SQEs is timed once, for all it took.
     */
    @Override
    int queued() {
        return pending;
    }

    @Override
    void submitQueued() throws IOException {
        if (rings.sqPolled) {
            handToPoller();
            return;
        }
        while (pending > 0) {
            long called = System.nanoTime();
            int n = calls.ioUringEnter(rings.ringFd, pending, 0, 0);
            if (n > 0) {
                long now = System.nanoTime();
                // the kernel takes SQEs in ring order: the oldest pending first
                for (int i = sqTail - pending, end = i + n; i != end; i++) {
                    issued(sqRing.getInt(rings.sqArray + (i & rings.sqMask) * Integer.BYTES),
                            now);
                }
                pending -= n;
                inFlight += n;
                submittedInFlight(called, now, inFlight, cqTail() - cqHead);
            } else if (n != -Errno.EINTR) {
                throw Errno.exception(libc, "io_uring_enter (submitting " + operation(lastSlot)
                        + ")",
                        displayName, n == 0 ? Errno.EAGAIN : -n);
            }
        }
    }

    /**
     * With SQPOLL the I/Os published are the polling thread's: it is woken with
     * io_uring_enter(IORING_ENTER_SQ_WAKEUP) only where it idled and said so in the ring's
     * flags (read after a full fence, as liburing does, so the tail written before is seen by
     * the thread first). Each I/O counts as issued when it was published.
     */
    private void handToPoller() throws IOException {
        long called = System.nanoTime();
        VarHandle.fullFence();
        if ((sqRing.getInt(rings.sqFlags) & IORING_SQ_NEED_WAKEUP) != 0) {
            int r;
            while ((r = calls.ioUringEnter(rings.ringFd, 0, 0, IORING_ENTER_SQ_WAKEUP)) < 0
                    && r == -Errno.EINTR) {
                // woken again
            }
            if (r < 0) {
                throw Errno.exception(libc, "io_uring_enter (waking the SQPOLL thread for "
                        + operation(lastSlot) + ")", displayName, -r);
            }
        }
        long now = System.nanoTime();
        for (int i = sqTail - pending; i != sqTail; i++) {
            issued(sqRing.getInt(rings.sqArray + (i & rings.sqMask) * Integer.BYTES), now);
        }
        inFlight += pending;
        pending = 0;
        submittedInFlight(called, now, inFlight, cqTail() - cqHead);
    }

    @Override
    public int awaitCompletions(int minCompletions, int[] slots, long[] bytes)
            throws IOException {
        if (pending > 0) {
            submitQueued();
        }
        int max = Math.min(Math.min(slots.length, bytes.length), inFlight);
        int wanted = Math.min(minCompletions, max);
        int n = reap(max, slots, bytes, 0);
        boolean waited = n < wanted;
        while (n < wanted) {
            int r = calls.ioUringEnter(rings.ringFd, 0, wanted - n, IORING_ENTER_GETEVENTS);
            if (r < 0 && r != -Errno.EINTR) {
                inFlight -= n;
                throw Errno.exception(libc, "io_uring_enter (waiting for completions)",
                        displayName, -r);
            }
            n += reap(max - n, slots, bytes, n);
        }
        inFlight -= n;
        reapedInFlight(inFlight, cqTail() - cqHead, waited);
        toBytes(n, slots, bytes, "io_uring");
        return n;
    }

    /** Takes the CQEs that are there, at most {@code max}, without a system call. */
    private int reap(int max, int[] slots, long[] results, int at) {
        int head = cqHead;
        int tail = cqTail();
        int n = 0;
        while (head != tail && n < max) {
            int cqe = rings.cqes + (head & rings.cqMask) * UringRings.CQE_BYTES;
            slots[at + n] = (int) cqRing.getLong(cqe + CQE_USER_DATA);
            results[at + n] = cqRing.getInt(cqe + CQE_RES);
            head++;
            n++;
        }
        if (n > 0) {
            cqHead = head;
            INT.setRelease(cqRing, rings.cqHead, head);
        }
        return n;
    }

    @Override
    public String description() {
        return fileRegistration + ", " + bufferRegistration + "; completions reaped from the"
                + " CQ ring in user space; "
                + (rings.sqPolled ? "a kernel thread polls the submission ring"
                        + " (IORING_SETUP_SQPOLL): each I/O is submitted as it is queued, with no"
                        + " system call" : batching())
                + drawback.map(d -> "; " + d).orElse("");
    }

    /**
     * Waits for the I/Os still in flight (their buffers must not be reused while the kernel
     * still writes them), unregisters the file, then unmaps and closes the ring. Idempotent.
     * The file is unregistered first because closing a ring releases what it holds later, from a
     * kernel worker: the test file would stay open a moment after its removal (on FUSE, as a
     * {@code .fuse_hidden} file in the target directory).
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        int[] slots = new int[depth()];
        long[] results = new long[depth()];
        while (inFlight > 0) {
            int r = calls.ioUringEnter(rings.ringFd, 0, inFlight, IORING_ENTER_GETEVENTS);
            if (r < 0 && r != -Errno.EINTR) {
                break;
            }
            inFlight -= reap(inFlight, slots, results, 0);
        }
        if (fileRegistration.equals("registered file")) {
            rings.register(UringRings.IORING_UNREGISTER_FILES, 0, 0);
        }
        rings.close();
    }
}
