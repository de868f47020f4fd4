package io.github.drivespeed.nativeio;

import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.BlockDeviceGeometry;
import io.github.drivespeed.spi.BlockDeviceRequest;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.QueueEngine;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The native I/O backend for Linux (x86_64, aarch64, arm): JNA direct mapping to glibc for what
 * happens once per file, and for the system calls made per I/O (pread64, pwrite64, io_submit,
 * io_getevents, io_uring_enter) drivespeed's JNI stub where it is in the jar and loads
 * ({@link JniStub}; JNA's libffi dispatch costs about 250 ns per call, the stub about 10 ns),
 * else JNA too. {@link #description()} says which route runs and why.
 * <ul>
 *   <li>test files are opened with open(2) and O_DIRECT, O_DSYNC, O_CLOEXEC as asked, as an
 *       unnamed O_TMPFILE where the file system supports it (nothing can be left behind, even by
 *       {@code kill -9}), else as the named file of the request (O_CREAT|O_EXCL, removed on
 *       close);</li>
 *   <li>queue depths above 1 use io_uring (io_uring(7); {@value #IO_URING}) where
 *       io_uring_setup(2) works, else Linux AIO (io_setup(2); {@value #LIBAIO});
 *       {@link #queueEngines()} says which work and why the others do not;</li>
 *   <li>reads and writes are pread(2)/pwrite(2) straight between the file and page-aligned
 *       native memory (anonymous mmap(2)), no copy through the Java heap; one call moves at most
 *       2 GiB - 4 KiB (the kernel's MAX_RW_COUNT), so blocks larger than 2 GiB work by looping;</li>
 *   <li>{@link TestFile#dataSync()} is fdatasync(2); {@link TestFile#evictPages()} is
 *       posix_fadvise(2) POSIX_FADV_DONTNEED, checked with mincore(2);</li>
 *   <li>the direct-I/O alignment comes from statx(2) STATX_DIOALIGN (Linux 6.1+), else the
 *       device's logical block size (see {@link DirectIoAlignment});</li>
 *   <li>{@link #blockDeviceGeometry} uses ioctl(2) BLKGETSIZE64, BLKSSZGET, BLKPBSZGET;
 *       {@link #dropCaches()} is sync(2) and {@code /proc/sys/vm/drop_caches} (root);</li>
 *   <li>{@link #openBlockDevice} opens a device O_RDONLY, or for writing O_RDWR|O_EXCL (which the
 *       kernel refuses with EBUSY while the device is mounted or held); eviction there adds ioctl
 *       BLKFLSBUF (root);</li>
 *   <li>buffers are ordinary pages, as dd's and fio's are; with the system property
 *       {@code drivespeed.native.hugePages=true}, buffers of 64 KiB and more are backed by
 *       transparent huge pages where the kernel allows (see {@link TransparentHugePages}), so
 *       that O_DIRECT requests are as large as the device takes, the same in every run.</li>
 * </ul>
 * Flag values come from a table keyed by architecture ({@link LinuxConstants}); elsewhere, and
 * without JNA, {@link #unavailableReason()} says why and drivespeed uses the pure-Java backend.
 * Found by {@link java.util.ServiceLoader}; constructing it never fails, and this class refers
 * to no JNA type, so that it loads (and reports why it is unavailable) without JNA.
 */
public final class NativeIoBackend implements IoBackend {

    /** Preference over the pure-Java backend (priority 0). */
    public static final int PRIORITY = 100;
    /** Largest block on 64-bit systems (memory is the practical limit). */
    static final long MAX_BLOCK_BYTES_LP64 = DataSize.TEBIBYTE;
    /** Largest block on 32-bit systems, whose address space holds two such buffers. */
    static final long MAX_BLOCK_BYTES_ILP32 = 256 * DataSize.MEBIBYTE;

    /** fio's name of the io_uring engine. */
    static final String IO_URING = "io_uring";
    /** fio's name of the Linux AIO engine. */
    static final String LIBAIO = "libaio";

    private static final Path DROP_CACHES = Path.of("/proc/sys/vm/drop_caches");

    private final String osName;
    private final String osArch;
    private final boolean allowJni;
    private final boolean sqThreadPoll;
    private volatile NativeRuntime runtime;

    /** The backend for this JVM's operating system and architecture. */
    public NativeIoBackend() {
        this(System.getProperty("os.name", ""), System.getProperty("os.arch", ""), true);
    }

    /** For tests: the backend as it would be on another operating system or architecture. */
    NativeIoBackend(String osName, String osArch) {
        this(osName, osArch, true);
    }

    /**
     * For tests: the backend on this machine, with every call through JNA when
     * {@code allowJni} is false.
     */
    NativeIoBackend(boolean allowJni) {
        this(System.getProperty("os.name", ""), System.getProperty("os.arch", ""), allowJni,
                false);
    }

    private NativeIoBackend(String osName, String osArch, boolean allowJni) {
        this(osName, osArch, allowJni, false);
    }

    private NativeIoBackend(String osName, String osArch, boolean allowJni,
            boolean sqThreadPoll) {
        this.osName = osName;
        this.osArch = osArch;
        this.allowJni = allowJni;
        this.sqThreadPoll = sqThreadPoll;
    }

    /** Why Linux AIO is not offered by a backend set up with {@link #sqThreadPoll()}. */
    static final String SQPOLL_ONLY_URING = "submission-queue polling (SQPOLL, fio's"
            + " sqthread_poll) was asked for, and only io_uring has it";

    /**
     * This backend with io_uring's submission-queue polling (fio's {@code sqthread_poll=1}): each
     * io_uring queue is set up with {@code IORING_SETUP_SQPOLL}, so a kernel thread of its own
     * takes the I/Os from the submission ring as they are published, and submitting costs no
     * system call (io_uring_enter(2) only wakes that thread after it idled a second, and waits
     * for completions). The thread busies a CPU while it polls: on this project's 2-vCPU machine
     * fio's 4 KiB random reads at depth 32 fell from about 230k to about 107k IOPS with it
     * (docs/benchmarks.md); it pays where cores are to spare and the device is fast. Only
     * io_uring is offered ({@link #queueEngines()}: Linux AIO is listed unavailable, saying why),
     * so the engine drivespeed chooses is io_uring, and asking for libaio is refused. The report's
     * engine line says the ring polls ({@code IORING_SETUP_SQPOLL}). A kernel that refuses it
     * (before 5.11 without CAP_SYS_ADMIN) fails the run naming io_uring_setup(2) and errno.
     *
     * @return a new backend, the same but for SQPOLL; this one is unchanged
     */
    NativeIoBackend sqThreadPoll() {
        return new NativeIoBackend(osName, osArch, allowJni, true);
    }

    /** {@return this backend with submission-queue polling: {@link #sqThreadPoll()}} */
    @Override
    public Optional<IoBackend> withSqThreadPoll() {
        return Optional.of(sqThreadPoll());
    }

    /** {@return whether io_uring queues poll their submission ring ({@link #sqThreadPoll()})} */
    boolean sqThreadPolling() {
        return sqThreadPoll;
    }

    private NativeRuntime runtime() {
        NativeRuntime r = runtime;
        if (r == null) {
            synchronized (this) {
                r = runtime;
                if (r == null) {
                    r = NativeRuntime.load(osName, osArch, allowJni);
                    runtime = r;
                }
            }
        }
        return r;
    }

    @Override
    public String name() {
        return "native";
    }

    /**
     * For example {@code Linux x86_64: open(2) O_DIRECT/O_DSYNC/O_TMPFILE, pread/pwrite on native
     * memory, fdatasync, posix_fadvise, io_uring and Linux AIO; per-I/O system calls through the
     * JNI stub linux-x86_64/libdrivespeed.so (sha256 9110d91f01353455..., checked), the rest
     * through JNA}; where the stub did not load, the end says {@code every call through JNA}
     * and why.
     */
    @Override
    public String description() {
        NativeRuntime r = runtime();
        boolean loaded = r.unavailableReason() == null;
        return "Linux " + (loaded ? r.constants().architecture() : osArch) + ": open(2) O_DIRECT/O_DSYNC/O_TMPFILE, pread/pwrite on"
                + " native memory" + (TransparentHugePages.usableSize().isPresent()
                        ? " in transparent huge pages" : "") + ", fdatasync, posix_fadvise,"
                + (sqThreadPoll ? " io_uring with submission-queue polling (SQPOLL)"
                        : " io_uring and Linux AIO")
                + (loaded ? "; " + r.callsRoute() : "");
    }

    @Override
    public int priority() {
        return PRIORITY;
    }

    @Override
    public Optional<String> unavailableReason() {
        return Optional.ofNullable(runtime().unavailableReason());
    }

    @Override
    public Set<Capability> capabilities() {
        NativeRuntime r = runtime();
        if (r.unavailableReason() != null) {
            return Set.of();
        }
        Set<Capability> capabilities = EnumSet.of(Capability.DIRECT_IO, Capability.DSYNC,
                Capability.ANONYMOUS_TEST_FILE, Capability.EVICT_FILE_PAGES,
                Capability.DEVICE_SIZE, Capability.BLOCK_DEVICE_READ,
                Capability.BLOCK_DEVICE_WRITE);
        if (r.libc().geteuid() == 0) {
            capabilities.add(Capability.DROP_CACHES);
        }
        for (QueueEngine e : queueEngines()) {
            if (e.isAvailable()) {
                capabilities.add(Capability.ASYNC_IO);
            }
        }
        return Set.copyOf(capabilities);
    }

    private static volatile Optional<String> aioUnavailable;

    /**
     * {@value #IO_URING} (probed with io_uring_setup(2) on every call, as
     * {@code kernel.io_uring_disabled} may change), then {@value #LIBAIO} (probed once with
     * io_setup(2)); each unavailable, with the reason, where its set-up call fails (ENOSYS: a
     * kernel built without it, or an emulator that does not emulate it).
     */
    @Override
    public List<QueueEngine> queueEngines() {
        NativeRuntime r = runtime();
        if (r.unavailableReason() != null) {
            return List.of();
        }
        Optional<String> aio = aioUnavailable;
        if (aio == null) {
            aioUnavailable = aio = LinuxAio.unavailableReason(r);
        }
        return List.of(new QueueEngine(IO_URING, UringRings.unavailableReason(r)),
                new QueueEngine(LIBAIO, sqThreadPoll ? Optional.of(SQPOLL_ONLY_URING) : aio));
    }

    /** 1 TiB on 64-bit systems (one call moves at most 2 GiB - 4 KiB; the engine loops), 256 MiB on 32-bit ones. */
    @Override
    public long maxBlockSizeBytes() {
        NativeRuntime r = runtime();
        return r.unavailableReason() == null && !r.constants().lp64()
                ? MAX_BLOCK_BYTES_ILP32 : MAX_BLOCK_BYTES_LP64;
    }

    @Override
    public int directIoAlignmentBytes(Path directory) throws IOException {
        NativeRuntime r = runtime();
        return DirectIoAlignment.of(r.libc(), r.constants(), directory);
    }

    @Override
    public AlignedBuffer allocate(long capacityBytes, int alignmentBytes) {
        if (capacityBytes <= 0 || capacityBytes > maxBlockSizeBytes()) {
            throw new IllegalArgumentException("the native backend allocates 1 B to "
                    + DataSize.ofBytes(maxBlockSizeBytes()) + ", not " + capacityBytes + " bytes");
        }
        if (alignmentBytes <= 0 || Integer.bitCount(alignmentBytes) != 1) {
            throw new IllegalArgumentException("alignment must be a power of two: " + alignmentBytes);
        }
        NativeRuntime r = runtime();
        return NativeAlignedBuffer.allocate(r.libc(), r.constants(), capacityBytes, alignmentBytes);
    }

    @Override
    public TestFile createTestFile(TestFileRequest request) throws IOException {
        NativeRuntime r = runtime();
        return new TestFileOpener(r, sqThreadPoll).create(request);
    }

    /** statvfs(3) {@code f_favail}; empty where the file system counts no inodes. */
    @Override
    public OptionalLong freeInodes(Path directory) throws IOException {
        NativeRuntime r = runtime();
        return FileSystemStats.freeInodes(r.libc(), r.constants(), directory);
    }

    @Override
    public BlockDeviceGeometry blockDeviceGeometry(Path device) throws IOException {
        NativeRuntime r = runtime();
        return BlockDeviceIoctls.geometry(r.libc(), r.constants(), device);
    }

    @Override
    public FileHandle openBlockDevice(BlockDeviceRequest request) throws IOException {
        NativeRuntime r = runtime();
        Libc libc = r.libc();
        LinuxConstants c = r.constants();
        Path device = request.device();
        String name = device.toString();
        int access = request.write() ? c.oRdwr() | c.oExcl() : c.oRdonly();
        int flags = access | c.oCloexec() | (request.direct() ? c.oDirect() : 0);
        String call = "open(" + (request.write() ? "O_RDWR|O_EXCL" : "O_RDONLY")
                + (request.direct() ? "|O_DIRECT" : "") + ")";
        int fd = libc.open(PathBytes.of(device), flags, 0);
        if (fd < 0) {
            int errno = libc.errno();
            if (errno == Errno.EINVAL && request.direct()) {
                int probe = libc.open(PathBytes.of(device), flags & ~c.oDirect(), 0);
                if (probe >= 0) {
                    libc.close(probe);
                    throw new DirectIoUnsupportedException(device, "block device",
                            Errno.exception(libc, call, name, errno));
                }
            }
            throw Errno.pathException(libc, call, name, errno);
        }
        // an existing regular file a workload runs over is opened here too: no BLKFLSBUF for it
        return new NativeFileHandle(r, fd, name,
                !Files.isRegularFile(device, LinkOption.NOFOLLOW_LINKS), request.direct(),
                sqThreadPoll);
    }

    @Override
    public void dropCaches() throws IOException {
        Libc libc = runtime().libc();
        if (libc.geteuid() != 0) {
            throw new AccessDeniedException(DROP_CACHES.toString(), null,
                    "dropping the page cache needs root; this process runs as uid "
                            + libc.geteuid());
        }
        libc.sync();
        Files.writeString(DROP_CACHES, "3");
    }

    /** Opens test files: O_TMPFILE first, the named file where that is not supported. */
    private static final class TestFileOpener {
        private final NativeRuntime runtime;
        private final Libc libc;
        private final LinuxConstants c;

        private final boolean sqThreadPoll;

        TestFileOpener(NativeRuntime runtime, boolean sqThreadPoll) {
            this.runtime = runtime;
            this.sqThreadPoll = sqThreadPoll;
            this.libc = runtime.libc();
            this.c = runtime.constants();
        }

        TestFile create(TestFileRequest request) throws IOException {
            int access = c.oRdwr() | c.oCloexec() | (request.direct() ? c.oDirect() : 0)
                    | (request.dsync() ? c.oDsync() : 0);
            Path directory = request.directory();
            String dirName = directory.toString();
            int flags = access | c.oTmpfile();
            int fd = libc.open(PathBytes.of(directory), flags, 0600);
            if (fd >= 0) {
                return new NativeTestFile(runtime, fd, request.direct(), Optional.empty(),
                        "<unnamed O_TMPFILE in " + dirName + ">", sqThreadPoll);
            }
            int errno = libc.errno();
            if (errno == Errno.EINVAL && request.direct()) {
                int probe = libc.open(PathBytes.of(directory), flags & ~c.oDirect(), 0600);
                if (probe >= 0) {
                    libc.close(probe); // unnamed: nothing to remove
                    throw directIoRefused(directory, dirName, flags, errno);
                }
                errno = libc.errno();
            }
            if (!tmpfileUnsupported(errno)) {
                throw Errno.pathException(libc, "open(" + c.describeOpenFlags(flags) + ")",
                        dirName, errno);
            }
            return createNamed(request, access);
        }

        /** EOPNOTSUPP: the file system has no O_TMPFILE; EISDIR: the kernel predates it (3.11). */
        private static boolean tmpfileUnsupported(int errno) {
            return errno == Errno.EOPNOTSUPP || errno == Errno.EISDIR || errno == Errno.EINVAL;
        }

        private TestFile createNamed(TestFileRequest request, int access) throws IOException {
            Path file = request.namedPath();
            String fileName = file.toString();
            int flags = access | c.oCreat() | c.oExcl();
            int fd = libc.open(PathBytes.of(file), flags, 0600);
            if (fd >= 0) {
                return new NativeTestFile(runtime, fd, request.direct(), Optional.of(file), fileName,
                        sqThreadPoll);
            }
            int errno = libc.errno();
            if (errno == Errno.EINVAL && request.direct()) {
                // open(O_CREAT|O_DIRECT) creates the file before refusing O_DIRECT: O_EXCL and
                // our unique name make it ours to remove.
                Files.deleteIfExists(file);
                int probe = libc.open(PathBytes.of(file), flags & ~c.oDirect(), 0600);
                if (probe >= 0) {
                    libc.close(probe);
                    Files.deleteIfExists(file);
                    throw directIoRefused(file, fileName, flags, errno);
                }
            }
            throw Errno.pathException(libc, "open(" + c.describeOpenFlags(flags) + ")", fileName,
                    errno);
        }

        private DirectIoUnsupportedException directIoRefused(Path path, String name, int flags,
                int errno) throws IOException {
            Path directory = Files.isDirectory(path) ? path : path.getParent();
            return new DirectIoUnsupportedException(path, Files.getFileStore(directory).type(),
                    Errno.exception(libc, "open(" + c.describeOpenFlags(flags) + ")", name, errno));
        }
    }
}
