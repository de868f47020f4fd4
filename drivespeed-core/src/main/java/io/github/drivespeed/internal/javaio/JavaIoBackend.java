package io.github.drivespeed.internal.javaio;

import com.sun.nio.file.ExtendedOpenOption;
import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.BlockDeviceRequest;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The pure-Java backend, always available: {@link FileChannel} with
 * {@link ExtendedOpenOption#DIRECT} for O_DIRECT (JDK 10+), {@link StandardOpenOption#DSYNC} for
 * O_DSYNC, {@link FileChannel#force(boolean) force(false)} for fdatasync, and direct buffers made
 * aligned with {@link java.nio.ByteBuffer#alignedSlice(int)}.
 *
 * <p>Limits: the JDK requires O_DIRECT transfers to be multiples of the file store's block size
 * ({@link java.nio.file.FileStore#getBlockSize()}, statvfs f_frsize), usually 4096, even where the
 * device accepts 512; a {@code ByteBuffer} holds at most 2^31 - 1 bytes, so blocks are limited to
 * 1 GiB; a file's cached pages cannot be evicted (only the whole machine's, with
 * {@link #dropCaches()} as root); block devices are opened read-only.
 */
public final class JavaIoBackend implements IoBackend {

    /** Largest block: ByteBuffer capacities are ints; 1 GiB leaves room for alignment. */
    static final long MAX_BLOCK_BYTES = DataSize.GIBIBYTE;

    private static final Path DROP_CACHES = Path.of("/proc/sys/vm/drop_caches");

    /** The pure-Java backend, which the selector falls back to. */
    public JavaIoBackend() {
    }

    @Override
    public String name() {
        return "java";
    }

    @Override
    public String description() {
        return "pure Java: FileChannel, ExtendedOpenOption.DIRECT, force(false)";
    }

    @Override
    public Optional<String> unavailableReason() {
        return Optional.empty();
    }

    @Override
    public Set<Capability> capabilities() {
        Set<Capability> c = EnumSet.of(Capability.DIRECT_IO, Capability.DSYNC,
                Capability.BLOCK_DEVICE_READ);
        if (Files.isWritable(DROP_CACHES) && isRoot()) {
            c.add(Capability.DROP_CACHES);
        }
        return Set.copyOf(c);
    }

    private static boolean isRoot() {
        try {
            return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).longValue() == 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Opens a block device read-only ({@link FileChannel}, with
     * {@link ExtendedOpenOption#DIRECT} where asked); writing is refused, since the JDK cannot
     * open a device exclusively (O_EXCL without O_CREAT).
     */
    @Override
    public FileHandle openBlockDevice(BlockDeviceRequest request) throws IOException {
        if (request.write()) {
            throw new UnsupportedOperationException("the java backend cannot open a block device"
                    + " exclusively (open(2) O_EXCL) and so never writes one; use the native"
                    + " backend");
        }
        Set<OpenOption> options = new HashSet<>();
        options.add(StandardOpenOption.READ);
        if (request.direct()) {
            options.add(ExtendedOpenOption.DIRECT);
        }
        try {
            return new JavaDeviceFile(request.device(), FileChannel.open(request.device(), options));
        } catch (IOException e) {
            throw JdkErrno.translate("open", request.device(), e);
        }
    }

    /**
     * Writes {@code 3} to {@code /proc/sys/vm/drop_caches} (root): the machine's clean page cache,
     * dentries and inodes are dropped. The JDK cannot call sync(2), so dirty pages of other files
     * stay; the engine calls this only after the test file was fdatasync'd, whose pages are then
     * clean.
     */
    @Override
    public void dropCaches() throws IOException {
        Files.writeString(DROP_CACHES, "3");
    }

    @Override
    public long maxBlockSizeBytes() {
        return MAX_BLOCK_BYTES;
    }

    /** The file store's block size, which is what the JDK checks O_DIRECT transfers against. */
    @Override
    public int directIoAlignmentBytes(Path directory) throws IOException {
        return Math.toIntExact(Files.getFileStore(directory).getBlockSize());
    }

    @Override
    public AlignedBuffer allocate(long capacityBytes, int alignmentBytes) {
        if (capacityBytes <= 0 || capacityBytes > MAX_BLOCK_BYTES) {
            throw new IllegalArgumentException("the java backend allocates 1 B to 1 GiB, not "
                    + capacityBytes + " bytes");
        }
        if (alignmentBytes <= 0 || Integer.bitCount(alignmentBytes) != 1) {
            throw new IllegalArgumentException("alignment must be a power of two: " + alignmentBytes);
        }
        try {
            return new JavaAlignedBuffer((int) capacityBytes, alignmentBytes);
        } catch (OutOfMemoryError e) {
            // "Cannot reserve N bytes of direct buffer memory": the JVM's direct-memory limit
            throw new IllegalArgumentException("cannot allocate " + DataSize.ofBytes(capacityBytes)
                    + " of direct memory for I/O buffers (" + e.getMessage() + "); use a smaller"
                    + " block size, or raise the JVM's limit with -XX:MaxDirectMemorySize (by"
                    + " default the maximum heap size)", e);
        }
    }

    @Override
    public TestFile createTestFile(TestFileRequest request) throws IOException {
        Path file = request.namedPath();
        Set<OpenOption> options = new HashSet<>();
        options.add(StandardOpenOption.CREATE_NEW);
        options.add(StandardOpenOption.READ);
        options.add(StandardOpenOption.WRITE);
        if (request.dsync()) {
            options.add(StandardOpenOption.DSYNC);
        }
        if (request.direct()) {
            options.add(ExtendedOpenOption.DIRECT);
        }
        try {
            return new JavaTestFile(file, FileChannel.open(file, options), options);
        } catch (FileAlreadyExistsException e) {
            throw e;
        } catch (IOException | UnsupportedOperationException e) {
            // open(O_CREAT|O_DIRECT) can create the file and then refuse O_DIRECT (EINVAL), so a
            // file may exist here; CREATE_NEW with our unique name means it is ours to remove.
            // unlink(2) on a read-only mount fails even for a missing file: keep the first cause.
            try {
                Files.deleteIfExists(file);
            } catch (IOException removal) {
                e.addSuppressed(removal);
            }
            if (request.direct() && opensWithoutDirect(file)) {
                throw new DirectIoUnsupportedException(file,
                        Files.getFileStore(request.directory()).type(), e);
            }
            if (e instanceof IOException) {
                throw JdkErrno.translate("open(O_CREAT|O_EXCL)", file, (IOException) e);
            }
            throw new IOException("cannot create " + file + ": " + e.getMessage(), e);
        }
    }

    /** Whether the file could be created without O_DIRECT, which tells EINVAL-for-O_DIRECT apart. */
    private static boolean opensWithoutDirect(Path file) {
        try (FileChannel probe = FileChannel.open(file, StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE)) {
            return probe.isOpen();
        } catch (IOException e) {
            return false;
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // best effort: the caller reports the original failure
            }
        }
    }
}
