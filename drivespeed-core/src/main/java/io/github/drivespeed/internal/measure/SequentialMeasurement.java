package io.github.drivespeed.internal.measure;

import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.TestFileIoException;
import io.github.drivespeed.internal.files.DriveLocks;
import io.github.drivespeed.internal.files.LeftoverFiles;
import io.github.drivespeed.internal.files.TestFileCreator;
import io.github.drivespeed.internal.files.TestFileRemoval;
import io.github.drivespeed.internal.io.BlockingIoQueue;
import io.github.drivespeed.internal.io.DirectionRecorder;
import io.github.drivespeed.internal.io.IoFailures;
import io.github.drivespeed.internal.io.IoLoop;
import io.github.drivespeed.internal.io.OffsetGenerator;
import io.github.drivespeed.internal.io.WriteData;
import io.github.drivespeed.internal.io.LoopControl;
import io.github.drivespeed.internal.io.LoopFile;
import io.github.drivespeed.internal.io.LoopIos;
import io.github.drivespeed.internal.io.LoopRecorders;
import io.github.drivespeed.internal.preflight.BackendSelector;
import io.github.drivespeed.internal.preflight.CgroupMemoryCheck;
import io.github.drivespeed.internal.preflight.FileSizeLimit;
import io.github.drivespeed.internal.preflight.Preflight;
import io.github.drivespeed.internal.probe.DeviceCounters;
import io.github.drivespeed.internal.verify.PassChecks;
import io.github.drivespeed.internal.verify.ReadRing;
import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.SequentialParameters;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.medium.CacheCliff;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PartialReport;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.medium.Verification;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.medium.WarmUpWrite;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.target.BtrfsData;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
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
public final class SequentialMeasurement extends Measurement<Preflight.Target, SpeedReport> {

    private static final Logger LOG = LoggerFactory.getLogger(SequentialMeasurement.class);

    /** Warm-up size: min(pass size, 64 MiB), at least one block. */
    static final long WARM_UP_BYTES = 64 * DataSize.MEBIBYTE;
    private static final SecureRandom NONCES = new SecureRandom();

    private final SequentialParameters parameters;
    private final boolean bufferedFallback;
    private final ProgressListener listener;
    private final PageCacheOptions readOptions;
    private final boolean verify;

    /**
     * A sequential test in a directory.
     *
     * @param target the directory to test in, as the caller gave it
     * @param parameters what to measure, with whether each read pass is checked against what was
     *     written (rule 7) and whether buffered I/O replaces O_DIRECT where O_DIRECT is refused
     * @param listener progress receiver
     * @param backend the backend to use, or empty to pick the best available
     * @param readOptions drop_caches before buffered reads, and the cached-read pass
     */
    public SequentialMeasurement(Path target, SequentialParameters parameters,
            ProgressListener listener, Optional<IoBackend> backend, PageCacheOptions readOptions) {
        super(target, backend, Preflight::examine);
        this.parameters = Objects.requireNonNull(parameters, "parameters");
        this.bufferedFallback = parameters.bufferedFallback();
        this.listener = Objects.requireNonNull(listener, "listener");
        this.readOptions = Objects.requireNonNull(readOptions, "readOptions");
        this.verify = parameters.verify();
    }

    /** The memory the buffers take (a block of 1 TiB is refused before the target is examined). */
    @Override
    protected void checkWithoutTarget() {
        Preflight.checkMemory(bufferBytes(), parameters.blockSize(),
                verify ? "the write pool, and a second block to read back into for verification"
                        : "the write pool, which the reads reuse");
    }

    /**
     * The block size against the backend, O_DIRECT (or the buffered fallback), the direct-I/O
     * alignment, O_DSYNC and drop_caches.
     */
    @Override
    protected Checked<SpeedReport> check(Preflight.Target t) throws IOException {
        IoBackend io = t.io();
        long blockBytes = parameters.blockSize().bytes();
        Preflight.checkBlockFitsBackend(io, blockBytes);
        boolean direct = parameters.direct();
        if (direct && !io.capabilities().contains(Capability.DIRECT_IO)) {
            DirectIoUnsupportedException refusal = new DirectIoUnsupportedException(t.directory(),
                    t.info().fileSystemType(), null);
            if (!bufferedFallback) {
                throw refusal;
            }
            LOG.info("measuring with buffered I/O: {}", refusal.getMessage());
            direct = false;
        }
        int bufferAlignment = Preflight.bufferAlignment(t, direct, parameters.blockSize());
        if (parameters.dsync() && !io.capabilities().contains(Capability.DSYNC)) {
            throw new InvalidSettingException("dsync", null, "cannot be done by the " + io.name()
                    + " backend: it cannot open files with O_DSYNC");
        }
        readOptions.checkBackend(io);
        FileSizeLimit.check(t, parameters.bytesPerPass().bytes(), "count", "blockSize");
        boolean directIo = direct;
        return started -> measure(t, directIo, bufferAlignment, started);
    }

    /** The buffers the passes allocate: the write pool, and a block to verify into. */
    private long bufferBytes() {
        long blockBytes = parameters.blockSize().bytes();
        return WriteData.randomPoolBytes(blockBytes, parameters.count(),
                WriteData.POOL_TARGET_BYTES) + (verify ? blockBytes : 0);
    }

    /**
     * Leftovers removed, the free space (and, in memory, the memory cgroup's room) checked and
     * the drive's locks taken; then the runs.
     */
    private SpeedReport measure(Preflight.Target examined, boolean direct, int bufferAlignment,
            Started started) throws IOException {
        long passBytes = parameters.bytesPerPass().bytes();
        // Leftovers of killed runs first: they may hold the space the check below looks for.
        LeftoverFiles.Scan before = LeftoverFiles.removeStale(examined.directory());
        Preflight.Target t = examined.withRemovedLeftovers(before.removed());
        Preflight.checkFreeSpace(t, passBytes, "blockSize", "count");
        CgroupMemoryCheck.require(t, passBytes, bufferBytes(), "blockSize", "count");
        try (DriveLocks locks = DriveLocks.acquire(t.info())) {
            // Another measurement now: its named test file, or its unnamed (O_TMPFILE) one, or
            // its lock on the same drive.
            boolean concurrentBefore = before.anotherMeasurement(null, true)
                    || locks.anotherMeasurement();
            return measureLocked(t, t.io(), direct, bufferAlignment, locks, concurrentBefore,
                    started.at());
        }
    }

    /** The passes, run while the drive's locks are held; their warnings; the report. */
    private SpeedReport measureLocked(Preflight.Target t, IoBackend io, boolean direct,
            int bufferAlignment, DriveLocks locks, boolean concurrentBefore, Instant startedAt)
            throws IOException {
        DeviceCounters counters = DeviceCounters.of(t.info());
        BtrfsDirectWrites btrfs = BtrfsDirectWrites.of(t.info());
        Passes passes = runAll(t, io, direct, bufferAlignment, counters, btrfs,
                done -> report(t, done, locks, concurrentBefore, btrfs, counters, startedAt,
                        false));
        return report(t, passes, locks, concurrentBefore, btrfs, counters, startedAt, true);
    }

    /**
     * The report of the passes run: of every run, or, with {@code complete} false, of the runs
     * completed before a failure (then no cached-read pass runs).
     */
    private SpeedReport report(Preflight.Target t, Passes passes, DriveLocks locks,
            boolean concurrentBefore, BtrfsDirectWrites btrfs, DeviceCounters counters,
            Instant startedAt, boolean complete) throws IOException {
        Path directory = t.directory();
        IoBackend io = t.io();
        BackendSelector.Selection selection = t.selection();
        TargetInfo targetInfo = btrfs.reported(t.info());
        List<Sample> writes = passes.writes;
        List<Sample> reads = passes.reads;
        Set<Warning> writeWarnings = EnumSet.noneOf(Warning.class);
        Set<Warning> readWarnings = EnumSet.noneOf(Warning.class);
        if (parameters.dataPattern() == DataPattern.ZEROS) {
            writeWarnings.add(Warning.ZERO_FILLED_DATA);
        }
        CacheChecks.addSharedDrive(concurrentBefore || locks.anotherMeasurement()
                || LeftoverFiles.removeStale(directory).anotherMeasurement(null, true),
                locks.concurrencyUnchecked(), passes.foreignWrite, passes.foreignRead,
                writeWarnings, readWarnings);
        readWarnings.addAll(CacheChecks.readWarnings(PassKind.READ, reads));
        writeWarnings.addAll(CacheChecks.writeWarnings(writes));
        writeWarnings.addAll(FigureChecks.flushWarnings(writes, parameters.dsync()));
        writeWarnings.addAll(BtrfsDirectWrites.writeWarnings(targetInfo, passes.direct));
        writeWarnings.addAll(FigureChecks.lengthWarnings(writes));
        readWarnings.addAll(FigureChecks.lengthWarnings(reads));
        CacheChecks.addFindings(writes, reads, writeWarnings, readWarnings);
        boolean memory = targetInfo.warnings().contains(Warning.MEMORY_FILE_SYSTEM);
        // (a warm-up that shared the drive with other I/O may be slow for that: not compared)
        if (!memory && !passes.warmUpForeign && passes.warmUpWrite().map(w -> w.slowerThan(
                PassResult.of(PassKind.WRITE, writes, Set.of()).median())).orElse(false)) {
            writeWarnings.add(Warning.FIRST_WRITES_SLOWER);
        }
        Optional<PassResult> cached = Optional.empty();
        if (complete && readOptions.cachedReadNanos() > 0) {
            cached = Optional.of(CachedRead.inDirectory(io, directory, readOptions.cachedReadNanos(),
                    counters));
        }
        SequentialParameters done = parameters;
        if (parameters.direct() && !passes.direct) {
            // What ran, not what was asked: the report must not call buffered figures O_DIRECT.
            done = parameters.withDirect(false);
            writeWarnings.add(Warning.BUFFERED_FALLBACK);
            readWarnings.add(Warning.BUFFERED_FALLBACK);
        }
        return new SpeedReport(targetInfo, done, selection.info(),
                PassResult.of(PassKind.WRITE, writes, writeWarnings),
                PassResult.of(PassKind.READ, reads, readWarnings), cached, startedAt,
                passes.warmUpWrite(), passes.closeFailuresAfterLoss);
    }

    /** The write pool and the read ring, and in them the warm-up and the runs. */
    private Passes runAll(Preflight.Target t, IoBackend io, boolean direct, int bufferAlignment,
            DeviceCounters counters, BtrfsDirectWrites btrfs, PartialReports partial)
            throws IOException {
        long blockBytes = parameters.blockSize().bytes();
        boolean memory = t.info().warnings().contains(Warning.MEMORY_FILE_SYSTEM);
        // Without verification the read pass reads into the write pool, which every run refills
        // before writing: one buffer, so a 1 GiB block needs 1 GiB of memory, not 2. Verification
        // compares with the pool, so it reads into a ring of its own, checked behind the reads.
        try (WriteData data = new WriteData(io, blockBytes, parameters.count(),
                parameters.dataPattern(), bufferAlignment);
             ReadRing ring = verify ? new ReadRing(io, blockBytes, parameters.count(),
                     bufferAlignment, memory) : null) {
            // A memory file system has no write cache to fill: its rate follows the kernel's
            // page allocator (pages freed by the warm-up's file are reused first), no cliff.
            // And no device paces its reads: the check runs in batches, one chunk at a time.
            Passes passes = new Passes(io, t.info(), data, ring, blockBytes, direct, counters,
                    !memory, btrfs);
            try {
                passes.runAll(Math.max(1, Math.min(parameters.count(),
                        WARM_UP_BYTES / blockBytes)));
            } catch (IOException | RuntimeException e) {
                attachCompleted(e, passes, partial);
                throw e;
            }
            return passes;
        }
    }

    /** Builds the report of the runs completed before a failure. */
    @FunctionalInterface
    private interface PartialReports {
        SpeedReport of(Passes completed) throws IOException;
    }

    /**
     * Attaches the runs completed before a failure to it ({@link CompletedWork}), where any
     * completed.
     */
    private static void attachCompleted(Exception failure, Passes passes,
            PartialReports partial) {
        if (passes.writes.isEmpty()) {
            return;
        }
        passes.keepWarmUpLoss();
        CompletedWork.attach(failure, () -> PartialReport.of(partial.of(passes)));
    }

    /** The timed passes of one run over one test file. */
    private final class Passes {
        private final IoBackend io;
        private final Path directory;
        private final WriteData data;
        private final ReadRing ring;
        private final AlignedBuffer readBuffer;
        private final long blockBytes;
        private final DeviceCounters counters;
        /** Whether write passes are checked for a cache cliff (not on a memory file system). */
        private final boolean findCliffs;
        private final String fileSystemType;
        private final TargetInfo target;
        /** Makes each test file NOCOW on btrfs where that keeps O_DIRECT direct. */
        private final BtrfsDirectWrites btrfs;
        /** The copies of each block the file system writes (btrfs DUP, RAID1: 2). */
        private final int copies;
        /** O_DIRECT in use; turns false once if the file system refuses it and fallback is allowed. */
        private boolean direct;
        /** Whether a measured pass's device counters showed other I/O. */
        private boolean foreignWrite;
        private boolean foreignRead;
        /** What the warm-up's read-back found. */
        private Verification warmUpFound = Verification.NONE;
        /** The warm-up's write pass: bytes, and its time; 0 before it ran. */
        private long warmUpWriteBytes;
        private long warmUpWriteNanos;
        /** Whether the device's counters showed other I/O during the warm-up's write. */
        private boolean warmUpForeign;
        /** Whether a read-back (the warm-up's or a run's) has found data lost so far. */
        private boolean lossFound;
        /** Closes that failed with EIO once a loss had been found ({@link #closeAndRemove}). */
        private int closeFailuresAfterLoss;
        /** The measured runs' write and read passes. */
        private final List<Sample> writes = new ArrayList<>();
        private final List<Sample> reads = new ArrayList<>();

        /** @param ring where verified read passes read to, or null to read into the pool */
        Passes(IoBackend io, TargetInfo target, WriteData data, ReadRing ring, long blockBytes,
                boolean direct, DeviceCounters counters, boolean findCliffs,
                BtrfsDirectWrites btrfs) {
            this.io = io;
            this.target = target;
            this.directory = target.directory();
            this.data = data;
            this.ring = ring;
            this.readBuffer = ring != null ? ring.buffer() : data.buffer();
            this.blockBytes = blockBytes;
            this.direct = direct;
            this.counters = counters;
            this.findCliffs = findCliffs;
            this.fileSystemType = target.fileSystemType();
            this.btrfs = btrfs;
            this.copies = target.btrfsData().map(BtrfsData::dataCopies).orElse(1);
        }

        /**
         * The untimed warm-up, then each run's passes; all again, buffered, where O_DIRECT is
         * refused and the plan falls back.
         *
         * @param warmUpCount blocks of the warm-up
         */
        void runAll(long warmUpCount) throws IOException {
            while (true) {
                try {
                    runOnce(0, warmUpCount, ProgressListener.NONE);
                    listener.runsStarting(direct);
                    for (int run = 1; run <= parameters.runs(); run++) {
                        Sample[] pair = runOnce(run, parameters.count(), listener);
                        writes.add(pair[0]);
                        reads.add(pair[1]);
                    }
                    keepWarmUpLoss();
                    return;
                } catch (DirectIoUnsupportedException e) {
                    if (!bufferedFallback || !direct) {
                        throw e;
                    }
                    // Refused at open or on a transfer (then perhaps only in a measured run):
                    // no O_DIRECT figure is kept; everything runs again, buffered.
                    LOG.info("measuring with buffered I/O: {}", e.getMessage());
                    fallBack();
                }
            }
        }

        /**
         * Writes, syncs and reads back one new file of {@code count} blocks, then removes it.
         *
         * @param run the run number, 0 for the untimed warm-up
         * @return the write pass and the read pass, or null for the warm-up
         */
        Sample[] runOnce(int run, long count, ProgressListener progress) throws IOException {
            long passBytes = blockBytes * count;
            String label = run == 0 ? "warm-up" : "run " + run;
            TestFile file = createTestFile();
            Path name = file.path().orElse(directory);
            Throwable failure = null;
            try {
                btrfs.prepare(file, direct);
                Sample write = timedPass(PassKind.WRITE, file, name, run, count, passBytes,
                        label, progress, direct ? CacheHandling.DIRECT_IO
                                : CacheHandling.BUFFERED_WRITE);
                if (write != null) {
                    progress.passFinished(PassKind.WRITE, write);
                }
                CacheHandling fileHandling = direct ? CacheHandling.DIRECT_IO
                        : CacheEviction.beforeBufferedRead(io, file, readOptions.dropCaches(),
                                name, "read pass of " + label, passBytes);
                // a FUSE daemon reads its device through the device's page cache: drop it too
                CacheHandling readHandling = fileHandling.mayIncludeCache() ? fileHandling
                        : CacheEviction.beforeFuseRead(io, target, "read pass of " + label)
                                .orElse(fileHandling);
                Sample read = timedPass(PassKind.READ, file, name, run, count, passBytes,
                        label, progress, readHandling);
                if (read == null) {
                    return null;
                }
                progress.passFinished(PassKind.READ, read);
                LOG.debug("{}: write {} ns, read {} ns", label, write.elapsedNanos(),
                        read.elapsedNanos());
                return new Sample[] {write, read};
            } catch (IOException | RuntimeException | Error e) {
                failure = e;
                throw e;
            } finally {
                closeAndRemove(file, name, failure);
            }
        }

        /**
         * Closes and removes the test file ({@link TestFileRemoval}); an EIO there once a
         * read-back found data lost is part of that loss, not the end of the test: a file system
         * whose own data the medium lost fails as it reads it back (exfat-fuse checks a file's
         * directory entry when the file is closed, and a medium that wraps overwrote it with test
         * data). The file is removed all the same. Any other failure, or an EIO with no loss
         * found before it, is thrown.
         */
        private void closeAndRemove(TestFile file, Path name, Throwable failure)
                throws IOException {
            try {
                TestFileRemoval.closeAndRemove(file, name, failure);
            } catch (TestFileIoException e) {
                if (!lossFound || !IoFailures.isIoError(e)) {
                    throw e;
                }
                closeFailuresAfterLoss++;
                LOG.info("after the read-back found data lost: {}; the file system's own data was"
                        + " lost too, counted with the loss", e.getMessage());
            }
        }

        /** {@return the warm-up's write, once it ran} */
        Optional<WarmUpWrite> warmUpWrite() {
            return warmUpWriteBytes > 0 && warmUpWriteNanos > 0
                    ? Optional.of(new WarmUpWrite(warmUpWriteBytes, warmUpWriteNanos))
                    : Optional.empty();
        }

        /**
         * One timed pass over the file, block by block from offset 0, through the engine's I/O
         * loop (each block's completion latency and a timeline recorded); a write pass ends with
         * fdatasync inside the timed interval.
         *
         * @return the pass's sample, or null for the warm-up
         */
        private Sample timedPass(PassKind kind, TestFile file, Path name, int run, long count,
                long passBytes, String label, ProgressListener progress, CacheHandling handling)
                throws IOException {
            boolean write = kind == PassKind.WRITE;
            String what = kind + " pass of " + label;
            if (write) {
                data.startRun(NONCES.nextLong());
            }
            // The warm-up checks too: the same code path, compiled before the measured runs.
            // On a memory file system (no cliffs looked for there) the check runs in batches.
            try (PassChecks checks = new PassChecks(write, verify, data, ring, !findCliffs,
                    blockBytes, count, block -> block * blockBytes,
                    done -> progress.bytesTransferred(kind, run, done, passBytes))) {
                // (the warm-up's write too: other I/O during it would make it slow, not the medium)
                // the listener is told last before the clock starts, the data ready and the
                // counters read: a clock it reads (the command's chart) is the timed interval's
                PassWindow window = PassWindow.open(run > 0 || write ? counters
                        : DeviceCounters.NONE, () -> {
                            if (run > 0) {
                                progress.passStarted(kind, run, passBytes);
                            }
                        });
                checks.begin(window.startNanos(), window.recorder());
                long done = transfer(checks, file, name, count, passBytes, write,
                        window.recorder(), what, window.startNanos());
                if (write) {
                    IoFailures.dataSync(file, name, what, done, passBytes);
                }
                // one continuous interval, the check behind the reads (batches left out)
                long elapsed = window.elapsedNanos(checks.excludedNanos());
                checks.finish();
                if (run == 0) {
                    if (checks.verifying()) {
                        warmUpFound = checks.verifier().result();
                        lossFound |= warmUpFound.hasLoss();
                    }
                    if (write) {
                        warmUpWriteBytes = done;
                        warmUpWriteNanos = elapsed;
                        window.close();
                        // (each copy a btrfs DUP or RAID1 profile writes is the warm-up's own)
                        warmUpForeign = window.foreignIo(0, done * copies, blockBytes, !direct);
                    }
                    return null;
                }
                Sample checked = checks.annotate(window.sample(run, elapsed, handling));
                lossFound |= checked.findings().verification().map(Verification::hasLoss)
                        .orElse(false);
                // the device counts the reads that failed with EIO too (data lost, not moved),
                // and every copy a btrfs DUP or RAID1 profile writes is this pass's, not other I/O
                boolean foreign = window.foreignIo(write ? 0 : done + checks.failedBytes(),
                        write ? done * copies : 0, blockBytes, !direct);
                if (write) {
                    foreignWrite |= foreign;
                } else {
                    foreignRead |= foreign;
                }
                // the listener and the report see the same sample
                return rateFindings(checked);
            }
        }

        /**
         * The pass's rate findings as they apply here: none on a memory file system (no device
         * paces it); a buffered O_DSYNC write waits for the drive on every write, so its cliff is
         * the drive's cache, not the page cache's dirty limit.
         */
        private Sample rateFindings(Sample checked) {
            if (!findCliffs) {
                return checked.withCacheCliff(Optional.empty()).withRateDrop(Optional.empty());
            }
            if (parameters.dsync()) {
                return checked.withCacheCliff(checked.findings().cacheCliff()
                        .map(c -> new CacheCliff(c.drop(), CacheCliff.Cause.DRIVE_WRITE_CACHE)));
            }
            return checked;
        }

        /**
         * The pass's blocks through the engine's I/O loop, from block 0; an EIO on a verified
         * read-back (of the warm-up too) is data lost, and the read goes on from the next block.
         *
         * @return the bytes moved
         */
        private long transfer(PassChecks checks, TestFile file, Path name, long count,
                long passBytes, boolean write, DirectionRecorder recorder, String what,
                long start) throws IOException {
            try {
                return checks.transfer(count, offset -> offset / blockBytes, true,
                        (first, progress) -> checks.attach(new IoLoop(
                                new LoopFile(new BlockingIoQueue(file), blockBytes, name, what,
                                        passBytes),
                                LoopIos.pass(write, OffsetGenerator.sequential(first,
                                        count - first, blockBytes), data, readBuffer),
                                LoopRecorders.pass(write, recorder, progress),
                                LoopControl.alone()))
                        .run(count - first, start, start + IoLoop.NO_DEADLINE_NANOS)
                        .measuredBytes());
            } catch (IOException e) {
                throw IoFailures.directRefusal(e, direct, fileSystemType);
            }
        }

        /**
         * Data the warm-up's read-back found lost (an EIO, zeros, another offset's data) is lost
         * data as much as a measured run's: its figures are discarded, its losses are added to
         * the first read pass's verification (whose first bad offset is then the warm-up file's).
         */
        private void keepWarmUpLoss() {
            if (warmUpFound.hasLoss() && !reads.isEmpty()) {
                Sample first = reads.get(0);
                reads.set(0, first.withVerification(warmUpFound.plus(
                        first.findings().verification().orElse(Verification.NONE))));
            }
        }

        /** Switches to buffered I/O for good and forgets the passes and what their counters showed. */
        private void fallBack() {
            warmUpFound = Verification.NONE;
            warmUpWriteBytes = 0;
            warmUpWriteNanos = 0;
            warmUpForeign = false;
            lossFound = false;
            closeFailuresAfterLoss = 0;
            direct = false;
            foreignWrite = false;
            foreignRead = false;
            writes.clear();
            reads.clear();
        }

        /** Creates a new test file, with O_DIRECT unless the passes fell back. */
        private TestFile createTestFile() throws IOException {
            return TestFileCreator.create(io, directory, direct, parameters.dsync());
        }
    }
}
