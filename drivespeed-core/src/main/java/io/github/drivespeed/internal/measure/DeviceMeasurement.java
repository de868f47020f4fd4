package io.github.drivespeed.internal.measure;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.InvalidSettingException.Reason;
import io.github.drivespeed.error.UnsafeTargetException;
import io.github.drivespeed.internal.files.DriveLocks;
import io.github.drivespeed.internal.io.BlockingIoQueue;
import io.github.drivespeed.internal.io.DirectionGenerator;
import io.github.drivespeed.internal.io.DirectionRecorder;
import io.github.drivespeed.internal.io.IoBuffers;
import io.github.drivespeed.internal.io.IoFailures;
import io.github.drivespeed.internal.io.IoLoop;
import io.github.drivespeed.internal.io.OffsetGenerator;
import io.github.drivespeed.internal.io.StopSignal;
import io.github.drivespeed.internal.io.WriteData;
import io.github.drivespeed.internal.preflight.DeviceTarget;
import io.github.drivespeed.internal.preflight.DeviceWriteGuard;
import io.github.drivespeed.internal.preflight.Preflight;
import io.github.drivespeed.internal.probe.DeviceCounters;
import io.github.drivespeed.internal.verify.PassChecks;
import io.github.drivespeed.internal.verify.ReadRing;
import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.DeviceParameters;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.DeviceIo;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.Verification;
import io.github.drivespeed.error.TestFileIoException;
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
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a block-device test: examines the device, checks everything checkable before opening it
 * (and, for writing, {@link DeviceWriteGuard}), opens it read-only (or exclusively), reads a few
 * blocks at its end untimed, then per run (writes and fdatasync's, timed, then) reads
 * sequentially, timed, each run going on where the previous stopped and wrapping to offset 0 at
 * the end. Nothing past the end is touched. Where the device's size is not a multiple of the
 * block size, a read-only test's pass that reaches the device's end and is to go on (a count of
 * one more than the whole blocks, from the device's start, or a pass without a count) ends with
 * one smaller request for the rest ({@link #tailBytes}, a multiple of the logical block size),
 * so that the device is read to its last byte; a write test moves whole blocks only and leaves
 * that rest as it was (the report says so). The drive's locks ({@link DriveLocks}) are held from the opening to
 * the end: another measurement on the device, its disk or a file system on it is
 * {@link Warning#CONCURRENT_MEASUREMENT}; a pass over which the device's counters moved clearly
 * more than the pass did is {@link Warning#FOREIGN_IO}.
 */
public final class DeviceMeasurement {

    private static final Logger LOG = LoggerFactory.getLogger(DeviceMeasurement.class);

    /** The untimed warm-up reads at most this much, at the device's end. */
    static final long WARM_UP_BYTES = 16 * DataSize.MEBIBYTE;
    private static final SecureRandom NONCES = new SecureRandom();

    private final Path device;
    private final DeviceParameters parameters;
    private final Optional<Path> writeConfirmation;
    private final PageCacheOptions readOptions;
    private final ProgressListener listener;
    private final Optional<IoBackend> backend;
    private final boolean verify;

    /**
     * @param device the device as the caller gave it
     * @param parameters what to measure
     * @param writeConfirmation the device the caller allowed writes to, if any
     * @param readOptions drop_caches and the cached-read pass
     * @param listener progress receiver
     * @param backend the backend to use, or empty for the best available
     * @param verify whether a write test's read passes are checked against what was written
     */
    public DeviceMeasurement(Path device, DeviceParameters parameters,
            Optional<Path> writeConfirmation, PageCacheOptions readOptions, ProgressListener listener,
            Optional<IoBackend> backend, boolean verify) {
        this.device = Objects.requireNonNull(device, "device");
        this.parameters = Objects.requireNonNull(parameters, "parameters");
        this.writeConfirmation = Objects.requireNonNull(writeConfirmation, "writeConfirmation");
        this.readOptions = Objects.requireNonNull(readOptions, "readOptions");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.backend = Objects.requireNonNull(backend, "backend");
        this.verify = verify;
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
        boolean verifying = parameters.write() && verify;
        Preflight.checkMemory(parameters.write()
                        ? WriteData.randomPoolBytes(blockBytes, t.sizeBytes() / blockBytes,
                                WriteData.POOL_TARGET_BYTES) + (verifying ? blockBytes : 0)
                        : blockBytes,
                parameters.blockSize(), !parameters.write() ? "the read block"
                        : verifying ? "the write pool, and a second block to read back into for"
                                + " verification" : "the write pool, which the reads reuse");
        if (parameters.write()) {
            DeviceWriteGuard.check(t, writeConfirmation, parameters.force());
        }
        long blocks = t.sizeBytes() / blockBytes;
        DeviceCounters counters = t.sysfsName().map(DeviceCounters::ofDevice)
                .orElse(DeviceCounters.NONE);
        List<Sample> writes = new ArrayList<>();
        List<Sample> reads = new ArrayList<>();
        Set<Warning> writeWarnings = EnumSet.noneOf(Warning.class);
        Set<Warning> readWarnings = EnumSet.noneOf(Warning.class);
        try (DriveLocks locks = t.description().map(DriveLocks::acquire)
                .orElseGet(() -> DriveLocks.acquire(t.number()))) {
            boolean concurrent = locks.anotherMeasurement();
            Passes passes = measure(t, io, blockBytes, blocks, counters, writes, reads);
            CacheChecks.addSharedDrive(concurrent || locks.anotherMeasurement(),
                    passes.foreignWrite, passes.foreignRead, writeWarnings, readWarnings);
        }
        if (reads.stream().anyMatch(r -> r.verification().map(Verification::hasLoss).orElse(false))) {
            writeWarnings.add(Warning.DATA_LOSS);
            readWarnings.add(Warning.DATA_LOSS);
        }
        if (writes.stream().anyMatch(w -> w.cacheCliff().isPresent())) {
            writeWarnings.add(Warning.WRITE_CACHE_CLIFF);
        }
        Optional<PassResult> cached = readOptions.cachedReadNanos() > 0
                ? Optional.of(cachedRead(t, io, counters)) : Optional.empty();
        Optional<PassResult> write = parameters.write()
                ? Optional.of(new PassResult(PassKind.WRITE, writes, writeWarnings))
                : Optional.empty();
        readWarnings.addAll(CacheChecks.readWarnings(PassKind.READ, reads));
        PassResult read = new PassResult(PassKind.READ, reads, readWarnings);
        return new DeviceReport(t.device(), t.description(), t.sizeBytes(), t.logicalBlockBytes(),
                parameters, t.selection().info(), write, read, cached, t.warnings(), startedAt);
    }

    /** Opens the device and runs the warm-up and the timed passes, adding their samples. */
    private Passes measure(DeviceTarget t, IoBackend io, long blockBytes, long blocks,
            DeviceCounters counters, List<Sample> writes, List<Sample> reads) throws IOException {
        int alignment = Math.max(Preflight.MIN_BUFFER_ALIGNMENT, t.logicalBlockBytes());
        // A write test without verification reads into the write pool, which every run refills
        // before writing (as the directory test does): one buffer, not two. Verification compares
        // with the pool, so it reads into a ring of its own, checked behind the reads.
        boolean verifying = parameters.write() && verify;
        try (FileHandle handle = open(t, io);
             WriteData data = parameters.write()
                     ? new WriteData(io, blockBytes, Math.min(blocks, Integer.MAX_VALUE),
                             DataPattern.RANDOM, alignment)
                     : null;
             ReadRing ring = verifying ? new ReadRing(io, blockBytes,
                     Math.min(blocks, parameters.count().orElse(blocks)), alignment, false)
                     : null;
             AlignedBuffer ownReadBuffer = data == null
                     ? IoBuffers.allocate(io, blockBytes, alignment, blockBytes)
                     : null) {
            AlignedBuffer readBuffer = ring != null ? ring.buffer()
                    : ownReadBuffer != null ? ownReadBuffer : data.buffer();
            Passes passes = new Passes(handle, t, readBuffer, ring, data, blockBytes, blocks,
                    counters, tailRequestUnit(t, io));
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
            return passes;
        }
    }

    /**
     * Runs the destructive capacity probe ({@link CapacityProbe}) instead of a speed test, with
     * the write test's safety checks.
     *
     * @return the report
     * @throws IOException see {@link io.github.drivespeed.DevicePlan#probeCapacity()}
     */
    public CapacityProbeReport probeCapacity() throws IOException {
        DeviceTarget t = DeviceTarget.examine(device, backend);
        if (!t.io().capabilities().contains(Capability.BLOCK_DEVICE_WRITE)) {
            throw new InvalidSettingException("backend", t.io().name(), "cannot write block"
                    + " devices, which the capacity probe does: use the native backend");
        }
        DeviceWriteGuard.check(t, writeConfirmation, parameters.force());
        return new CapacityProbe(t, listener).run();
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
        long wholeBlocks = t.sizeBytes() / blockBytes;
        long maxCount = wholeBlocks + (tailBytes(t, blockBytes, parameters.write()) > 0 ? 1 : 0);
        if (parameters.count().isPresent() && parameters.count().getAsLong() > maxCount) {
            long count = parameters.count().getAsLong();
            throw new InvalidSettingException("count", count, Reason.of("does not fit: " + count
                    + " blocks of ").setting("blockSize").then(" " + parameters.blockSize() + " ("
                    + parameters.blockSize().times(count) + ") exceed the size of " + t.given()
                    + " (" + t.sizeBytes() + " bytes, " + wholeBlocks + " whole blocks"
                    + (maxCount > wholeBlocks ? " and the rest as a last, smaller request" : "")
                    + "); nothing past the end is read: give at most " + maxCount), null);
        }
        readOptions.checkBackend(io);
    }

    /**
     * The part of the device after its last whole block that a read-only test reads as a last,
     * smaller request: {@code size mod blockBytes}, rounded down to the logical block size.
     *
     * @return the bytes, 0 for a write test or a size that is a multiple of the block size
     */
    static long tailBytes(DeviceTarget t, long blockBytes, boolean write) {
        long rest = t.sizeBytes() % blockBytes;
        return write ? 0 : rest - rest % t.logicalBlockBytes();
    }

    /**
     * The unit the last, smaller request is rounded up to: the logical block size, or with
     * O_DIRECT the backend's alignment where it is larger (the JDK checks transfers against the
     * block size of the file store holding the device node, 4096 B on devtmpfs). The kernel ends
     * a read of a block device at its end, so the request returns the rest, never more.
     */
    private long tailRequestUnit(DeviceTarget t, IoBackend io) {
        long unit = t.logicalBlockBytes();
        if (parameters.direct()) {
            try {
                unit = Math.max(unit, io.directIoAlignmentBytes(t.device()));
            } catch (IOException | RuntimeException e) {
                LOG.debug("no direct-I/O alignment for {}: {}", t.device(), e.toString());
            }
        }
        return unit;
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
        private final ReadRing ring;
        private final WriteData data;
        private final long blockBytes;
        private final long blocks;
        private final DeviceCounters counters;
        private final long tailUnit;
        /** Whether a timed pass's device counters showed other I/O. */
        private boolean foreignWrite;
        private boolean foreignRead;

        Passes(FileHandle handle, DeviceTarget t, AlignedBuffer readBuffer, ReadRing ring,
                WriteData data, long blockBytes, long blocks, DeviceCounters counters,
                long tailUnit) {
            this.handle = handle;
            this.ring = ring;
            this.t = t;
            this.readBuffer = readBuffer;
            this.data = data;
            this.blockBytes = blockBytes;
            this.blocks = blocks;
            this.counters = counters;
            this.tailUnit = tailUnit;
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
            long tail = !write && cursor.get() % blocks == 0 && maxBlocks > blocks
                    ? tailBytes(t, blockBytes, parameters.write()) : 0;
            long planned = parameters.timeBased() && maxBlocks == Long.MAX_VALUE ? -1
                    : limit * blockBytes + tail;
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
            long first = cursor.get() % blocks;
            try (PassChecks checks = new PassChecks(write, verify && parameters.write(), data,
                    ring, false, blockBytes, limit, i -> (first + i) % blocks * blockBytes,
                    done -> listener.bytesTransferred(kind, run, done, passBytes))) {
                Optional<DeviceCounters.Snapshot> before = counters.snapshot();
                long start = System.nanoTime();
                DirectionRecorder recorder = new DirectionRecorder(start,
                        SequentialMeasurement.TIMELINE_INTERVAL_NANOS, 0);
                checks.begin(start, recorder);
                long deadline = start + (parameters.timeBased() && maxBlocks == Long.MAX_VALUE
                        ? parameters.duration().get().toNanos() : IoLoop.NO_DEADLINE_NANOS);
                long done = transfer(checks, kind, cursor, first, limit, start, deadline,
                        recorder, what, planned);
                if (write) {
                    IoFailures.dataSync(handle, t.device(), what, done, planned);
                } else {
                    // (not verified: only a read-only test reads the tail, and it wrote nothing)
                    done += readTail(cursor, done / blockBytes, maxBlocks, deadline, recorder,
                            what);
                }
                // one continuous interval: the check runs beside the reads, nothing left out
                long elapsed = Math.max(1, System.nanoTime() - start);
                checks.finish();
                Optional<DeviceCounters.Snapshot> after = counters.snapshot();
                Optional<DeviceIo> device = counters.between(before, after);
                boolean foreign = CacheChecks.foreignIo(device, write ? 0 : done,
                        write ? done : 0, blockBytes, !parameters.direct(), true);
                if (write) {
                    foreignWrite |= foreign;
                } else {
                    foreignRead |= foreign;
                }
                Sample sample = checks.annotate(DirectionRecorder.sample(run, List.of(recorder),
                        elapsed).withAccounting(handling, device));
                listener.passFinished(kind, sample);
                return sample;
            }
        }

        /** A pass's whole blocks; EIO on a verified read-back is data lost, and the read goes on. */
        private long transfer(PassChecks checks, PassKind kind, AtomicLong cursor, long first,
                long limit, long start, long deadline, DirectionRecorder recorder, String what,
                long planned) throws IOException {
            long done = 0;
            for (long base = 0; base < limit; ) {
                long from = base;
                IoLoop loop = checks.attach(loop(kind, OffsetGenerator.sequential(0, blocks,
                        blockBytes, cursor), recorder, moved -> checks.completed(from, moved),
                        what, planned));
                try {
                    done += run(loop, limit - base, start, deadline, what, planned);
                    base = limit;
                } catch (TestFileIoException e) {
                    // EIO on read-back of what this test wrote is data lost: note the block and
                    // read on from the next one (the cursor is past it).
                    if (!checks.verifying() || !IoFailures.isIoError(e) || e.offset() < 0) {
                        throw e;
                    }
                    long bad = (e.offset() / blockBytes - first + blocks) % blocks;
                    checks.unreadable(bad);
                    done += (bad - base) * blockBytes;
                    base = bad + 1;
                }
            }
            return done;
        }

        /**
         * The last, smaller request of a pass that ended at the device's last whole block and
         * was to go on: the rest of the device ({@link #tailBytes}), timed and recorded as one I/O.
         *
         * @return the bytes read, 0 where the pass did not end there
         */
        private long readTail(AtomicLong cursor, long wholeBlocks, long maxBlocks, long deadline,
                DirectionRecorder recorder, String what) throws IOException {
            long tail = tailBytes(t, blockBytes, parameters.write());
            boolean atEnd = wholeBlocks > 0 && cursor.get() % blocks == 0;
            if (tail == 0 || !atEnd || maxBlocks <= wholeBlocks || System.nanoTime() >= deadline) {
                return 0;
            }
            long at = blocks * blockBytes;
            long request = Math.min(blockBytes, (tail + tailUnit - 1) / tailUnit * tailUnit);
            long submitted = System.nanoTime();
            long moved = 0;
            try {
                while (moved < tail) {
                    long n = handle.read(readBuffer, moved, request - moved, at + moved);
                    if (n <= 0) {
                        throw new IOException("unexpected end of " + t.device() + " at offset "
                                + (at + moved) + " of " + t.sizeBytes());
                    }
                    moved += n;
                }
            } catch (IOException e) {
                throw IoFailures.map(e, t.device(), "read", at + moved, what,
                        wholeBlocks * blockBytes + moved, -1);
            }
            long now = System.nanoTime();
            recorder.record(tail, now - submitted, now);
            return tail;
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
