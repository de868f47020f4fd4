package io.github.drivespeed.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One io_uring instance as the kernel sets it up (io_uring(7), io_uring_setup(2)): the ring's
 * file descriptor and the three regions mapped from it with mmap(2): the submission ring (head,
 * tail, mask and the array of SQE indices), the completion ring (head, tail, mask and the
 * 16-byte CQEs; the same mapping as the submission ring where the kernel has
 * IORING_FEAT_SINGLE_MMAP) and the 64-byte SQEs. Set up and registered through glibc's
 * {@code syscall(2)} ({@link Libc#syscall}); the per-I/O io_uring_enter(2) is the queue's
 * business. The structures below have the same layout on 64-bit and 32-bit Linux (fixed-width
 * fields only; checked against each architecture's headers by the tests).
 *
 * <p>Layouts ({@code include/uapi/linux/io_uring.h}): {@code struct io_uring_params} is 120
 * bytes: sq_entries at 0, cq_entries at 4, flags at 8, features at 20, {@code struct
 * io_sqring_offsets} at 40 (head, tail, ring_mask, ring_entries, flags, dropped, array: u32 each)
 * and {@code struct io_cqring_offsets} at 80 (head, tail, ring_mask, ring_entries, overflow,
 * cqes, flags).
 */
final class UringRings implements AutoCloseable {

    static final long IORING_OFF_SQ_RING = 0L;
    static final long IORING_OFF_CQ_RING = 0x8000000L;
    static final long IORING_OFF_SQES = 0x10000000L;
    static final int IORING_SETUP_SQPOLL = 1 << 1;
    static final int IORING_SETUP_COOP_TASKRUN = 1 << 8;
    static final int IORING_FEAT_SINGLE_MMAP = 1;
    static final int IORING_REGISTER_BUFFERS = 0;
    static final int IORING_REGISTER_FILES = 2;
    static final int IORING_UNREGISTER_FILES = 3;
    static final int SQE_BYTES = 64;
    static final int CQE_BYTES = 16;
    /** MAP_POPULATE, include/uapi/asm-generic/mman.h (x86_64, aarch64 and arm): fault the rings in now. */
    static final int MAP_POPULATE = 0x8000;
    /** {@code sizeof(struct io_uring_params)} and the offsets of the fields read here. */
    static final int PARAMS_BYTES = 120;
    static final int PARAMS_SQ_ENTRIES = 0;
    static final int PARAMS_CQ_ENTRIES = 4;
    static final int PARAMS_FLAGS = 8;
    static final int PARAMS_FEATURES = 20;
    static final int PARAMS_SQ_OFF_HEAD = 40;
    static final int PARAMS_SQ_OFF_TAIL = 44;
    static final int PARAMS_SQ_OFF_RING_MASK = 48;
    static final int PARAMS_SQ_OFF_FLAGS = 56;
    static final int PARAMS_SQ_OFF_ARRAY = 64;
    static final int PARAMS_CQ_OFF_HEAD = 80;
    static final int PARAMS_CQ_OFF_TAIL = 84;
    static final int PARAMS_CQ_OFF_RING_MASK = 88;
    static final int PARAMS_CQ_OFF_CQES = 100;
    private static final Path DISABLED_SYSCTL = Path.of("/proc/sys/kernel/io_uring_disabled");

    /** The ring's file descriptor. */
    final int ringFd;
    /** SQEs in the submission ring (the kernel's rounding of the entries asked for). */
    final int sqEntries;
    /** The submission ring, the completion ring (may be the same memory) and the SQEs. */
    final ByteBuffer sqRing;
    final ByteBuffer cqRing;
    final ByteBuffer sqes;
    /** Byte offsets in {@link #sqRing} of its head, tail, flags and SQE-index array. */
    final int sqHead;
    final int sqTail;
    final int sqFlags;
    final int sqArray;
    /** Whether a kernel thread polls the submission ring (IORING_SETUP_SQPOLL was granted). */
    final boolean sqPolled;
    /** The submission ring's mask (entries - 1), as the kernel keeps it in the ring. */
    final int sqMask;
    /** Byte offsets in {@link #cqRing} of its head, tail and CQE array. */
    final int cqHead;
    final int cqTail;
    final int cqes;
    /** The completion ring's mask. */
    final int cqMask;
    private final Libc libc;
    private final SyscallNumbers numbers;
    private final long sqRingAddress;
    private final long sqRingBytes;
    private final long cqRingAddress;
    private final long cqRingBytes;
    private final long sqesAddress;
    private final long sqesBytes;
    private boolean closed;

    private UringRings(Libc libc, SyscallNumbers numbers, int ringFd, Pointer params,
            long[] mapped) {
        this.libc = libc;
        this.numbers = numbers;
        this.ringFd = ringFd;
        this.sqEntries = params.getInt(PARAMS_SQ_ENTRIES);
        this.sqHead = params.getInt(PARAMS_SQ_OFF_HEAD);
        this.sqTail = params.getInt(PARAMS_SQ_OFF_TAIL);
        this.sqFlags = params.getInt(PARAMS_SQ_OFF_FLAGS);
        this.sqPolled = (params.getInt(PARAMS_FLAGS) & IORING_SETUP_SQPOLL) != 0;
        this.sqArray = params.getInt(PARAMS_SQ_OFF_ARRAY);
        this.cqHead = params.getInt(PARAMS_CQ_OFF_HEAD);
        this.cqTail = params.getInt(PARAMS_CQ_OFF_TAIL);
        this.cqes = params.getInt(PARAMS_CQ_OFF_CQES);
        this.sqRingAddress = mapped[0];
        this.sqRingBytes = mapped[1];
        this.cqRingAddress = mapped[2];
        this.cqRingBytes = mapped[3];
        this.sqesAddress = mapped[4];
        this.sqesBytes = mapped[5];
        this.sqRing = view(sqRingAddress, sqRingBytes);
        this.cqRing = view(cqRingAddress, cqRingBytes);
        this.sqes = view(sqesAddress, sqesBytes);
        // the offsets point into the rings, where the kernel keeps the masks
        this.sqMask = sqRing.getInt(params.getInt(PARAMS_SQ_OFF_RING_MASK));
        this.cqMask = cqRing.getInt(params.getInt(PARAMS_CQ_OFF_RING_MASK));
    }

    private static ByteBuffer view(long address, long bytes) {
        return new Pointer(address).getByteBuffer(0, bytes).order(ByteOrder.nativeOrder());
    }

    /**
     * Why io_uring cannot be set up here, if it cannot: no system-call numbers for the
     * architecture, or an io_uring_setup(2) of one entry that fails (ENOSYS: the kernel has no
     * io_uring; EPERM: refused by {@code kernel.io_uring_disabled}, or by a seccomp filter, as
     * container runtimes install). Probed anew on each call: the sysctl can change at any time.
     *
     * @param r the runtime
     * @return empty when a ring can be set up, else why not
     */
    static Optional<String> unavailableReason(NativeRuntime r) {
        SyscallNumbers numbers = SyscallNumbers.forArchitecture(r.constants()).orElse(null);
        if (numbers == null) {
            return Optional.of("no io_uring system-call numbers for "
                    + r.constants().architecture());
        }
        try (Memory params = new Memory(PARAMS_BYTES)) {
            params.clear();
            long fd = r.libc().syscall(numbers.ioUringSetup(), 1, Pointer.nativeValue(params),
                    0, 0, 0);
            if (fd < 0) {
                return Optional.of(refusal(r.libc(), r.libc().errno()));
            }
            r.libc().close((int) fd);
            return Optional.empty();
        } catch (LinkageError | RuntimeException e) {
            return Optional.of("io_uring_setup(2) could not be called: " + e);
        }
    }

    private static String refusal(Libc libc, int errno) {
        return "io_uring_setup(2): " + Errno.describe(libc, errno) + sysctlNote();
    }

    /** @return {@code "; kernel.io_uring_disabled = N"} where the sysctl exists, else "" */
    private static String sysctlNote() {
        try {
            if (Files.isReadable(DISABLED_SYSCTL)) {
                return "; kernel.io_uring_disabled = " + Files.readString(DISABLED_SYSCTL).trim();
            }
        } catch (IOException e) {
            // the reason stands without the sysctl's value
        }
        return "";
    }

    /**
     * Sets up a ring of at least {@code entries} SQEs (the kernel rounds up to a power of two)
     * with IORING_SETUP_COOP_TASKRUN where the kernel knows it (5.19+: completions are not
     * signalled with an interrupt, the task runs them when it next enters the kernel), or with
     * IORING_SETUP_SQPOLL when {@code sqPoll} (a kernel thread polls the submission ring; the
     * kernel refuses COOP_TASKRUN beside it, and there is no fallback without SQPOLL: it was
     * asked for), and maps its regions.
     *
     * @throws IOException if io_uring_setup(2) or mmap(2) fails, naming the call and errno
     */
    static UringRings setUp(Libc libc, LinuxConstants constants, SyscallNumbers numbers,
            int entries, boolean sqPoll, String displayName) throws IOException {
        try (Memory params = new Memory(PARAMS_BYTES)) {
            long fd = -1;
            int errno = 0;
            int[] tried = sqPoll ? new int[] {IORING_SETUP_SQPOLL}
                    : new int[] {IORING_SETUP_COOP_TASKRUN, 0};
            for (int flags : tried) {
                params.clear();
                params.setInt(PARAMS_FLAGS, flags);
                fd = libc.syscall(numbers.ioUringSetup(), entries, Pointer.nativeValue(params),
                        0, 0, 0);
                if (fd >= 0) {
                    break;
                }
                errno = libc.errno();
                if (errno != Errno.EINVAL) {
                    break;
                }
            }
            if (fd < 0) {
                throw Errno.exception(libc, "io_uring_setup(" + entries
                        + (sqPoll ? ", IORING_SETUP_SQPOLL" : "") + ")" + sysctlNote(),
                        displayName, errno);
            }
            int ringFd = (int) fd;
            long[] mapped = new long[6];
            try {
                map(libc, constants, ringFd, params, mapped, displayName);
            } catch (IOException e) {
                unmap(libc, mapped);
                libc.close(ringFd);
                throw e;
            }
            return new UringRings(libc, numbers, ringFd, params, mapped);
        }
    }

    private static void map(Libc libc, LinuxConstants c, int ringFd, Pointer params,
            long[] mapped, String displayName) throws IOException {
        int sqEntries = params.getInt(PARAMS_SQ_ENTRIES);
        int cqEntries = params.getInt(PARAMS_CQ_ENTRIES);
        boolean single = (params.getInt(PARAMS_FEATURES) & IORING_FEAT_SINGLE_MMAP) != 0;
        long sqBytes = params.getInt(PARAMS_SQ_OFF_ARRAY) + (long) sqEntries * Integer.BYTES;
        long cqBytes = params.getInt(PARAMS_CQ_OFF_CQES) + (long) cqEntries * CQE_BYTES;
        if (single) {
            sqBytes = cqBytes = Math.max(sqBytes, cqBytes);
        }
        mapped[1] = sqBytes;
        mapped[0] = mmap(libc, c, ringFd, sqBytes, IORING_OFF_SQ_RING, displayName);
        mapped[3] = cqBytes;
        mapped[2] = single ? mapped[0]
                : mmap(libc, c, ringFd, cqBytes, IORING_OFF_CQ_RING, displayName);
        mapped[5] = (long) sqEntries * SQE_BYTES;
        mapped[4] = mmap(libc, c, ringFd, mapped[5], IORING_OFF_SQES, displayName);
    }

    private static long mmap(Libc libc, LinuxConstants c, int fd, long bytes, long offset,
            String displayName) throws IOException {
        long address = libc.mmap(0, bytes, c.protRead() | c.protWrite(),
                c.mapShared() | MAP_POPULATE, fd, offset);
        if (address == -1) {
            throw Errno.exception(libc, "mmap(io_uring region 0x" + Long.toHexString(offset)
                    + ")", displayName, libc.errno());
        }
        return address;
    }

    private static void unmap(Libc libc, long[] mapped) {
        if (mapped[0] != 0) {
            libc.munmap(mapped[0], mapped[1]);
        }
        if (mapped[2] != 0 && mapped[2] != mapped[0]) {
            libc.munmap(mapped[2], mapped[3]);
        }
        if (mapped[4] != 0) {
            libc.munmap(mapped[4], mapped[5]);
        }
    }

    /**
     * io_uring_register(2).
     *
     * @return empty on success, else the errno's description
     */
    Optional<String> register(int opcode, long argument, int count) {
        long r = libc.syscall(numbers.ioUringRegister(), ringFd, opcode, argument, count, 0);
        return r < 0 ? Optional.of(Errno.describe(libc, libc.errno())) : Optional.empty();
    }

    /** Unmaps the regions and closes the ring (which releases registered files and buffers). */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        unmap(libc, new long[] {sqRingAddress, sqRingBytes, cqRingAddress, cqRingBytes,
            sqesAddress, sqesBytes});
        libc.close(ringFd);
    }
}
