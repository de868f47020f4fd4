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
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The destructive capacity probe of a block device, in the spirit of {@code f3probe
 * --destructive}: stamped units written at chosen offsets, all of a round before any is read back,
 * to find the highest offset that holds its own data and, for a medium that wraps, the period.
 *
 * <p>Round 1 writes one unit every {@code G} bytes from {@code G} up to the flush region, then
 * the flush region, then a dense region {@code [0, G)} last. On a medium that wraps with period
 * R, the grid unit in {@code [R, R + G)} lands in the dense region, which was written after it:
 * it reads back the dense region's stamp, and the difference of the two offsets is R exactly. On
 * a medium that drops what is written past its real size (limbo), the first bad unit bounds the
 * size; rounds of up to 64 units, each finer, narrow it to one unit, and each edge of every hole
 * of a damaged medium likewise. G is a 2048th of the device, at least 1 MiB.
 *
 * <p>The flush region {@code T = [claimed - F, claimed)}, {@code F = min(cache bound, claimed /
 * 4)}, holds no probed unit: it is written in full after a round's units and before their
 * read-back, so a cache of the last F bytes written past the real size (as fakes keep, and
 * f3probe sizes) no longer holds any of them. When no unit below T is bad, T itself is checked
 * after writing the F bytes below it. Units are read back one by one in a shuffled order (some
 * fakes keep a larger cache for sequential reads). A write or read that fails with EIO is data
 * lost at that unit ({@link DataLossKind#UNWRITABLE}, {@link DataLossKind#UNREADABLE}), not an
 * abort: the probe goes on and reads back what it wrote.
 *
 * <p>The listener is told each round's writes and read-back as the write and read pass of run
 * {@code round}, with the bytes done after each unit (each MiB of the dense and flush regions).
 */
final class CapacityProbe {

    private static final long MIN_GRID_BYTES = DataSize.MEBIBYTE;
    private static final long GRID_DIVISOR = 2048;
    private static final int REFINE_FANOUT = 64;
    private static final int CHUNK_BYTES = (int) DataSize.MEBIBYTE;
    /** Failed chunks after which a flush gives up (a failing write may take seconds). */
    private static final int FLUSH_FAILURES = 2;
    private static final SecureRandom NONCES = new SecureRandom();
    private static final ProbeUnit.Outcome UNWRITTEN =
            new ProbeUnit.Outcome(DataLossKind.UNWRITABLE, -1);

    private final DeviceTarget target;
    private final IoBackend io;
    private final long claimed;
    private final int unit;
    private final long grid;
    private final long flushBytes;
    private final ProbeUnit content;
    private final Random order;
    private final CapacityProbeParameters parameters;
    private final ProgressListener listener;
    private final TreeSet<Long> unwritable = new TreeSet<>();
    private PassKind phase = PassKind.WRITE;
    private int phaseRound;
    private long phaseDone;
    private long phaseBytes;
    private long written;
    private long read;
    private int rounds;
    private long cacheRuledOut;

    /**
     * @param target the device, its write checks passed
     * @param parameters the settings, with the cache of recent writes to rule out: the bytes
     *     written elsewhere between a unit and its read-back (at most a quarter of the device)
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
        if (claimed < 4L * unit) {
            throw new InvalidSettingException("device", target.given(), "is too small to probe ("
                    + target.sizeBytes() + " bytes; the probe needs at least " + 4L * unit
                    + " bytes)");
        }
        long nonce = NONCES.nextLong();
        this.content = new ProbeUnit(unit, nonce);
        this.order = new Random(nonce);
        this.grid = Math.max(MIN_GRID_BYTES, roundUp(claimed / GRID_DIVISOR, MIN_GRID_BYTES));
        this.flushBytes = Math.max(unit, Math.min(parameters.cacheBoundBytes(), claimed / 4) / unit * unit);
        this.cacheRuledOut = flushBytes;
    }

    /**
     * Probes, telling the listener as each round's writing and reading start and progress.
     *
     * @return the report
     * @throws IOException if a write or read failed other than with EIO
     */
    CapacityProbeReport run() throws IOException {
        Instant startedAt = Instant.now();
        long start = System.nanoTime();
        try (FileHandle h = io.openBlockDevice(new BlockDeviceRequest(target.device(), true, true));
             AlignedBuffer buffer = io.allocate(CHUNK_BYTES, Math.max(4096, unit))) {
            TreeMap<Long, ProbeUnit.Outcome> found = new TreeMap<>();
            long top = claimed - flushBytes;
            firstRound(h, buffer, found, top);
            rounds = 1;
            long period = wrapPeriod(found);
            if (period > 0) {
                return report(period, MediumKind.WRAP, period, found, List.of(), start,
                        startedAt);
            }
            long flushAt = top;
            if (firstBad(found) == null) {
                // nothing bad below the flush region: check it, flushing the region below it
                flushAt = Math.max(0, top - flushBytes);
                found.putAll(probeRound(h, buffer, topUnits(top), flushAt));
            }
            Long firstBad = firstBad(found);
            if (firstBad == null) {
                return report(claimed, MediumKind.GENUINE, -1, found, List.of(), start,
                        startedAt);
            }
            long usable = boundary(h, buffer, found,
                    Math.max(0, Optional.ofNullable(found.lowerKey(firstBad)).orElse(0L)),
                    firstBad, true, flushAt);
            List<CapacityProbeReport.BadRange> bad = badRanges(h, buffer, found, flushAt);
            boolean holesAbove = found.tailMap(usable, false).values().stream()
                    .anyMatch(ProbeUnit.Outcome::ok);
            return report(usable, holesAbove ? MediumKind.DAMAGED : MediumKind.LIMBO, -1, found,
                    bad, start, startedAt);
        }
    }

    /**
     * Round 1: a unit every grid step from the step on up to the flush region, then the flush
     * region, then the dense region {@code [0, step)}, written last; then all read back, the
     * dense region first, the units one by one in a shuffled order.
     */
    private void firstRound(FileHandle h, AlignedBuffer buffer,
            TreeMap<Long, ProbeUnit.Outcome> found, long top) throws IOException {
        long dense = Math.min(grid, Math.min(claimed / 2, top) / unit * unit);
        List<Long> probes = new ArrayList<>();
        for (long at = grid; at < top; at += grid) {
            probes.add(at);
        }
        long roundBytes = probes.size() * (long) unit + flushBytes + dense;
        phase(PassKind.WRITE, 1, roundBytes);
        for (long at : probes) {
            writeUnits(h, buffer, at, unit);
        }
        flush(h, buffer, top);
        for (long at = 0; at < dense; at += CHUNK_BYTES) {
            writeUnits(h, buffer, at, (int) Math.min(CHUNK_BYTES, dense - at));
        }
        dataSync(h);
        phase(PassKind.READ, 1, probes.size() * (long) unit + dense);
        for (long at = 0; at < dense; at += CHUNK_BYTES) {
            readUnits(h, buffer, at, (int) Math.min(CHUNK_BYTES, dense - at), found);
        }
        Collections.shuffle(probes, order);
        for (long at : probes) {
            readUnits(h, buffer, at, unit, found);
        }
    }

    /** The units that check the flush region itself: one every grid step, and the last unit. */
    private List<Long> topUnits(long top) {
        List<Long> units = new ArrayList<>();
        for (long at = top; at < claimed - unit; at += grid) {
            units.add(at);
        }
        units.add(claimed - unit);
        return units;
    }

    /**
     * One round: the units written, then the flush region at {@code flushAt}, fdatasync, then
     * the units read back one by one in a shuffled order.
     *
     * @return how each unit read back
     */
    private TreeMap<Long, ProbeUnit.Outcome> probeRound(FileHandle h, AlignedBuffer buffer,
            List<Long> units, long flushAt) throws IOException {
        rounds++;
        phase(PassKind.WRITE, rounds, units.size() * (long) unit + flushBytes);
        for (long at : units) {
            writeUnits(h, buffer, at, unit);
        }
        flush(h, buffer, flushAt);
        dataSync(h);
        phase(PassKind.READ, rounds, units.size() * (long) unit);
        List<Long> shuffled = new ArrayList<>(units);
        Collections.shuffle(shuffled, order);
        TreeMap<Long, ProbeUnit.Outcome> fine = new TreeMap<>();
        for (long at : shuffled) {
            readUnits(h, buffer, at, unit, fine);
        }
        return fine;
    }

    /**
     * Writes the flush region {@code [at, at + F)}, stamped (so rewriting it is harmless); gives
     * up after {@value #FLUSH_FAILURES} chunks failed with EIO (their units are unwritable, as
     * when the region itself is checked). The cache ruled out is the least any flush wrote.
     */
    private void flush(FileHandle h, AlignedBuffer buffer, long at) throws IOException {
        long done = 0;
        int failures = 0;
        for (long off = at; off < at + flushBytes && failures < FLUSH_FAILURES;
                off += CHUNK_BYTES) {
            int length = (int) Math.min(CHUNK_BYTES, at + flushBytes - off);
            if (write(h, buffer, off, length)) {
                done += length;
            } else {
                failures++;
                for (long u = 0; u < length; u += unit) {
                    unwritable.add(off + u);
                }
            }
        }
        cacheRuledOut = Math.min(cacheRuledOut, done);
    }

    /**
     * Rounds of up to {@value #REFINE_FANOUT} units between {@code lo} and {@code hi}, each round
     * finer, until they are one unit apart: the first unit past {@code lo} that is bad (when
     * {@code seekBad}; {@code lo} good) or good (when not; {@code lo} bad).
     *
     * @return that unit's offset: where the region of {@code lo}'s state ends
     */
    private long boundary(FileHandle h, AlignedBuffer buffer, TreeMap<Long, ProbeUnit.Outcome> found,
            long lo, long hi, boolean seekBad, long flushAt) throws IOException {
        while (hi - lo > unit) {
            long step = Math.max(unit, (hi - lo) / REFINE_FANOUT / unit * unit);
            List<Long> round = new ArrayList<>();
            for (long at = lo + step; at < hi; at += step) {
                round.add(at);
            }
            if (round.isEmpty()) {
                break;
            }
            TreeMap<Long, ProbeUnit.Outcome> fine = probeRound(h, buffer, round, flushAt);
            found.putAll(fine);
            Long hit = fine.entrySet().stream().filter(e -> e.getValue().ok() != seekBad)
                    .map(Map.Entry::getKey).findFirst().orElse(null);
            if (hit != null) {
                hi = hit;
                lo = Math.max(lo, Optional.ofNullable(fine.lowerKey(hit)).orElse(lo));
            } else {
                lo = round.get(round.size() - 1);
            }
        }
        return hi;
    }

    /**
     * The bad regions: runs of bad units, each from its first bad unit to the next good one (or
     * the end of the device); the edges of the first {@link CapacityProbeReport#REFINED_RANGES}
     * narrowed to one unit (the first region's start already is).
     */
    private List<CapacityProbeReport.BadRange> badRanges(FileHandle h, AlignedBuffer buffer,
            TreeMap<Long, ProbeUnit.Outcome> found, long flushAt) throws IOException {
        List<long[]> runs = new ArrayList<>();
        long runStart = -1;
        long lastBad = -1;
        for (var e : new TreeMap<>(found).entrySet()) {
            if (!e.getValue().ok()) {
                runStart = runStart < 0 ? e.getKey() : runStart;
                lastBad = e.getKey();
            } else if (runStart >= 0) {
                runs.add(new long[] {runStart, lastBad, e.getKey()});
                runStart = -1;
            }
        }
        if (runStart >= 0) {
            runs.add(new long[] {runStart, lastBad, claimed});
        }
        List<CapacityProbeReport.BadRange> ranges = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            long[] r = runs.get(i);
            long from = r[0];
            long to = r[2];
            if (i < CapacityProbeReport.REFINED_RANGES) {
                if (i > 0) {
                    from = boundary(h, buffer, found, found.lowerKey(from), from, true, flushAt);
                }
                if (to < claimed) {
                    to = boundary(h, buffer, found, r[1], to, false, flushAt);
                }
            }
            ranges.add(new CapacityProbeReport.BadRange(from, to - from));
        }
        return ranges;
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
            TreeMap<Long, ProbeUnit.Outcome> found, List<CapacityProbeReport.BadRange> bad,
            long start, Instant startedAt) {
        // A medium that wraps first fails at its period, which holds offset 0's data.
        Long firstBad = kind == MediumKind.WRAP ? Long.valueOf(period) : firstBad(found);
        long badAt = kind == MediumKind.GENUINE || firstBad == null ? -1 : firstBad;
        Optional<DataLossKind> badKind = badAt < 0 ? Optional.empty()
                : kind == MediumKind.WRAP ? Optional.of(DataLossKind.ALIASED)
                : Optional.of(found.get(firstBad).kind());
        List<CapacityProbeReport.BadRange> ranges = kind == MediumKind.WRAP
                ? List.of(new CapacityProbeReport.BadRange(period, claimed - period)) : bad;
        return new CapacityProbeReport(target.info(true), parameters,
                target.selection().info(), Math.min(usable, target.sizeBytes()), kind, period,
                badAt, badKind, unit, written, read, rounds, System.nanoTime() - start,
                startedAt, cacheRuledOut, unwritable.isEmpty() ? -1 : unwritable.first(), ranges);
    }

    /** fdatasync; an EIO there is left to the read-back, which finds what was not stored. */
    private static void dataSync(FileHandle h) throws IOException {
        try {
            h.dataSync();
        } catch (IOException e) {
            if (!IoFailures.isIoError(e)) {
                throw e;
            }
        }
    }

    private void writeUnits(FileHandle h, AlignedBuffer buffer, long at, int length)
            throws IOException {
        if (!write(h, buffer, at, length)) {
            for (long u = 0; u < length; u += unit) {
                unwritable.add(at + u);
            }
        }
    }

    /**
     * Writes stamped units at {@code at}.
     *
     * @return false if the write failed with EIO (the medium refused it)
     * @throws IOException if it failed otherwise
     */
    private boolean write(FileHandle h, AlignedBuffer buffer, long at, int length)
            throws IOException {
        ByteBuffer w = buffer.window(0, length);
        content.fill(w, length, at);
        try {
            for (long done = 0; done < length; ) {
                long n = h.write(buffer, done, length - done, at + done);
                if (n <= 0) {
                    throw new IOException("write returned " + n + " at offset " + (at + done));
                }
                done += n;
            }
        } catch (IOException e) {
            if (!IoFailures.isIoError(e)) {
                throw new TestFileIoException(target.device(), "write", at, e);
            }
            advance(length);
            return false;
        }
        written += length;
        advance(length);
        return true;
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
                found.put(at + u, unwritable.contains(at + u) ? UNWRITTEN
                        : new ProbeUnit.Outcome(DataLossKind.UNREADABLE, -1));
            }
            advance(length);
            return;
        }
        read += length;
        advance(length);
        ByteBuffer r = buffer.window(0, length);
        for (int u = 0; u < length; u += unit) {
            // a unit the medium refused to write is lost, whatever reads back there
            found.put(at + u, unwritable.contains(at + u) ? UNWRITTEN : content.check(r, u, at + u));
        }
    }

    private static long roundUp(long value, long multiple) {
        return (value + multiple - 1) / multiple * multiple;
    }
}
