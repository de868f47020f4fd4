package io.github.drivespeed.spi;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Does the I/O of a measurement. Implementations are registered for {@link java.util.ServiceLoader}
 * under {@code META-INF/services/io.github.drivespeed.spi.IoBackend}, need a public no-argument
 * constructor, must not throw from it, and report through {@link #unavailableReason()} when they
 * cannot work on this machine.
 *
 * @since 0.1.0
 */
public interface IoBackend {

    /** {@return a short stable name recorded in reports, for example {@code java}} */
    String name();

    /** {@return one line on how this backend does its I/O} */
    String description();

    /** {@return preference among available backends; higher wins; the pure-Java backend is 0} */
    default int priority() {
        return 0;
    }

    /** {@return empty when usable here, else why not (logged once and recorded in reports)} */
    Optional<String> unavailableReason();

    /** {@return what this backend can do beyond positional reads and writes} */
    Set<Capability> capabilities();

    /**
     * The asynchronous engines this backend offers for queue depths above 1, best first, each
     * with why it does not work here if it does not (fio's names: {@code io_uring},
     * {@code libaio}). The engine picks the first available one unless the caller named one;
     * queue depth 1 is plain positional reads and writes ({@code psync}) unless an engine was
     * named. Backends should probe on each call where availability can change while the process
     * runs (io_uring: {@code kernel.io_uring_disabled}).
     *
     * @return the engines, best first; empty (the default) when the backend has no asynchronous
     *     I/O, and then a queue depth above 1 is run as that many synchronous threads
     */
    default List<QueueEngine> queueEngines() {
        return List.of();
    }

    /**
     * This backend with io_uring's submission-queue polling (fio's {@code sqthread_poll=1}:
     * {@code IORING_SETUP_SQPOLL}, a kernel thread per ring takes the I/Os from the submission
     * ring as they are published), for
     * {@link io.github.drivespeed.WorkloadPlan#sqThreadPoll()}.
     *
     * @return a backend like this one whose io_uring queues poll their submission ring, offering
     *     no other asynchronous engine; empty where this backend has no io_uring (the default)
     */
    default Optional<IoBackend> withSqThreadPoll() {
        return Optional.empty();
    }

    /**
     * {@return the largest block, in bytes, that {@link #allocate} and a transfer loop support;
     * blocks beyond it are refused before any I/O}
     */
    long maxBlockSizeBytes();

    /**
     * The alignment O_DIRECT needs in {@code directory}: buffer addresses, file offsets and
     * lengths must be multiples of it.
     *
     * @param directory an existing directory
     * @return alignment in bytes, a power of two
     * @throws IOException if it cannot be determined
     */
    int directIoAlignmentBytes(Path directory) throws IOException;

    /**
     * Allocates memory for I/O.
     *
     * @param capacityBytes usable bytes, {@code > 0} and at most {@link #maxBlockSizeBytes()}
     * @param alignmentBytes alignment of the start address, a power of two
     * @return a buffer to {@link AlignedBuffer#close() close} when done
     * @throws IllegalArgumentException if the size or alignment cannot be served
     */
    AlignedBuffer allocate(long capacityBytes, int alignmentBytes);

    /**
     * Creates a new test file, open for reading and writing. Never opens an existing file.
     *
     * @param request where, under which name, and with which flags
     * @return the open file
     * @throws java.nio.file.FileAlreadyExistsException if the named file already exists
     * @throws io.github.drivespeed.error.DirectIoUnsupportedException if O_DIRECT was requested and the
     *     file system refuses it; no file is left behind
     * @throws IOException if the file cannot be created; no file is left behind
     */
    TestFile createTestFile(TestFileRequest request) throws IOException;

    /**
     * The inodes free for an unprivileged user on the file system holding {@code directory}
     * (statvfs(3) {@code f_favail}, the figure {@code df -i} prints as IFree): with none left no
     * file can be created there, however many bytes are free, and creating one fails with
     * ENOSPC.
     *
     * @param directory an existing directory
     * @return the free inodes; empty when this backend cannot count them (the default) or the
     *     file system does not count inodes (btrfs and others report 0 files in all)
     * @throws IOException if the call failed
     */
    default OptionalLong freeInodes(Path directory) throws IOException {
        return OptionalLong.empty();
    }

    /**
     * Reads a block device's size and sector sizes (ioctl(2) BLKGETSIZE64, BLKSSZGET,
     * BLKPBSZGET). The device is opened read-only and nothing is written. Supported when
     * {@link #capabilities()} contains {@link Capability#DEVICE_SIZE}.
     *
     * @param device a block device node, for example {@code /dev/sda}
     * @return its geometry
     * @throws UnsupportedOperationException if this backend cannot read it (the default)
     * @throws IOException if the device cannot be opened or is not a block device (ENOTTY)
     */
    default BlockDeviceGeometry blockDeviceGeometry(Path device) throws IOException {
        throw new UnsupportedOperationException("the " + name()
                + " backend cannot read block-device geometry");
    }

    /**
     * Opens a block device for a device test, or an existing regular file a workload runs over
     * ({@link io.github.drivespeed.WorkloadPlan#existingFile}). Read-only unless
     * {@link BlockDeviceRequest#write()} (then, for a device, exclusively: see there). Closing the handle only closes it; nothing is removed.
     * Supported when {@link #capabilities()} contains {@link Capability#BLOCK_DEVICE_READ} (and
     * {@link Capability#BLOCK_DEVICE_WRITE} for writing).
     *
     * @param request the device and how to open it
     * @return the open device
     * @throws UnsupportedOperationException if this backend cannot open block devices this way
     *     (the default)
     * @throws io.github.drivespeed.error.DirectIoUnsupportedException if O_DIRECT was asked for and
     *     refused
     * @throws IOException if the device cannot be opened (EBUSY: mounted or in use; EACCES: no
     *     permission)
     */
    default FileHandle openBlockDevice(BlockDeviceRequest request) throws IOException {
        throw new UnsupportedOperationException("the " + name()
                + " backend cannot open block devices");
    }

    /**
     * Drops the clean page cache, dentries and inodes of the whole machine: sync(2), then
     * {@code 3} written to {@code /proc/sys/vm/drop_caches} (Documentation/admin-guide/sysctl/vm.rst).
     * It affects every process on the machine and needs root, so the engine never calls it on
     * its own: it is for callers that opt in explicitly. Supported when {@link #capabilities()}
     * contains {@link Capability#DROP_CACHES}.
     *
     * @throws UnsupportedOperationException if this backend cannot do it (the default)
     * @throws IOException if the caches could not be dropped (for example without root)
     */
    default void dropCaches() throws IOException {
        throw new UnsupportedOperationException("the " + name() + " backend cannot drop caches");
    }
}
