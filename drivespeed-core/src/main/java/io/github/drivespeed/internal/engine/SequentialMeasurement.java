package io.github.drivespeed.internal.engine;

import io.github.drivespeed.DataPattern;
import io.github.drivespeed.DataSize;
import io.github.drivespeed.DirectIoUnsupportedException;
import io.github.drivespeed.InsufficientSpaceException;
import io.github.drivespeed.PassKind;
import io.github.drivespeed.PassResult;
import io.github.drivespeed.ProgressListener;
import io.github.drivespeed.Sample;
import io.github.drivespeed.SpeedReport;
import io.github.drivespeed.TargetInfo;
import io.github.drivespeed.TargetNotWritableException;
import io.github.drivespeed.TestParameters;
import io.github.drivespeed.Warning;
import io.github.drivespeed.internal.probe.TargetProbe;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileStore;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the sequential write-then-read test in a directory: checks everything checkable before
 * writing, warms up untimed, then for each run writes a new file (timed up to and including the
 * closing fdatasync), reads it back (timed), and removes it.
 */
public final class SequentialMeasurement {

    private static final Logger LOG = LoggerFactory.getLogger(SequentialMeasurement.class);

    /** Warm-up size: min(pass size, 64 MiB), at least one block. */
    static final long WARM_UP_BYTES = 64 * DataSize.MEBIBYTE;
    /** Buffers are at least page-aligned, whatever the direct-I/O alignment. */
    private static final int MIN_BUFFER_ALIGNMENT = 4096;
    private static final int NAME_ATTEMPTS = 8;
    private static final SecureRandom NONCES = new SecureRandom();

    private final Path target;
    private final TestParameters parameters;
    private final boolean bufferedFallback;
    private final ProgressListener listener;
    private final Optional<IoBackend> backend;

    /**
     * @param target the directory to test in, as the caller gave it
     * @param parameters what to measure
     * @param bufferedFallback whether buffered I/O replaces O_DIRECT where O_DIRECT is refused
     * @param listener progress receiver
     * @param backend the backend to use, or empty to pick the best available
     */
    public SequentialMeasurement(Path target, TestParameters parameters, boolean bufferedFallback,
            ProgressListener listener, Optional<IoBackend> backend) {
        this.target = Objects.requireNonNull(target, "target");
        this.parameters = Objects.requireNonNull(parameters, "parameters");
        this.bufferedFallback = bufferedFallback;
        this.listener = Objects.requireNonNull(listener, "listener");
        this.backend = Objects.requireNonNull(backend, "backend");
    }

    /**
     * Runs the measurement.
     *
     * @return the report
     * @throws IOException see {@link io.github.drivespeed.SpeedTest#run()}
     */
    public SpeedReport run() throws IOException {
        Instant startedAt = Instant.now();
        if (Thread.currentThread().isInterrupted()) {
            throw IoFailures.interrupted("set-up, before any I/O", 0, 0, null);
        }
        Path directory = TargetChecks.requireDirectory(target);
        FileStore store = Files.getFileStore(directory);
        TargetChecks.requireDriveBacked(directory, store);
        TargetChecks.requireWritable(directory, store);
        TargetInfo targetInfo = TargetProbe.system().describe(directory, store);
        BackendSelector.Selection selection = backend.map(BackendSelector::explicit)
                .orElseGet(BackendSelector::selected);
        IoBackend io = selection.backend();

        long blockBytes = parameters.blockSize().bytes();
        checkBlockFitsBackend(io, blockBytes);
        int bufferAlignment = MIN_BUFFER_ALIGNMENT;
        boolean direct = parameters.direct();
        if (direct && !io.capabilities().contains(Capability.DIRECT_IO)) {
            DirectIoUnsupportedException refusal = new DirectIoUnsupportedException(directory,
                    targetInfo.fileSystemType(), null);
            if (!bufferedFallback) {
                throw refusal;
            }
            LOG.info("measuring with buffered I/O: {}", refusal.getMessage());
            direct = false;
        }
        if (direct) {
            int alignment = io.directIoAlignmentBytes(directory);
            if (blockBytes % alignment != 0) {
                throw new IllegalArgumentException("blockSize " + parameters.blockSize() + " ("
                        + blockBytes + " bytes) is not a multiple of the direct-I/O alignment of "
                        + directory + ": " + alignment + " bytes (" + io.name()
                        + " backend); use a multiple of " + alignment + " bytes, or buffered I/O");
            }
            bufferAlignment = Math.max(bufferAlignment, alignment);
        }
        if (parameters.dsync() && !io.capabilities().contains(Capability.DSYNC)) {
            throw new IllegalArgumentException("dsync: the " + io.name()
                    + " backend cannot open files with O_DSYNC");
        }
        long passBytes = parameters.bytesPerPass().bytes();
        // Leftovers of killed runs first: they may hold the space the check below looks for.
        LeftoverFiles.removeStale(directory);
        if (targetInfo.totalSpaceBytes() > 0) {
            long usable = store.getUsableSpace();
            if (usable < passBytes) {
                throw InsufficientSpaceException.beforeWriting(directory, passBytes, usable);
            }
        }

        Set<Warning> writeWarnings = EnumSet.noneOf(Warning.class);
        Set<Warning> readWarnings = EnumSet.noneOf(Warning.class);
        if (parameters.dataPattern() == DataPattern.ZEROS) {
            writeWarnings.add(Warning.ZERO_FILLED_DATA);
        }
        List<Sample> writes = new ArrayList<>();
        List<Sample> reads = new ArrayList<>();
        Passes passes;
        try (WriteData data = new WriteData(io, blockBytes, parameters.count(),
                parameters.dataPattern(), bufferAlignment);
             AlignedBuffer readBuffer = io.allocate(blockBytes, bufferAlignment)) {
            passes = new Passes(io, directory, data, readBuffer, blockBytes, direct);
            long warmUpCount = Math.max(1, Math.min(parameters.count(), WARM_UP_BYTES / blockBytes));
            passes.runOnce(0, warmUpCount, ProgressListener.NONE, EnumSet.noneOf(Warning.class));
            for (int run = 1; run <= parameters.runs(); run++) {
                long[] nanos = passes.runOnce(run, parameters.count(), listener, readWarnings);
                writes.add(new Sample(run, passBytes, nanos[0]));
                reads.add(new Sample(run, passBytes, nanos[1]));
            }
        }
        TestParameters done = parameters;
        if (parameters.direct() && !passes.direct) {
            // What ran, not what was asked: the report must not call buffered figures O_DIRECT.
            done = new TestParameters(parameters.blockSize(), parameters.count(), parameters.runs(),
                    false, parameters.dsync(), parameters.dataPattern());
            writeWarnings.add(Warning.BUFFERED_FALLBACK);
            readWarnings.add(Warning.BUFFERED_FALLBACK);
        }
        return new SpeedReport(targetInfo, done, selection.info(),
                new PassResult(PassKind.WRITE, writes, writeWarnings),
                new PassResult(PassKind.READ, reads, readWarnings), startedAt);
    }

    private static void checkBlockFitsBackend(IoBackend io, long blockBytes) {
        if (blockBytes > io.maxBlockSizeBytes()) {
            throw new IllegalArgumentException("blockSize " + DataSize.ofBytes(blockBytes)
                    + " exceeds the largest block the " + io.name() + " backend supports, "
                    + DataSize.ofBytes(io.maxBlockSizeBytes())
                    + ("java".equals(io.name())
                            ? " (the pure-Java backend is bound by ByteBuffer's int size; put"
                                    + " drivespeed-native on the class path for larger blocks)"
                            : ""));
        }
    }

    /** The timed passes of one run over one test file. */
    private final class Passes {
        private final IoBackend io;
        private final Path directory;
        private final WriteData data;
        private final AlignedBuffer readBuffer;
        private final long blockBytes;
        /** O_DIRECT in use; turns false once if the file system refuses it and fallback is allowed. */
        private boolean direct;

        Passes(IoBackend io, Path directory, WriteData data, AlignedBuffer readBuffer,
                long blockBytes, boolean direct) {
            this.io = io;
            this.directory = directory;
            this.data = data;
            this.readBuffer = readBuffer;
            this.blockBytes = blockBytes;
            this.direct = direct;
        }

        /**
         * Writes, syncs and reads back one new file of {@code count} blocks, then removes it.
         *
         * @param run the run number, 0 for the untimed warm-up
         * @return elapsed nanoseconds of the write pass and of the read pass
         */
        long[] runOnce(int run, long count, ProgressListener progress, Set<Warning> readWarnings)
                throws IOException {
            long passBytes = blockBytes * count;
            String label = run == 0 ? "warm-up" : "run " + run;
            TestFile file = createTestFile(run);
            Path name = file.path().orElse(directory);
            Throwable failure = null;
            try {
                long writeNanos = timedPass(PassKind.WRITE, file, name, run, count, passBytes,
                        label, progress);
                if (run > 0) {
                    progress.passFinished(PassKind.WRITE, new Sample(run, passBytes, writeNanos));
                }
                if (!direct && !evict(file, name, label, passBytes)) {
                    readWarnings.add(Warning.READ_MAY_INCLUDE_PAGE_CACHE);
                }
                long readNanos = timedPass(PassKind.READ, file, name, run, count, passBytes,
                        label, progress);
                if (run > 0) {
                    progress.passFinished(PassKind.READ, new Sample(run, passBytes, readNanos));
                }
                LOG.debug("{}: write {} ns, read {} ns", label, writeNanos, readNanos);
                return new long[] {writeNanos, readNanos};
            } catch (IOException | RuntimeException | Error e) {
                failure = e;
                throw e;
            } finally {
                TestFileRemoval.closeAndRemove(file, name, failure);
            }
        }

        /**
         * One timed pass over the file, block by block from offset 0; a write pass ends with
         * fdatasync inside the timed interval.
         *
         * @return elapsed nanoseconds, at least 1
         */
        private long timedPass(PassKind kind, TestFile file, Path name, int run, long count,
                long passBytes, String label, ProgressListener progress) throws IOException {
            boolean write = kind == PassKind.WRITE;
            String what = kind + " pass of " + label;
            if (run > 0) {
                progress.passStarted(kind, run, passBytes);
            }
            if (write) {
                data.startRun(NONCES.nextLong());
            }
            AlignedBuffer buffer = write ? data.buffer() : readBuffer;
            long done = 0;
            long moved = 0;
            long start = System.nanoTime();
            try {
                for (long i = 0; i < count; i++) {
                    if (Thread.currentThread().isInterrupted()) {
                        throw IoFailures.interrupted(what, done, passBytes, null);
                    }
                    long bufferOffset = write ? data.prepareBlock(i, done) : 0;
                    for (moved = 0; moved < blockBytes; ) {
                        long n = write
                                ? file.write(buffer, bufferOffset + moved, blockBytes - moved, done + moved)
                                : file.read(buffer, bufferOffset + moved, blockBytes - moved, done + moved);
                        if (n <= 0) {
                            throw new IOException(n < 0
                                    ? "unexpected end of file at offset " + (done + moved)
                                            + "; the file should hold " + passBytes + " bytes"
                                    : kind + " returned 0 bytes");
                        }
                        moved += n;
                    }
                    done += blockBytes;
                    moved = 0;
                    if (run > 0) {
                        progress.bytesTransferred(kind, run, done, passBytes);
                    }
                }
            } catch (IOException e) {
                // done + moved: the offset of the failing call, and all bytes transferred before it
                throw IoFailures.map(e, name, kind.toString(), done + moved, what, done + moved,
                        passBytes);
            }
            if (write) {
                try {
                    file.dataSync();
                } catch (IOException e) {
                    throw IoFailures.map(e, name, "fdatasync", -1, what, done, passBytes);
                }
            }
            return Math.max(1, System.nanoTime() - start);
        }

        private boolean evict(TestFile file, Path name, String label, long passBytes)
                throws IOException {
            try {
                return file.evictPages();
            } catch (IOException e) {
                throw IoFailures.map(e, name, "evict pages", -1, "read pass of " + label, 0,
                        passBytes);
            }
        }

        /**
         * Creates a new test file. If O_DIRECT is refused on the first file (the warm-up's, before
         * anything is measured) and the caller allowed it, switches to buffered I/O for good.
         */
        private TestFile createTestFile(int run) throws IOException {
            for (int attempt = 1; ; attempt++) {
                TestFileRequest request = new TestFileRequest(directory, TestFileNames.newName(),
                        direct, parameters.dsync());
                TestFile file;
                try {
                    file = io.createTestFile(request);
                } catch (DirectIoUnsupportedException e) {
                    if (!bufferedFallback || !direct || run != 0) {
                        throw e;
                    }
                    LOG.info("measuring with buffered I/O: {}", e.getMessage());
                    direct = false;
                    continue;
                } catch (FileAlreadyExistsException e) {
                    if (attempt < NAME_ATTEMPTS) {
                        continue;
                    }
                    throw e;
                } catch (AccessDeniedException e) {
                    throw new TargetNotWritableException(directory, "permission denied", e);
                } catch (InterruptedIOException e) {
                    throw IoFailures.interrupted("creation of the test file", 0, 0, e);
                } catch (FileSystemException e) {
                    String reason = e.getReason();
                    if (reason != null && (reason.contains("Read-only file system")
                            || reason.contains("Operation not permitted"))) {
                        throw new TargetNotWritableException(directory, reason, e);
                    }
                    throw e;
                }
                return new RegisteredTestFile(file);
            }
        }
    }
}
