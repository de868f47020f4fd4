package io.github.drivespeed.internal.measure;

import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.internal.files.LeftoverFiles;
import io.github.drivespeed.internal.files.TestFileCreator;
import io.github.drivespeed.internal.files.TestFileRemoval;
import io.github.drivespeed.internal.genuine.CliffDetector;
import io.github.drivespeed.internal.genuine.CompletionLog;
import io.github.drivespeed.internal.genuine.SteadyAfterDrop;
import io.github.drivespeed.internal.io.BlockingIoQueue;
import io.github.drivespeed.internal.io.IoFailures;
import io.github.drivespeed.internal.io.IoLoop;
import io.github.drivespeed.internal.io.OffsetGenerator;
import io.github.drivespeed.internal.io.StopSignal;
import io.github.drivespeed.internal.io.WriteData;
import io.github.drivespeed.internal.io.LoopControl;
import io.github.drivespeed.internal.io.LoopFile;
import io.github.drivespeed.internal.io.LoopIos;
import io.github.drivespeed.internal.io.LoopRecorders;
import io.github.drivespeed.internal.preflight.CgroupMemoryCheck;
import io.github.drivespeed.internal.preflight.Preflight;
import io.github.drivespeed.internal.probe.DeviceCounters;
import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.SustainedParameters;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Runs a sustained write in a directory (rule 8): no warm-up writes (they would spend the cache
 * being measured), then one new test file written block by block, each block's completion time
 * logged, until the rate has fallen and held steady for the steady time, or a bound is reached;
 * fdatasync inside the timed pass; the file removed.
 */
public final class SustainedMeasurement extends Measurement<Preflight.Target, SustainedReport> {

    /** The most free space a sustained write leaves: 1 GiB, on file systems of 20 GiB or more. */
    public static final long KEEP_FREE_MAX_BYTES = DataSize.GIBIBYTE;
    /** The least free space a sustained write leaves: 16 MiB, on file systems up to 320 MiB. */
    public static final long KEEP_FREE_MIN_BYTES = 16 * DataSize.MEBIBYTE;
    /** The share of the file system's size a sustained write leaves free, in percent. */
    public static final int KEEP_FREE_PERCENT = 5;
    /** How often the stop rule is looked at, at most. */
    private static final long CHECK_EVERY_NANOS = 250_000_000L;
    private static final SecureRandom NONCES = new SecureRandom();

    /**
     * What to run.
     *
     * @param blockSize bytes per write
     * @param maxBytes the size bound: the size given, or 8 GiB
     * @param sizeGiven whether the caller gave the size (then half the free space does not bound
     *     it, and a memory file system is allowed)
     * @param maxNanos the time bound
     * @param steadyNanos how long the rate must hold after a drop
     * @param idleFirstNanos how long to wait, writing nothing, first
     * @param direct O_DIRECT
     */
    public record Settings(DataSize blockSize, long maxBytes, boolean sizeGiven, long maxNanos,
            long steadyNanos, long idleFirstNanos, boolean direct) { }

    private final SustainedParameters parameters;
    private final Settings settings;
    private final ProgressListener listener;

    /**
     * A sustained write in a directory.
     *
     * @param target the directory
     * @param parameters what to run, as the report records it
     * @param listener progress receiver
     * @param backend the backend, or empty for the best available
     */
    public SustainedMeasurement(Path target, SustainedParameters parameters,
            ProgressListener listener, Optional<IoBackend> backend) {
        super(target, backend, Preflight::examine);
        this.parameters = Objects.requireNonNull(parameters, "parameters");
        this.settings = new Settings(parameters.blockSize(), parameters.sizeBound().bytes(),
                parameters.size().isPresent(), parameters.duration().toNanos(),
                parameters.steadyFor().toNanos(), parameters.idleFirst().toNanos(),
                parameters.direct());
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    /**
     * The block size against the backend, O_DIRECT, a memory file system without a size, and the
     * direct-I/O alignment.
     */
    @Override
    protected Checked<SustainedReport> check(Preflight.Target t) throws IOException {
        IoBackend io = t.io();
        long blockBytes = settings.blockSize().bytes();
        Preflight.checkBlockFitsBackend(io, blockBytes);
        if (settings.direct()) {
            Preflight.requireDirectIo(t);
        }
        boolean inMemory = t.info().warnings().contains(Warning.MEMORY_FILE_SYSTEM);
        if (inMemory && !settings.sizeGiven()) {
            throw new InvalidSettingException("size", null, "is needed: " + t.directory()
                    + " is in memory (" + t.info().fileSystemType() + "), where a sustained write"
                    + " would fill RAM up to 8 GiB and measure no drive; give one to run it"
                    + " anyway");
        }
        int alignment = Preflight.bufferAlignment(t, settings.direct(), settings.blockSize());
        return started -> measure(t, alignment, started);
    }

    /** Leftovers removed, the size bound against the free space, the idle time; then the pass. */
    private SustainedReport measure(Preflight.Target examined, int alignment, Started started)
            throws IOException {
        IoBackend io = examined.io();
        long blockBytes = settings.blockSize().bytes();
        Preflight.Target t = examined.withRemovedLeftovers(
                LeftoverFiles.removeStale(examined.directory()).removed());
        long blocks = boundInBlocks(t, blockBytes);
        CgroupMemoryCheck.require(t, blocks * blockBytes, WriteData.randomPoolBytes(blockBytes,
                blocks, WriteData.POOL_TARGET_BYTES), "size");
        BtrfsDirectWrites btrfs = BtrfsDirectWrites.of(t.info());
        idle(settings.idleFirstNanos());
        Sample sample;
        SustainedReport.Stop stop;
        try (WriteData data = new WriteData(io, blockBytes, blocks, DataPattern.RANDOM, alignment)) {
            TestFile file = TestFileCreator.create(io, t.directory(), settings.direct(), false);
            Path name = file.path().orElse(t.directory());
            Throwable failure = null;
            try {
                btrfs.prepare(file, settings.direct());
                Pass pass = new Pass(file, name, data, blockBytes, blocks,
                        DeviceCounters.of(t.info()));
                sample = pass.run();
                stop = pass.stop;
            } catch (IOException | RuntimeException | Error e) {
                failure = e;
                throw e;
            } finally {
                TestFileRemoval.closeAndRemove(file, name, failure);
            }
        }
        Set<Warning> warnings = EnumSet.noneOf(Warning.class);
        warnings.addAll(t.info().warnings());
        if (sample.findings().cacheCliff().isPresent()) {
            warnings.add(Warning.WRITE_CACHE_CLIFF);
        }
        warnings.addAll(FigureChecks.flushWarnings(List.of(sample), false));
        TargetInfo reported = btrfs.reported(t.info());
        warnings.addAll(BtrfsDirectWrites.writeWarnings(reported, settings.direct()));
        Instant startedAt = started.at();
        SustainedReport report = new SustainedReport(reported, parameters, t.selection().info(),
                sample, stop, warnings, startedAt);
        if (report.ioLimitsReached().isEmpty()) {
            return report;
        }
        warnings.add(Warning.CGROUP_IO_LIMIT);
        return new SustainedReport(reported, parameters, t.selection().info(), sample, stop,
                warnings, startedAt);
    }

    /**
     * The free space a sustained write leaves on a file system of {@code fileSystemBytes}: 5 % of
     * its size (ext4's default reserve, mke2fs -m 5, kept for the same reasons: room for the
     * system's own writes meanwhile, and no allocation measured in a nearly full file system),
     * rounded up to whole MiB, at least 16 MiB and at most 1 GiB. A 512 MiB card keeps 26 MiB, a
     * 64 GB one 1 GiB.
     *
     * @param fileSystemBytes the file system's size ({@code f_blocks x f_frsize})
     * @return bytes to leave free
     */
    public static long keepFreeBytes(long fileSystemBytes) {
        long share = fileSystemBytes / 100 * KEEP_FREE_PERCENT;
        long wholeMebibytes = (share + DataSize.MEBIBYTE - 1) / DataSize.MEBIBYTE
                * DataSize.MEBIBYTE;
        return Math.min(KEEP_FREE_MAX_BYTES, Math.max(KEEP_FREE_MIN_BYTES, wholeMebibytes));
    }

    /** Blocks to write at most: the size bound, half the free space, the margin left free. */
    private long boundInBlocks(Preflight.Target t, long blockBytes) throws IOException {
        long bytes = settings.maxBytes();
        long total = t.info().totalSpaceBytes();
        if (total > 0) {
            long usable = t.store().getUsableSpace();
            long keepFree = keepFreeBytes(total);
            long allowed = usable - keepFree;
            if (!settings.sizeGiven()) {
                allowed = Math.min(allowed, usable / 2);
            }
            if (allowed < blockBytes || (settings.sizeGiven() && allowed < bytes)) {
                throw InsufficientSpaceException.beforeWriting(t.directory(),
                        (settings.sizeGiven() ? bytes : blockBytes) + keepFree, usable,
                        "a sustained write leaves " + DataSize.ofBytes(keepFree) + " free: "
                                + KEEP_FREE_PERCENT + " % of the file system's "
                                + String.format(Locale.ROOT, "%.1f MiB",
                                        total / (double) DataSize.MEBIBYTE) + ", at least "
                                + DataSize.ofBytes(KEEP_FREE_MIN_BYTES) + ", at most "
                                + DataSize.ofBytes(KEEP_FREE_MAX_BYTES),
                        settings.sizeGiven() ? List.of("size") : List.of());
            }
            bytes = Math.min(bytes, allowed);
        }
        return Math.max(1, bytes / blockBytes);
    }

    private static void idle(long nanos) throws InterruptedIOException {
        if (nanos <= 0) {
            return;
        }
        try {
            Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
        } catch (InterruptedException e) {
            throw IoFailures.interrupted("idle time before the sustained write", 0, 0, e);
        }
    }

    /** The one timed pass. */
    private final class Pass {
        private final TestFile file;
        private final Path name;
        private final WriteData data;
        private final long blockBytes;
        private final long blocks;
        private final DeviceCounters counters;
        private SustainedReport.Stop stop = SustainedReport.Stop.SIZE;

        Pass(TestFile file, Path name, WriteData data, long blockBytes, long blocks,
                DeviceCounters counters) {
            this.file = file;
            this.name = name;
            this.data = data;
            this.blockBytes = blockBytes;
            this.blocks = blocks;
            this.counters = counters;
        }

        Sample run() throws IOException {
            String what = "sustained write pass";
            long planned = blocks * blockBytes;
            listener.passStarted(PassKind.WRITE, 1, planned);
            data.startRun(NONCES.nextLong());
            StopSignal stopSignal = new StopSignal();
            CompletionLog log = new CompletionLog(blocks);
            PassWindow window = PassWindow.open(counters);
            long start = window.startNanos();
            long[] nextCheck = {start + CHECK_EVERY_NANOS};
            IoLoop.Progress progress = done -> {
                long now = System.nanoTime();
                log.add(now - start);
                if (now - nextCheck[0] >= 0) {
                    nextCheck[0] = now + CHECK_EVERY_NANOS;
                    if (SteadyAfterDrop.reached(log, blockBytes, settings.steadyNanos())) {
                        stop = SustainedReport.Stop.STEADY_AFTER_DROP;
                        stopSignal.request();
                    }
                }
                listener.bytesTransferred(PassKind.WRITE, 1, done, planned);
            };
            IoLoop loop = new IoLoop(new LoopFile(new BlockingIoQueue(file), blockBytes, name, what,
                    planned), LoopIos.writes(OffsetGenerator.sequential(0, blocks, blockBytes), data),
                    LoopRecorders.pass(true, window.recorder(), progress),
                    LoopControl.stoppedBy(stopSignal));
            IoLoop.Outcome outcome = loop.run(blocks, start, start + settings.maxNanos());
            if (stop != SustainedReport.Stop.STEADY_AFTER_DROP && outcome.measuredIos() < blocks) {
                stop = SustainedReport.Stop.DURATION;
            }
            IoFailures.dataSync(file, name, what, outcome.measuredBytes(), planned);
            Sample sample = window.sample(1, window.elapsedNanos(0), settings.direct()
                            ? CacheHandling.DIRECT_IO : CacheHandling.BUFFERED_WRITE)
                    .withCacheCliff(CliffDetector.find(log.nanos(), log.size(), blockBytes));
            listener.passFinished(PassKind.WRITE, sample);
            return sample;
        }
    }

}
