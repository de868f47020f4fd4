package io.github.drivespeed.internal.measure;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.TestFileIoException;
import io.github.drivespeed.internal.genuine.ProbeUnit;
import io.github.drivespeed.internal.io.IoFailures;
import io.github.drivespeed.internal.preflight.DeviceTarget;
import io.github.drivespeed.parameters.CapacityProbeParameters;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.DataLossKind;
import io.github.drivespeed.report.MediumKind;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.BlockDeviceRequest;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.target.DeviceInfo;
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The destructive capacity probe of a block device, in the spirit of {@code f3probe
 * --destructive}: stamped units written at chosen offsets, all of a round before any is read back,
 * to find the highest offset that holds its own data and, for a medium that wraps, the period.
 *
 * <p>Round 1 writes one unit every {@code G} bytes from {@code G} on (and the last unit), then a
 * dense region {@code [0, G)} last. On a medium that wraps with period R, the grid unit in
 * {@code [R, R + G)} lands in the dense region, which was written after it: it reads back the
 * dense region's stamp, and the difference of the two offsets is R exactly. On a medium that
 * drops what is written past its real size (limbo), the first bad unit bounds the size; rounds of
 * up to 64 units, each finer, narrow it to one unit. G is a 2048th of the device, at least 1 MiB.
 *
 * <p>The listener is told each round's writes and read-back as the write and read pass of run
 * {@code round}, with the bytes done after each unit (each MiB of the dense region).
 */
final class CapacityProbe {

    private static final long MIN_GRID_BYTES = DataSize.MEBIBYTE;
    private static final long GRID_DIVISOR = 2048;
    private static final int REFINE_FANOUT = 64;
    private static final int CHUNK_BYTES = (int) DataSize.MEBIBYTE;
    private static final SecureRandom NONCES = new SecureRandom();

    private final DeviceTarget target;
    private final IoBackend io;
    private final long claimed;
    private final int unit;
    private final ProbeUnit content;
    private final CapacityProbeParameters parameters;
    private final ProgressListener listener;
    private PassKind phase = PassKind.WRITE;
    private int phaseRound;
    private long phaseDone;
    private long phaseBytes;
    private long written;
    private long read;
    private int rounds;

    /**
     * @param target the device, its write checks passed
     * @param listener told as each round's writing and reading start and progress
     * @throws InvalidSettingException if the device is too small to probe (fewer than 4 units)
     */
    CapacityProbe(DeviceTarget target, CapacityProbeParameters parameters,
            ProgressListener listener) {
        this.target = target;
        this.parameters = Objects.requireNonNull(parameters, "parameters");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.io = target.io();
        this.unit = Math.max(4096, target.logicalBlockBytes());
        this.claimed = target.sizeBytes() / unit * unit;
        this.content = new ProbeUnit(unit, NONCES.nextLong());
        if (claimed < 4L * unit) {
            throw new InvalidSettingException("device", target.given(), "is too small to probe ("
                    + target.sizeBytes() + " bytes; the probe needs at least " + 4L * unit
                    + " bytes)");
        }
    }

    /**
     * Probes, telling the listener as each round's writing and reading start and progress.
     *
     * @return the report
     * @throws IOException if a write or read failed other than with EIO on read-back
     */
    CapacityProbeReport run() throws IOException {
        Instant startedAt = Instant.now();
        long start = System.nanoTime();
        try (FileHandle h = io.openBlockDevice(new BlockDeviceRequest(target.device(), true, true));
             AlignedBuffer buffer = io.allocate(CHUNK_BYTES, Math.max(4096, unit))) {
            TreeMap<Long, ProbeUnit.Outcome> found = new TreeMap<>();
            firstRound(h, buffer, found);
            rounds = 1;
            long period = wrapPeriod(found);
            if (period > 0) {
                return report(period, MediumKind.WRAP, period, found, start, startedAt);
            }
            Long firstBad = firstBad(found);
            if (firstBad == null) {
                return report(claimed, MediumKind.GENUINE, -1, found, start, startedAt);
            }
            long usable = refine(h, buffer, found, firstBad);
            boolean holesAbove = found.tailMap(usable, false).values().stream()
                    .anyMatch(ProbeUnit.Outcome::ok);
            return report(usable, holesAbove ? MediumKind.DAMAGED : MediumKind.LIMBO, -1, found,
                    start, startedAt);
        }
    }

    /**
     * Round 1: a unit every grid step from the step on and the last unit, then the dense region
     * {@code [0, step)}, written last; then all read back, the dense region first.
     */
    private void firstRound(FileHandle h, AlignedBuffer buffer,
            TreeMap<Long, ProbeUnit.Outcome> found) throws IOException {
        long grid = Math.max(MIN_GRID_BYTES, roundUp(claimed / GRID_DIVISOR, MIN_GRID_BYTES));
        long dense = Math.min(grid, claimed / 2 / unit * unit);
        List<Long> probes = new ArrayList<>();
        for (long at = grid; at < claimed - unit; at += grid) {
            probes.add(at);
        }
        probes.add(claimed - unit);
        long roundBytes = probes.size() * (long) unit + dense;
        phase(PassKind.WRITE, 1, roundBytes);
        for (long at : probes) {
            writeUnits(h, buffer, at, unit);
        }
        for (long at = 0; at < dense; at += CHUNK_BYTES) {
            writeUnits(h, buffer, at, (int) Math.min(CHUNK_BYTES, dense - at));
        }
        h.dataSync();
        phase(PassKind.READ, 1, roundBytes);
        for (long at = 0; at < dense; at += CHUNK_BYTES) {
            readUnits(h, buffer, at, (int) Math.min(CHUNK_BYTES, dense - at), found);
        }
        for (long at : probes) {
            readUnits(h, buffer, at, unit, found);
        }
    }

    /**
     * Rounds of up to {@value #REFINE_FANOUT} units between the last good unit below the first
     * bad one and that bad one, each round finer, until they are one unit apart.
     *
     * @return the first bad offset found: the usable size
     */
    private long refine(FileHandle h, AlignedBuffer buffer, TreeMap<Long, ProbeUnit.Outcome> found,
            long firstBad) throws IOException {
        long hi = firstBad;
        long lo = Math.max(0, Optional.ofNullable(found.lowerKey(hi)).orElse(-1L));
        while (hi - lo > unit) {
            long step = Math.max(unit, (hi - lo) / REFINE_FANOUT / unit * unit);
            List<Long> round = new ArrayList<>();
            for (long at = lo + step; at < hi; at += step) {
                round.add(at);
            }
            if (round.isEmpty()) {
                break;
            }
            phase(PassKind.WRITE, rounds + 1, round.size() * (long) unit);
            for (long at : round) {
                writeUnits(h, buffer, at, unit);
            }
            h.dataSync();
            phase(PassKind.READ, rounds + 1, round.size() * (long) unit);
            TreeMap<Long, ProbeUnit.Outcome> fine = new TreeMap<>();
            for (long at : round) {
                readUnits(h, buffer, at, unit, fine);
            }
            rounds++;
            found.putAll(fine);
            Long bad = firstBad(fine);
            if (bad != null) {
                hi = bad;
                lo = Math.max(lo, Optional.ofNullable(fine.lowerKey(bad)).orElse(lo));
            } else {
                lo = round.get(round.size() - 1);
            }
        }
        return hi;
    }

    /** The smallest distance between a unit and the unit whose data it holds; 0 when none. */
    private static long wrapPeriod(TreeMap<Long, ProbeUnit.Outcome> found) {
        long period = 0;
        for (var e : found.entrySet()) {
            ProbeUnit.Outcome o = e.getValue();
            if (o.kind() == DataLossKind.ALIASED && o.foundOffset() >= 0) {
                long d = Math.abs(e.getKey() - o.foundOffset());
                if (d > 0 && (period == 0 || d < period)) {
                    period = d;
                }
            }
        }
        return period;
    }

    private static Long firstBad(TreeMap<Long, ProbeUnit.Outcome> found) {
        for (var e : found.entrySet()) {
            if (!e.getValue().ok()) {
                return e.getKey();
            }
        }
        return null;
    }

    private CapacityProbeReport report(long usable, MediumKind kind, long period,
            TreeMap<Long, ProbeUnit.Outcome> found, long start, Instant startedAt) {
        // A medium that wraps first fails at its period, which holds offset 0's data.
        Long bad = kind == MediumKind.WRAP ? Long.valueOf(period) : firstBad(found);
        long badAt = kind == MediumKind.GENUINE || bad == null ? -1 : bad;
        Optional<DataLossKind> badKind = badAt < 0 ? Optional.empty()
                : kind == MediumKind.WRAP ? Optional.of(DataLossKind.ALIASED)
                : Optional.of(found.get(bad).kind());
        return new CapacityProbeReport(new DeviceInfo(target.given(), target.description(),
                target.sizeBytes(), target.logicalBlockBytes(), target.warnings()), parameters,
                target.selection().info(), Math.min(usable, target.sizeBytes()), kind, period,
                badAt, badKind, unit, written, read, rounds, System.nanoTime() - start,
                startedAt);
    }

    private void writeUnits(FileHandle h, AlignedBuffer buffer, long at, int length)
            throws IOException {
        ByteBuffer w = buffer.window(0, length);
        content.fill(w, length, at);
        for (long done = 0; done < length; ) {
            long n = h.write(buffer, done, length - done, at + done);
            if (n <= 0) {
                throw new IOException("write returned " + n + " at offset " + (at + done));
            }
            done += n;
        }
        written += length;
        advance(length);
    }

    /** A round's writes or read-back starts: the listener is told, as a pass. */
    private void phase(PassKind kind, int round, long bytes) {
        phase = kind;
        phaseRound = round;
        phaseDone = 0;
        phaseBytes = bytes;
        listener.passStarted(kind, round, bytes);
    }

    private void advance(long bytes) {
        phaseDone += bytes;
        listener.bytesTransferred(phase, phaseRound, phaseDone, phaseBytes);
    }

    private void readUnits(FileHandle h, AlignedBuffer buffer, long at, int length,
            TreeMap<Long, ProbeUnit.Outcome> found) throws IOException {
        try {
            for (long done = 0; done < length; ) {
                long n = h.read(buffer, done, length - done, at + done);
                if (n <= 0) {
                    throw new IOException("read returned " + n + " at offset " + (at + done));
                }
                done += n;
            }
        } catch (IOException e) {
            if (!IoFailures.isIoError(e)) {
                throw new TestFileIoException(target.device(), "read", at, e);
            }
            for (long u = 0; u < length; u += unit) {
                found.put(at + u, new ProbeUnit.Outcome(DataLossKind.UNREADABLE, -1));
            }
            advance(length);
            return;
        }
        read += length;
        advance(length);
        ByteBuffer r = buffer.window(0, length);
        for (int u = 0; u < length; u += unit) {
            found.put(at + u, content.check(r, u, at + u));
        }
    }

    private static long roundUp(long value, long multiple) {
        return (value + multiple - 1) / multiple * multiple;
    }
}
