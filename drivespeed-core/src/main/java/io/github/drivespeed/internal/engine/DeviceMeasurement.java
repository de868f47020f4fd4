package io.github.drivespeed.internal.engine;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.InvalidSettingException.Reason;
import io.github.drivespeed.error.UnsafeTargetException;
import io.github.drivespeed.internal.probe.DeviceCounters;
import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.DeviceParameters;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.BlockDeviceRequest;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.ErrnoIoException;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs a block-device test: examines the device, checks everything checkable before opening it
 * (and, for writing, {@link DeviceWriteGuard}), opens it read-only (or exclusively), reads a few
 * blocks at its end untimed, then per run (writes and fdatasync's, timed, then) reads
 * sequentially, timed, each run going on where the previous stopped and wrapping to offset 0 at
 * the end. Only whole blocks are moved, so nothing past the end is touched; a tail smaller than
 * one block is never read.
 */
public final class DeviceMeasurement {

    /** The untimed warm-up reads at most this much, at the device's end. */
    static final long WARM_UP_BYTES = 16 * DataSize.MEBIBYTE;
    private static final SecureRandom NONCES = new SecureRandom();

    private final Path device;
    private final DeviceParameters parameters;
    private final Optional<Path> writeConfirmation;
    private final PageCacheOptions readOptions;
    private final ProgressListener listener;
    private final Optional<IoBackend> backend;

    /**
     * @param device the device as the caller gave it
     * @param parameters what to measure
     * @param writeConfirmation the device the caller allowed writes to, if any
     * @param readOptions drop_caches and the cached-read pass
     * @param listener progress receiver
     * @param backend the backend to use, or empty for the best available
     */
    public DeviceMeasurement(Path device, DeviceParameters parameters,
            Optional<Path> writeConfirmation, PageCacheOptions readOptions, ProgressListener listener,
            Optional<IoBackend> backend) {
        this.device = Objects.requireNonNull(device, "device");
        this.parameters = Objects.requireNonNull(parameters, "parameters");
        this.writeConfirmation = Objects.requireNonNull(writeConfirmation, "writeConfirmation");
        this.readOptions = Objects.requireNonNull(readOptions, "readOptions");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.backend = Objects.requireNonNull(backend, "backend");
    }

    /**
     * Runs the test.
     *
     * @return the report
     * @throws IOException see {@link io.github.drivespeed.DevicePlan#run()}
     */
    public DeviceReport run() throws IOException {
        Instant startedAt = Instant.now();
        DeviceTarget t = DeviceTarget.examine(device, backend);
        IoBackend io = t.io();
        long blockBytes = parameters.blockSize().bytes();
        checkPlan(t, io, blockBytes);
        if (parameters.write()) {
            DeviceWriteGuard.check(t, writeConfirmation, parameters.force());
        }
        long blocks = t.sizeBytes() / blockBytes;
        DeviceCounters counters = t.sysfsName().map(DeviceCounters::ofDevice)
                .orElse(DeviceCounters.NONE);
        int alignment = Math.max(Preflight.MIN_BUFFER_ALIGNMENT, t.logicalBlockBytes());
        List<Sample> writes = new ArrayList<>();
        List<Sample> reads = new ArrayList<>();
        // A write test reads into the write pool, which every run refills before writing (as the
        // directory test does): one buffer, not two.
        try (FileHandle handle = open(t, io);
             WriteData data = parameters.write()
                     ? new WriteData(io, blockBytes, Math.min(blocks, Integer.MAX_VALUE),
                             DataPattern.RANDOM, alignment)
                     : null;
             AlignedBuffer ownReadBuffer = data == null
                     ? Preflight.allocate(io, blockBytes, alignment, blockBytes) : null) {
            AlignedBuffer readBuffer = data == null ? ownReadBuffer : data.buffer();
            Passes passes = new Passes(handle, t, readBuffer, data, blockBytes, blocks, counters);
            passes.warmUp();
            AtomicLong cursor = new AtomicLong();
            for (int run = 1; run <= parameters.runs(); run++) {
                if (parameters.write()) {
                    long first = cursor.get() % blocks;
                    Sample w = passes.timed(PassKind.WRITE, run, cursor,
                            parameters.count().orElse(Long.MAX_VALUE));
                    writes.add(w);
                    reads.add(passes.timed(PassKind.READ, run, new AtomicLong(first), w.ios()));
                } else {
                    reads.add(passes.timed(PassKind.READ, run, cursor,
                            parameters.count().orElse(Long.MAX_VALUE)));
                }
            }
        }
        Optional<PassResult> cached = readOptions.cachedReadNanos() > 0
                ? Optional.of(cachedRead(t, io, counters)) : Optional.empty();
        Optional<PassResult> write = parameters.write()
                ? Optional.of(new PassResult(PassKind.WRITE, writes, EnumSet.noneOf(Warning.class)))
                : Optional.empty();
        PassResult read = new PassResult(PassKind.READ, reads,
                CacheChecks.readWarnings(PassKind.READ, reads));
        return new DeviceReport(t.device(), t.description(), t.sizeBytes(), t.logicalBlockBytes(),
                parameters, t.selection().info(), write, read, cached, t.warnings(), startedAt);
    }

    /** The checks that need the device, before it is opened. */
    private void checkPlan(DeviceTarget t, IoBackend io, long blockBytes) {
        if (!io.capabilities().contains(Capability.BLOCK_DEVICE_READ)) {
            throw new InvalidSettingException("backend", io.name(), "cannot open block devices");
        }
        Preflight.checkBlockFitsBackend(io, blockBytes);
        if (blockBytes % t.logicalBlockBytes() != 0) {
            throw new InvalidSettingException("blockSize", parameters.blockSize() + " ("
                    + blockBytes + " bytes)", "is not a multiple of the logical block size of "
                    + t.given() + ", " + t.logicalBlockBytes() + " bytes");
        }
        if (t.sizeBytes() == 0) {
            throw new InvalidSettingException("device", t.given(), "is empty (0 bytes): a loop"
                    + " device with nothing attached, or a reader with no medium in it");
        }
        if (blockBytes > t.sizeBytes()) {
            throw new InvalidSettingException("blockSize", parameters.blockSize(),
                    "is larger than " + t.given() + " (" + t.sizeBytes() + " bytes)");
        }
        if (parameters.count().isPresent()
                && parameters.count().getAsLong() > t.sizeBytes() / blockBytes) {
            long count = parameters.count().getAsLong();
            throw new InvalidSettingException("count", count, Reason.of("does not fit: " + count
                    + " blocks of ").setting("blockSize").then(" " + parameters.blockSize() + " ("
                    + parameters.blockSize().times(count) + ") exceed the size of " + t.given()
                    + " (" + t.sizeBytes() + " bytes, " + t.sizeBytes() / blockBytes
                    + " whole blocks); nothing past the end is read: give at most "
                    + t.sizeBytes() / blockBytes), null);
        }
        readOptions.checkBackend(io);
    }

    private FileHandle open(DeviceTarget t, IoBackend io) throws IOException {
        try {
            return io.openBlockDevice(new BlockDeviceRequest(t.device(), parameters.direct(),
                    parameters.write()));
        } catch (IOException e) {
            if (parameters.write() && ErrnoIoException.is(e, "EBUSY")) {
                UnsafeTargetException refusal = new UnsafeTargetException(t.given(), "the kernel"
                        + " refused to open it exclusively (EBUSY): it is mounted or held,"
                        + " perhaps in another mount namespace; a device in use is never"
                        + " written");
                refusal.initCause(e);
                throw refusal;
            }
            throw e;
        }
    }

    /** {@code hdparm -T}: the device's first 2 MiB through the page cache, over and over. */
    private PassResult cachedRead(DeviceTarget t, IoBackend io, DeviceCounters counters)
            throws IOException {
        long region = Math.min(CachedRead.REGION_BYTES,
                t.sizeBytes() / t.logicalBlockBytes() * t.logicalBlockBytes());
        try (FileHandle handle = io.openBlockDevice(new BlockDeviceRequest(t.device(), false,
                false));
             AlignedBuffer buffer = io.allocate(region, Preflight.MIN_BUFFER_ALIGNMENT)) {
            return CachedRead.measure(handle, t.device(), buffer, region,
                    readOptions.cachedReadNanos(), counters);
        }
    }

    /** The passes over the open device. */
    private final class Passes {
        private final FileHandle handle;
        private final DeviceTarget t;
        private final AlignedBuffer readBuffer;
        private final WriteData data;
        private final long blockBytes;
        private final long blocks;
        private final DeviceCounters counters;

        Passes(FileHandle handle, DeviceTarget t, AlignedBuffer readBuffer, WriteData data,
                long blockBytes, long blocks, DeviceCounters counters) {
            this.handle = handle;
            this.t = t;
            this.readBuffer = readBuffer;
            this.data = data;
            this.blockBytes = blockBytes;
            this.blocks = blocks;
            this.counters = counters;
        }

        /** Reads up to {@link #WARM_UP_BYTES} at the device's end, untimed and unrecorded. */
        void warmUp() throws IOException {
            long n = Math.max(1, Math.min(blocks, WARM_UP_BYTES / blockBytes));
            IoLoop loop = loop(PassKind.READ, OffsetGenerator.sequential(blocks - n, n, blockBytes),
                    null, IoLoop.Progress.NONE, "warm-up", n * blockBytes);
            long now = System.nanoTime();
            run(loop, n, now, now + IoLoop.NO_DEADLINE_NANOS, "warm-up", n * blockBytes);
        }

        /**
         * One timed pass from the cursor's block on: {@code maxBlocks} blocks, or as many as the
         * duration allows (never more than the device holds).
         */
        Sample timed(PassKind kind, int run, AtomicLong cursor, long maxBlocks)
                throws IOException {
            boolean write = kind == PassKind.WRITE;
            String what = kind + " pass of run " + run + " on " + t.given();
            long limit = Math.min(maxBlocks, blocks);
            long planned = parameters.timeBased() && maxBlocks == Long.MAX_VALUE ? -1
                    : limit * blockBytes;
            CacheHandling handling;
            if (parameters.direct()) {
                handling = CacheHandling.DIRECT_IO;
            } else if (write) {
                handling = CacheHandling.BUFFERED_WRITE;
            } else {
                handling = CacheEviction.beforeBufferedRead(t.io(), handle,
                        readOptions.dropCaches(), t.device(), what, Math.max(0, planned));
            }
            long passBytes = Math.max(0, planned);
            listener.passStarted(kind, run, passBytes);
            if (write) {
                data.startRun(NONCES.nextLong());
            }
            IoLoop.Progress progress = done -> listener.bytesTransferred(kind, run, done,
                    passBytes);
            Optional<DeviceCounters.Snapshot> before = counters.snapshot();
            long start = System.nanoTime();
            DirectionRecorder recorder = new DirectionRecorder(start,
                    SequentialMeasurement.TIMELINE_INTERVAL_NANOS, 0);
            IoLoop loop = loop(kind, OffsetGenerator.sequential(0, blocks, blockBytes, cursor),
                    recorder, progress, what, planned);
            long deadline = start + (parameters.timeBased() && maxBlocks == Long.MAX_VALUE
                    ? parameters.duration().get().toNanos() : IoLoop.NO_DEADLINE_NANOS);
            long done = run(loop, limit, start, deadline, what, planned);
            if (write) {
                IoFailures.dataSync(handle, t.device(), what, done, planned);
            }
            long elapsed = Math.max(1, System.nanoTime() - start);
            Optional<DeviceCounters.Snapshot> after = counters.snapshot();
            Sample sample = DirectionRecorder.sample(run, List.of(recorder), elapsed)
                    .withAccounting(handling, counters.between(before, after));
            listener.passFinished(kind, sample);
            return sample;
        }

        private IoLoop loop(PassKind kind, OffsetGenerator offsets, DirectionRecorder recorder,
                IoLoop.Progress progress, String what, long planned) {
            boolean write = kind == PassKind.WRITE;
            return new IoLoop(new BlockingIoQueue(handle), blockBytes, offsets,
                    write ? DirectionGenerator.writes() : DirectionGenerator.reads(),
                    write ? data : null, write ? null : readBuffer,
                    write ? null : recorder, write ? recorder : null, new StopSignal(), progress,
                    t.device(), what, planned);
        }

        private long run(IoLoop loop, long ios, long start, long deadline, String what,
                long planned) throws IOException {
            try {
                return loop.run(ios, start, deadline).measuredBytes();
            } catch (InterruptedIOException e) {
                InterruptedIOException d = new InterruptedIOException("interrupted during the "
                        + what + " after " + e.bytesTransferred + " bytes"
                        + (planned > 0 ? " of " + planned : "") + "; the device test stopped and"
                        + " closed the device");
                d.bytesTransferred = e.bytesTransferred;
                d.initCause(e);
                Thread.currentThread().interrupt();
                throw d;
            }
        }
    }
}
