package io.github.drivespeed.internal.measure;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.InvalidSettingException.Reason;
import io.github.drivespeed.error.UnsafeTargetException;
import io.github.drivespeed.internal.files.DriveLocks;
import io.github.drivespeed.internal.io.IoBuffers;
import io.github.drivespeed.internal.io.WriteData;
import io.github.drivespeed.internal.preflight.DeviceOpenRefusal;
import io.github.drivespeed.internal.preflight.DeviceTarget;
import io.github.drivespeed.internal.preflight.DeviceWriteGuard;
import io.github.drivespeed.internal.preflight.Preflight;
import io.github.drivespeed.internal.probe.DeviceCounters;
import io.github.drivespeed.internal.verify.ReadRing;
import io.github.drivespeed.parameters.CapacityProbeParameters;
import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.DeviceParameters;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.medium.ConstantFill;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.medium.Verification;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.BlockDeviceRequest;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.ErrnoIoException;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
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
 * Runs a block-device test: examines the device, checks everything checkable before opening it
 * (and, for writing, {@link DeviceWriteGuard}), opens it read-only (or exclusively), reads a few
 * blocks at its end untimed, then per run (writes and fdatasync's, timed, then) reads
 * sequentially, timed, each run going on where the previous stopped and wrapping to offset 0 at
 * the end. Nothing past the end is touched. Where the device's size is not a multiple of the
 * block size, a read-only test's pass that reaches the device's end and is to go on (a count of
 * one more than the whole blocks, from the device's start, or a pass without a count) ends with
 * one smaller request for the rest ({@link DevicePasses#tailBytes}, a multiple of the logical block size),
 * so that the device is read to its last byte; a write test moves whole blocks only and leaves
 * that rest as it was (the report says so). The drive's locks ({@link DriveLocks}) are held from the opening to
 * the end: another measurement on the device, its disk or a file system on it is
 * {@link Warning#CONCURRENT_MEASUREMENT} (and a lock directory that cannot be listed,
 * {@link Warning#CONCURRENCY_UNCHECKED}); a pass over which the device's counters moved clearly
 * more than the pass did is {@link Warning#FOREIGN_IO}.
 */
public final class DeviceMeasurement extends Measurement<DeviceTarget, DeviceReport> {

    private static final Logger LOG = LoggerFactory.getLogger(DeviceMeasurement.class);


    /**
     * What to measure: as the plan gave them, then, once {@link #check} has seen the device, with
     * the block size fitted to a device smaller than the plan's default block.
     */
    private DeviceParameters parameters;
    /** Whether the block size is the plan's default, to be fitted to a smaller device. */
    private final boolean fitBlockToDevice;
    private final Optional<Path> writeConfirmation;
    private final PageCacheOptions readOptions;
    private final ProgressListener listener;
    private final boolean verify;

    /**
     * A device test on a block device.
     *
     * @param device the device as the caller gave it
     * @param parameters what to measure, with whether a write test's read-back is verified
     * @param fitBlockToDevice whether the block size is the plan's default, which a device
     *     smaller than it is read with a block that fits instead ({@link #fittedBlockBytes})
     * @param writeConfirmation the device the caller allowed writes to, if any
     * @param readOptions drop_caches and the cached-read pass
     * @param listener progress receiver
     * @param backend the backend to use, or empty for the best available
     */
    public DeviceMeasurement(Path device, DeviceParameters parameters, boolean fitBlockToDevice,
            Optional<Path> writeConfirmation, PageCacheOptions readOptions, ProgressListener listener,
            Optional<IoBackend> backend) {
        super(device, backend, optInFirst(parameters.write(), writeConfirmation));
        this.parameters = Objects.requireNonNull(parameters, "parameters");
        this.fitBlockToDevice = fitBlockToDevice;
        this.writeConfirmation = Objects.requireNonNull(writeConfirmation, "writeConfirmation");
        this.readOptions = Objects.requireNonNull(readOptions, "readOptions");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.verify = parameters.verify();
    }

    /**
     * The examination of the device, after, for a write, the caller's opt-in: writes allowed to
     * this same device by name ({@link DeviceWriteGuard#checkConfirmation}), which needs no
     * open, so that a device the kernel would not open is refused for the missing opt-in first.
     */
    private static Examination<DeviceTarget> optInFirst(boolean write,
            Optional<Path> writeConfirmation) {
        return (given, backend) -> {
            if (write) {
                DeviceWriteGuard.checkConfirmation(given, writeConfirmation);
            }
            return DeviceTarget.examine(given, backend);
        };
    }

    /**
     * The plan against the device and its backend ({@link #checkPlan}), the memory the buffers
     * take, and for a write test the {@link DeviceWriteGuard}.
     */
    @Override
    protected Checked<DeviceReport> check(DeviceTarget t) throws IOException {
        IoBackend io = t.io();
        if (fitBlockToDevice && parameters.blockSize().bytes() > t.sizeBytes()
                && t.sizeBytes() > 0) {
            long fitted = fittedBlockBytes(t.sizeBytes(), tailRequestUnit(t, io),
                    parameters.blockSize().bytes());
            LOG.info("{} ({} bytes) is smaller than the default block of {}: reading it with"
                    + " blocks of {}", t.given(), t.sizeBytes(), parameters.blockSize(),
                    DataSize.ofBytes(fitted));
            parameters = parameters.withBlockSize(DataSize.ofBytes(fitted));
        }
        long blockBytes = parameters.blockSize().bytes();
        checkPlan(t, io, blockBytes);
        boolean verifying = parameters.write() && verify;
        Preflight.checkMemory(parameters.write()
                        ? WriteData.randomPoolBytes(blockBytes, t.sizeBytes() / blockBytes,
                                WriteData.POOL_TARGET_BYTES) + (verifying ? blockBytes : 0)
                        : blockBytes + Math.max(16 * DataSize.MEBIBYTE, 2 * blockBytes),
                parameters.blockSize(), !parameters.write() ? "the read block and the ring the"
                        + " reads go to while their zero blocks are counted"
                        : verifying ? "the write pool, and a second block to read back into for"
                                + " verification" : "the write pool, which the reads reuse");
        if (parameters.write()) {
            DeviceWriteGuard.check(t, writeConfirmation, parameters.force());
        }
        return started -> measure(t, started);
    }

    /** The drive's locks taken, the passes run, the cached-read pass; then the report. */
    private DeviceReport measure(DeviceTarget t, Started started) throws IOException {
        IoBackend io = t.io();
        long blockBytes = parameters.blockSize().bytes();
        long blocks = t.sizeBytes() / blockBytes;
        DeviceCounters counters = t.sysfsName().map(DeviceCounters::ofDevice)
                .orElse(DeviceCounters.NONE);
        List<Sample> writes = new ArrayList<>();
        List<Sample> reads = new ArrayList<>();
        Set<Warning> writeWarnings = EnumSet.noneOf(Warning.class);
        Set<Warning> readWarnings = EnumSet.noneOf(Warning.class);
        Optional<ConstantFill> fills;
        try (DriveLocks locks = t.description().map(DriveLocks::acquire)
                .orElseGet(() -> DriveLocks.acquire(t.number()))) {
            boolean concurrent = locks.anotherMeasurement();
            DevicePasses passes = runAll(t, io, blockBytes, blocks, counters, writes, reads);
            CacheChecks.addSharedDrive(concurrent || locks.anotherMeasurement(),
                    locks.concurrencyUnchecked(), passes.foreignWrite(), passes.foreignRead(),
                    writeWarnings, readWarnings);
            fills = passes.constantFill();
            if (fills.map(ConstantFill::mostly).orElse(false)) {
                readWarnings.add(Warning.READ_CONSTANT_FILL);
            }
        }
        CacheChecks.addFindings(writes, reads, writeWarnings, readWarnings);
        writeWarnings.addAll(FigureChecks.flushWarnings(writes, false));
        writeWarnings.addAll(FigureChecks.lengthWarnings(writes));
        readWarnings.addAll(FigureChecks.lengthWarnings(reads));
        Optional<PassResult> cached = readOptions.cachedReadNanos() > 0
                ? Optional.of(cachedRead(t, io, counters)) : Optional.empty();
        Optional<PassResult> write = parameters.write()
                ? Optional.of(PassResult.of(PassKind.WRITE, writes, writeWarnings))
                : Optional.empty();
        readWarnings.addAll(CacheChecks.readWarnings(PassKind.READ, reads));
        PassResult read = PassResult.of(PassKind.READ, reads, readWarnings);
        Instant startedAt = started.at();
        return new DeviceReport(t.info(false), parameters, t.selection().info(), write,
                read, cached, startedAt, fills);
    }

    /** Opens the device and runs the warm-up and the timed passes, adding their samples. */
    private DevicePasses runAll(DeviceTarget t, IoBackend io, long blockBytes, long blocks,
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
             // a read-only test reads into a ring too, whose all-zero blocks are counted
             ReadRing ring = verifying || !parameters.write() ? new ReadRing(io, blockBytes,
                     Math.min(blocks, parameters.count().orElse(blocks)), alignment, false)
                     : null;
             AlignedBuffer ownReadBuffer = data == null
                     ? IoBuffers.allocate(io, blockBytes, alignment, blockBytes)
                     : null) {
            AlignedBuffer readBuffer = ownReadBuffer != null ? ownReadBuffer
                    : ring != null ? ring.buffer() : data.buffer();
            DevicePasses passes = new DevicePasses(parameters, readOptions, listener, verifying,
                    handle, t, readBuffer, ring, data, counters, tailRequestUnit(t, io));
            passes.runAll(writes, reads);
            return passes;
        }
    }

    /**
     * Runs the destructive capacity probe ({@link CapacityProbe}) instead of a speed test, with
     * the write test's safety checks.
     *
     * @param cacheBoundBytes the cache of recent writes to rule out (bytes written elsewhere
     *     between a unit and its read-back; at most a quarter of the device is)
     * @return the report
     * @throws IOException see {@link io.github.drivespeed.CapacityProbePlan#run()}
     */
    public CapacityProbeReport probeCapacity(long cacheBoundBytes) throws IOException {
        return new Probe(cacheBoundBytes).run();
    }

    /**
     * The capacity probe, by the template: the same device examined, a backend that writes block
     * devices and the write guard checked, then {@link CapacityProbe}'s rounds.
     */
    private final class Probe extends Measurement<DeviceTarget, CapacityProbeReport> {

        private final long cacheBoundBytes;

        Probe(long cacheBoundBytes) {
            super(DeviceMeasurement.this.given(), DeviceMeasurement.this.backend(),
                    optInFirst(true, DeviceMeasurement.this.writeConfirmation));
            this.cacheBoundBytes = cacheBoundBytes;
        }

        @Override
        protected Checked<CapacityProbeReport> check(DeviceTarget t) throws IOException {
            if (!t.io().capabilities().contains(Capability.BLOCK_DEVICE_WRITE)) {
                throw new InvalidSettingException("backend", t.io().name(), "cannot write block"
                        + " devices, which the capacity probe does: use the native backend");
            }
            DeviceWriteGuard.check(t, writeConfirmation, parameters.force());
            CapacityProbe probe = new CapacityProbe(t,
                    new CapacityProbeParameters(parameters.force(),
                            DataSize.ofBytes(cacheBoundBytes)), listener);
            // the probe dates its report from its first write's set-up
            return started -> probe.run();
        }
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
        long maxCount = wholeBlocks + (DevicePasses.tailBytes(t, blockBytes, parameters.write()) > 0 ? 1 : 0);
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
     * The block a device smaller than the plan's default block is read with: the largest
     * multiple of {@code unit}, at most {@code maxBytes}, that divides the device's size, so that
     * every pass reads it in whole blocks; where the largest such divisor is under a sixteenth of
     * the device (a size with no divisor near it), the largest whole number of units that fits,
     * and a read-only pass reads the rest as its last, smaller request.
     *
     * @param sizeBytes the device's size, {@code > 0}
     * @param unit the logical block size, or the direct-I/O alignment where larger
     * @param maxBytes the default block size
     * @return the block size, a multiple of {@code unit} no larger than the device
     */
    static long fittedBlockBytes(long sizeBytes, long unit, long maxBytes) {
        long units = sizeBytes / unit;
        long most = Math.max(1, Math.min(units, maxBytes / unit));
        if (sizeBytes % unit == 0) {
            for (long k = most; k >= 1 && k * 16 >= units; k--) {
                if (units % k == 0) {
                    return k * unit;
                }
            }
        }
        return most * unit;
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
            throw DeviceOpenRefusal.of(t.given(), t.device(), e, parameters.write());
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
}
