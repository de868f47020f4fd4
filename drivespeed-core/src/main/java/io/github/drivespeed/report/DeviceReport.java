package io.github.drivespeed.report;

import io.github.drivespeed.parameters.DeviceParameters;
import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.Link;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The result of a block-device test ({@link io.github.drivespeed.DevicePlan}): the device, how it was measured, the
 * read figures (and write figures, when it was written), the cached-read figure when asked for,
 * and everything that may make them differ from the drive's own speed. Immutable.
 */
public final class DeviceReport {

    private final Path device;
    private final Optional<BlockDevice> blockDevice;
    private final long sizeBytes;
    private final int logicalBlockBytes;
    private final DeviceParameters parameters;
    private final BackendInfo backend;
    private final Optional<PassResult> write;
    private final PassResult read;
    private final Optional<PassResult> cachedRead;
    private final Set<Warning> deviceWarnings;
    private final Instant startedAt;

    /**
     * @param device the device node measured (symbolic links resolved)
     * @param blockDevice what sysfs says about it and the devices below it, if found
     * @param sizeBytes its size (BLKGETSIZE64, else sysfs {@code size})
     * @param logicalBlockBytes its logical block size
     * @param parameters the settings used
     * @param backend the I/O backend that ran
     * @param write the write pass, when the device was written
     * @param read the read pass
     * @param cachedRead the cached-read pass, if measured
     * @param deviceWarnings what about the device itself may distort the figures (loop device,
     *     RAM disk, encryption, ...)
     * @param startedAt when the test started
     */
    public DeviceReport(Path device, Optional<BlockDevice> blockDevice, long sizeBytes,
            int logicalBlockBytes, DeviceParameters parameters, BackendInfo backend,
            Optional<PassResult> write, PassResult read, Optional<PassResult> cachedRead,
            Set<Warning> deviceWarnings, Instant startedAt) {
        this.device = Objects.requireNonNull(device, "device");
        this.blockDevice = Objects.requireNonNull(blockDevice, "blockDevice");
        this.sizeBytes = sizeBytes;
        this.logicalBlockBytes = logicalBlockBytes;
        this.parameters = Objects.requireNonNull(parameters, "parameters");
        this.backend = Objects.requireNonNull(backend, "backend");
        this.write = Objects.requireNonNull(write, "write");
        this.read = Objects.requireNonNull(read, "read");
        this.cachedRead = Objects.requireNonNull(cachedRead, "cachedRead");
        this.deviceWarnings = Set.copyOf(deviceWarnings);
        this.startedAt = Objects.requireNonNull(startedAt, "startedAt");
    }

    /** @return the device node measured, symbolic links resolved, for example {@code /dev/sdb} */
    public Path device() {
        return device;
    }

    /** @return the device as sysfs describes it, with the devices below it; empty if not found */
    public Optional<BlockDevice> blockDevice() {
        return blockDevice;
    }

    /** @return the device's size in bytes */
    public long sizeBytes() {
        return sizeBytes;
    }

    /** @return the device's logical block size in bytes */
    public int logicalBlockBytes() {
        return logicalBlockBytes;
    }

    /** @return the settings the test ran with */
    public DeviceParameters parameters() {
        return parameters;
    }

    /** @return the I/O backend that ran */
    public BackendInfo backend() {
        return backend;
    }

    /** @return the write pass, present only when the device was written ({@link io.github.drivespeed.DevicePlan#write()}) */
    public Optional<PassResult> write() {
        return write;
    }

    /** @return the read pass: {@code hdparm -t}'s "Timing buffered disk reads" figure */
    public PassResult read() {
        return read;
    }

    /**
     * @return the cached-read pass, {@code hdparm -T}'s "Timing cached reads" figure: the page
     *     cache's and memory's speed, never the drive's; empty when not measured
     */
    public Optional<PassResult> cachedRead() {
        return cachedRead;
    }

    /** @return when the test started */
    public Instant startedAt() {
        return startedAt;
    }

    /**
     * The link that bounds every transfer to the device: its single whole disk's link, if known.
     *
     * @return the link
     */
    public Optional<Link> link() {
        List<BlockDevice> disks = blockDevice.map(BlockDevice::chain).orElse(List.of()).stream()
                .filter(d -> d.lower().isEmpty()).toList();
        return disks.size() == 1 ? disks.get(0).link() : Optional.empty();
    }

    private List<PassResult> passes() {
        List<PassResult> passes = new ArrayList<>(2);
        write.ifPresent(passes::add);
        passes.add(read);
        return passes;
    }

    /**
     * The device's warnings, every pass's, and the verdicts on the figures
     * ({@link Warning#LINK_LIMITED}, {@link Warning#ABOVE_LINK_CEILING},
     * {@link Warning#FASTER_THAN_CACHED_READS}).
     *
     * @return the warnings in declaration order; empty when nothing is known to distort the
     *     figures
     */
    public Set<Warning> warnings() {
        Set<Warning> all = EnumSet.noneOf(Warning.class);
        all.addAll(deviceWarnings);
        for (PassResult p : passes()) {
            all.addAll(p.warnings());
        }
        cachedRead.ifPresent(c -> all.addAll(c.warnings()));
        all.addAll(ReportText.verdicts(link(), passes(), cachedRead));
        return Collections.unmodifiableSet(all);
    }

    /**
     * A human summary: the device, settings, backend, each pass (with what was done about the page
     * cache and what the device moved), the cached-read figure and the warnings.
     */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "device:     %s, %s (%d bytes), logical block %d B%n",
                device, DataSize.ofBytes(sizeBytes), sizeBytes, logicalBlockBytes));
        blockDevice.ifPresent(d -> {
            for (BlockDevice b : d.chain()) {
                sb.append("  ").append(b == d ? "sysfs:    " : "<- ").append(b.identity())
                        .append('\n');
            }
            link().ifPresent(l -> sb.append("  link:     ").append(l).append('\n'));
        });
        long rest = sizeBytes % parameters.blockSize().bytes();
        if (rest > 0) {
            sb.append(String.format(Locale.ROOT, "  rest:     the last %d B, after the last whole"
                    + " block, %s%n", rest, write.isPresent()
                            ? "were neither written nor read (a write test moves whole blocks)"
                            : "are read as one smaller last request by a pass that reaches the"
                                    + " device's end and is to go on"));
        }
        sb.append("parameters: ").append(parameters).append('\n');
        sb.append("backend:    ").append(backend).append('\n');
        write.ifPresent(w -> SpeedReport.appendPass(sb, w));
        SpeedReport.appendPass(sb, read);
        cachedRead.ifPresent(c -> SpeedReport.appendPass(sb, c));
        ReportText.appendWarnings(sb, warnings(), link(), passes(), cachedRead);
        return sb.toString();
    }
}
