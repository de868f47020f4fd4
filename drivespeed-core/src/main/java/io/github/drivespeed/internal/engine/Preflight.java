package io.github.drivespeed.internal.engine;

import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.InsufficientSpaceException.Shortage;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.InvalidSettingException.Reason;
import io.github.drivespeed.internal.probe.AvailableMemory;
import io.github.drivespeed.internal.probe.TargetProbe;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.ErrnoIoException;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** The checks every measurement makes before writing a byte, and what they found. */
final class Preflight {

    /** Buffers are at least page-aligned, whatever the direct-I/O alignment. */
    static final int MIN_BUFFER_ALIGNMENT = 4096;

    /**
     * An examined target: an existing, writable directory, its file store and description, and
     * the backend chosen for it.
     */
    record Target(Path directory, FileStore store, TargetInfo info,
            BackendSelector.Selection selection) {
        IoBackend io() {
            return selection.backend();
        }
    }

    private Preflight() {
    }

    /**
     * Resolves and checks the target and picks the backend; changes nothing.
     *
     * @param target the directory as the caller gave it
     * @param backend the caller's backend, or empty for the best available
     * @return the examined target
     * @throws IOException as {@link TargetChecks}, or an {@link java.io.InterruptedIOException}
     *     if the thread was interrupted
     */
    static Target examine(Path target, Optional<IoBackend> backend) throws IOException {
        if (Thread.currentThread().isInterrupted()) {
            throw IoFailures.interrupted("set-up, before any I/O", 0, 0, null);
        }
        Path directory = TargetChecks.requireDirectory(target);
        FileStore store = Files.getFileStore(directory);
        TargetChecks.requireDriveBacked(directory, store);
        TargetChecks.requireWritable(directory, store);
        TargetInfo info = TargetProbe.system().describe(directory, store);
        BackendSelector.Selection selection = backend.map(BackendSelector::explicit)
                .orElseGet(BackendSelector::selected);
        return new Target(directory, store, info, selection);
    }

    /**
     * Checks that the backend can move blocks of this size.
     *
     * @throws IllegalArgumentException naming the block size and the backend's limit
     */
    static void checkBlockFitsBackend(IoBackend io, long blockBytes) {
        if (blockBytes > io.maxBlockSizeBytes()) {
            throw new InvalidSettingException("blockSize", DataSize.ofBytes(blockBytes),
                    "exceeds the largest block the " + io.name() + " backend supports, "
                    + DataSize.ofBytes(io.maxBlockSizeBytes())
                    + ("java".equals(io.name())
                            ? " (the pure-Java backend is bound by ByteBuffer's int size; put"
                                    + " drivespeed-native on the class path for larger blocks)"
                            : ""));
        }
    }

    /**
     * Refuses buffers the machine cannot hold: a native backend's memory is reserved lazily (the
     * kernel overcommits), so a block larger than the free memory would be found only when the
     * kernel's OOM killer ends the process mid-run (and perhaps others with it). Checked against
     * {@code MemAvailable} ({@link AvailableMemory}); nothing is checked where that is unknown.
     *
     * @param bufferBytes the bytes of buffers the test will allocate
     * @param blockSize the block size they serve, the setting named
     * @param why what the buffers are, for the message ({@code the write pool and a read block})
     * @throws InvalidSettingException naming {@code blockSize} if they exceed what is available
     */
    static void checkMemory(long bufferBytes, DataSize blockSize, String why) {
        checkMemory(bufferBytes, blockSize, why, AvailableMemory.bytes());
    }

    static void checkMemory(long bufferBytes, DataSize blockSize, String why,
            OptionalLong available) {
        if (available.isPresent() && bufferBytes > available.getAsLong()) {
            throw new InvalidSettingException("blockSize", blockSize, Reason.of("needs "
                    + DataSize.ofBytes(bufferBytes) + " of memory (" + why + "), more than the "
                    + DataSize.ofBytes(available.getAsLong()) + " available (MemAvailable in"
                    + " /proc/meminfo)"), null);
        }
    }

    /**
     * Allocates I/O buffers for blocks of {@code blockBytes}; a backend's refusal (the JVM's
     * direct-memory limit, for example) is a refusal of the block size.
     *
     * @param io the backend
     * @param bytes the buffer's size
     * @param alignment its alignment
     * @param blockBytes the block size the buffer serves, for the message
     * @return the buffer
     * @throws InvalidSettingException naming {@code blockSize} if the backend cannot allocate it
     */
    static AlignedBuffer allocate(IoBackend io, long bytes, int alignment, long blockBytes) {
        try {
            return io.allocate(bytes, alignment);
        } catch (InvalidSettingException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new InvalidSettingException("blockSize", DataSize.ofBytes(blockBytes),
                    Reason.of("needs " + DataSize.ofBytes(bytes) + " of I/O buffers, which the "
                            + io.name() + " backend cannot allocate: " + e.getMessage()), e);
        }
    }

    /**
     * With O_DIRECT, checks that the block size is a multiple of the target's direct-I/O
     * alignment, and returns the buffer alignment to use.
     *
     * @param t the target
     * @param direct whether O_DIRECT will be used (the backend has {@link Capability#DIRECT_IO})
     * @param blockSize the block size
     * @return the alignment for buffers, at least {@link #MIN_BUFFER_ALIGNMENT}
     * @throws IllegalArgumentException if the block size is not a multiple of the alignment
     * @throws IOException if the alignment cannot be determined
     */
    static int bufferAlignment(Target t, boolean direct, DataSize blockSize) throws IOException {
        if (!direct) {
            return MIN_BUFFER_ALIGNMENT;
        }
        IoBackend io = t.io();
        int alignment = io.directIoAlignmentBytes(t.directory());
        if (blockSize.bytes() % alignment != 0) {
            throw new InvalidSettingException("blockSize", blockSize + " (" + blockSize.bytes()
                    + " bytes)", Reason.of("is not a multiple of the direct-I/O alignment of "
                    + t.directory() + ", " + alignment + " bytes (" + io.name() + " backend); use a"
                    + " multiple of " + alignment + " bytes, or ").setting("buffered"), null);
        }
        return Math.max(MIN_BUFFER_ALIGNMENT, alignment);
    }

    /**
     * Checks that the backend can open files with O_DIRECT at all.
     *
     * @throws DirectIoUnsupportedException if it cannot
     */
    static void requireDirectIo(Target t) throws DirectIoUnsupportedException {
        if (!t.io().capabilities().contains(Capability.DIRECT_IO)) {
            throw new DirectIoUnsupportedException(t.directory(), t.info().fileSystemType(), null);
        }
    }

    /**
     * Checks that {@code bytes} fit on the file system, where it reports its size, and that it
     * has a free inode for the test file, where the backend can count them.
     *
     * @param t the target
     * @param bytes the bytes the test file needs
     * @param settings the plan's settings that set {@code bytes}, by their API names
     * @throws InsufficientSpaceException if they do not fit, or no inode is free
     * @throws IOException if the free space cannot be read
     */
    static void checkFreeSpace(Target t, long bytes, String... settings) throws IOException {
        if (t.info().totalSpaceBytes() > 0) {
            long usable = t.store().getUsableSpace();
            if (usable < bytes) {
                throw InsufficientSpaceException.beforeWriting(t.directory(), bytes, usable,
                        List.of(settings));
            }
            OptionalLong inodes = t.io().freeInodes(t.directory());
            if (inodes.isPresent() && inodes.getAsLong() == 0) {
                throw InsufficientSpaceException.noInodes(t.directory(), bytes, usable);
            }
        }
    }

    /**
     * ENOSPC or EDQUOT when the test file was created: what ran out. Where free bytes remain,
     * ENOSPC at creation means no inode is left; the backend's count of free inodes (statvfs(3)
     * {@code f_favail}) says so for certain, and where it cannot count them the message says it
     * may be so.
     *
     * @param io the backend that created the file
     * @param directory the target directory
     * @param failure the ENOSPC or EDQUOT failure
     * @return the exception to throw
     */
    static InsufficientSpaceException noRoomAtCreation(IoBackend io, Path directory,
            IOException failure) {
        if (ErrnoIoException.is(failure, "EDQUOT")) {
            return InsufficientSpaceException.atCreation(directory, -1, Shortage.QUOTA, false,
                    failure);
        }
        long usable = -1;
        OptionalLong inodes = OptionalLong.empty();
        try {
            usable = Files.getFileStore(directory).getUsableSpace();
            inodes = io.freeInodes(directory);
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
        boolean noInodes = inodes.isPresent() && inodes.getAsLong() == 0 && usable > 0;
        return InsufficientSpaceException.atCreation(directory, usable,
                noInodes ? Shortage.INODES : Shortage.SPACE, inodes.isEmpty(), failure);
    }
}
