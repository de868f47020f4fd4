package io.github.drivespeed.internal.preflight;

import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.InvalidSettingException.Reason;
import io.github.drivespeed.internal.figures.SizeText;
import io.github.drivespeed.internal.io.IoFailures;
import io.github.drivespeed.internal.probe.AvailableMemory;
import io.github.drivespeed.internal.probe.TargetProbe;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.target.RemovedLeftover;
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
public final class Preflight {

    /** Buffers are at least page-aligned, whatever the direct-I/O alignment. */
    public static final int MIN_BUFFER_ALIGNMENT = 4096;

    /**
     * An examined target: an existing, writable directory, its file store and description, and
     * the backend chosen for it.
     *
     * @param directory the directory, as the caller gave it
     * @param store its file store
     * @param info what the probe found about it
     * @param selection the backend chosen for it
     */
    public record Target(Path directory, FileStore store, TargetInfo info,
            BackendSelector.Selection selection) {
        /** {@return the chosen backend} */
        public IoBackend io() {
            return selection.backend();
        }

        /**
         * {@return this target, its description naming the leftovers of earlier runs removed}
         *
         * @param removed the test files earlier runs left, removed before measuring
         */
        public Target withRemovedLeftovers(List<RemovedLeftover> removed) {
            return removed.isEmpty() ? this : new Target(directory, store,
                    info.withRemovedLeftovers(removed), selection);
        }

        /**
         * {@return this target, its description as the measurement reports it}
         *
         * @param reported the description, for example {@link TargetInfo#withTestFileNoCow()}
         */
        public Target withInfo(TargetInfo reported) {
            return new Target(directory, store, reported, selection);
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
    public static Target examine(Path target, Optional<IoBackend> backend) throws IOException {
        if (Thread.currentThread().isInterrupted()) {
            throw IoFailures.interrupted("set-up, before any I/O", 0, 0, null);
        }
        Path directory = TargetChecks.requireDirectory(target);
        FileStore store = Files.getFileStore(directory);
        TargetChecks.requireDriveBacked(directory, store);
        TargetInfo info = TargetProbe.system().describe(directory, store);
        TargetChecks.requireWritable(directory, store, info.mount());
        BackendSelector.Selection selection = backend.map(BackendSelector::explicit)
                .orElseGet(BackendSelector::selected);
        return new Target(directory, store, info, selection);
    }

    /**
     * Checks that the backend can move blocks of this size.
     *
     * @param io the backend
     * @param blockBytes the block size, in bytes
     * @throws IllegalArgumentException naming the block size and the backend's limit
     */
    public static void checkBlockFitsBackend(IoBackend io, long blockBytes) {
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
    public static void checkMemory(long bufferBytes, DataSize blockSize, String why) {
        checkMemory(bufferBytes, blockSize, why, AvailableMemory.bytes());
    }

    static void checkMemory(long bufferBytes, DataSize blockSize, String why,
            OptionalLong available) {
        if (available.isPresent() && bufferBytes > available.getAsLong()) {
            throw new InvalidSettingException("blockSize", blockSize, Reason.of("needs "
                    + SizeText.mebibytes(bufferBytes) + " of memory (" + why + "), more than the "
                    + SizeText.mebibytes(available.getAsLong()) + " available (MemAvailable in"
                    + " /proc/meminfo)"), null);
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
    public static int bufferAlignment(Target t, boolean direct, DataSize blockSize)
            throws IOException {
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
     * @param t the examined target, with its backend
     * @throws DirectIoUnsupportedException if it cannot
     */
    public static void requireDirectIo(Target t) throws DirectIoUnsupportedException {
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
    public static void checkFreeSpace(Target t, long bytes, String... settings) throws IOException {
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
}
