package io.github.drivespeed.internal.measure;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.TestFileIoException;
import io.github.drivespeed.internal.genuine.ProbeUnit;
import io.github.drivespeed.internal.io.IoFailures;
import io.github.drivespeed.internal.preflight.DeviceTarget;
import io.github.drivespeed.parameters.CapacityProbeParameters;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.medium.DataLossKind;
import io.github.drivespeed.report.medium.FirstLoss;
import io.github.drivespeed.report.medium.CacheEstimate;
import io.github.drivespeed.report.medium.MediumKind;
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
import java.util.OptionalLong;
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
 * it reads back the dense region's stamp, and the difference of the two offsets is R exactly;
 * every other unit that holds another's data is then a whole number of periods from it. Where
 * units hold other units' data at distances that share no period (a medium that maps offsets
 * past its real size anywhere in it), the medium is {@link MediumKind#ALIASED}: the report names
 * the lowest such unit and whose data it held, no period, and as usable size only a bound: the
 * least, over the units found holding another's data, of the higher of the two offsets. On a
 * medium that drops what is written past its real size (limbo), the first bad unit bounds the
 * size; rounds of up to 64 units per edge, each finer, narrow it to one unit, and each edge of
 * every hole of a damaged medium likewise, all edges in the same rounds. G is a 2048th of the
 * device, at least 1 MiB.
 *
 * <p>The flush region {@code T = [claimed - F, claimed)}, {@code F = min(cache bound, claimed /
 * 4)}, holds no unit of a round that flushes it: it is written in full after a round's units and
 * before their read-back, so a cache of the last F bytes written past the real size (as fakes
 * keep, and f3probe sizes) no longer holds any of them. When no unit below T is bad, or units
 * above a bad one hold their data (holes), T itself is checked, flushing the F bytes below it.
 * Units are read back one by one in a shuffled order (some fakes keep a larger cache for
 * sequential reads). A write or read that fails with EIO is data lost at that unit
 * ({@link DataLossKind#UNWRITABLE}, {@link DataLossKind#UNREADABLE}), not an abort: the probe
 * goes on and reads back what it wrote. On a medium that drops or wraps, the cache of recent
 * writes is then sized as f3probe sizes it ({@link CacheEstimate}).
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
    /** Where the last flush region starts, when it was written in full and nothing after it; else -1. */
    private long lastFlushAt = -1;

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
        this.flushBytes = Math.max(unit, Math.min(parameters.cacheBound().bytes(), claimed / 4) / unit * unit);
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
            if (found.values().stream().anyMatch(o -> o.kind() == DataLossKind.ALIASED)) {
                long period = wrapPeriod(found);
                if (period > 0) {
                    Optional<CacheEstimate> cache =
                            estimateCache(h, buffer, MediumKind.WRAP, period, period);
                    return report(period, MediumKind.WRAP, period, found,
                            List.of(new CapacityProbeReport.BadRange(period, claimed - period)),
                            cache, start, startedAt);
                }
                // aliased at no one period: said as found (the lowest unit that lost its data,
                // and whose data it held), the real size bounded from above only
                long bound = aliasedBound(found);
                return report(bound, MediumKind.ALIASED, -1, found,
                        List.of(new CapacityProbeReport.BadRange(bound, claimed - bound)),
                        Optional.empty(), start, startedAt);
            }
            Long firstBad = firstBad(found);
            if (firstBad == null || found.tailMap(firstBad, false).values().stream()
                    .anyMatch(ProbeUnit.Outcome::ok)) {
                // nothing bad below the flush region, or holes in a medium that holds data above
                // them: the flush region itself is checked (flushing the region below it)
                found.putAll(probeRound(h, buffer, topUnits(top)));
            }
            if (firstBad(found) == null) {
                return report(claimed, MediumKind.GENUINE, -1, found, List.of(), Optional.empty(),
                        start, startedAt);
            }
            List<CapacityProbeReport.BadRange> bad = badRanges(h, buffer, found);
            long usable = bad.get(0).offsetBytes();
            boolean holesAbove = found.tailMap(usable, false).values().stream()
                    .anyMatch(ProbeUnit.Outcome::ok);
            MediumKind kind = holesAbove ? MediumKind.DAMAGED : MediumKind.LIMBO;
            Optional<CacheEstimate> cache = kind == MediumKind.LIMBO
                    ? estimateCache(h, buffer, kind, usable, -1) : Optional.empty();
            return report(usable, kind, -1, found, bad, cache, start, startedAt);
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
     * Rounds that check {@code units}: the units below the flush region {@code T} in one round
     * that flushes {@code T}, those in {@code T} in one that flushes the region below it (so that
     * no unit is rewritten by its own round's flush).
     *
     * @return how each unit read back
     */
    private TreeMap<Long, ProbeUnit.Outcome> probeRound(FileHandle h, AlignedBuffer buffer,
            List<Long> units) throws IOException {
        long top = claimed - flushBytes;
        List<Long> below = units.stream().filter(u -> u < top).toList();
        List<Long> inTop = units.stream().filter(u -> u >= top).toList();
        TreeMap<Long, ProbeUnit.Outcome> fine = new TreeMap<>();
        if (!below.isEmpty()) {
            fine.putAll(probeRound(h, buffer, below, top));
        }
        if (!inTop.isEmpty()) {
            fine.putAll(probeRound(h, buffer, inTop, Math.max(0, top - flushBytes)));
        }
        return fine;
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
        lastFlushAt = failures == 0 ? at : -1;
    }

    /**
     * An edge of a bad region between two units known to differ: {@code lo} in the state the
     * region before the edge has (good when seeking the first bad unit, bad when seeking the
     * first good one), {@code hi} in the other.
     */
    private static final class Edge {
        private long lo;
        private long hi;
        private final boolean seekBad;
        private long lastProbed;

        Edge(long lo, long hi, boolean seekBad) {
            this.lo = lo;
            this.hi = hi;
            this.seekBad = seekBad;
        }
    }

    /**
     * Narrows every edge to one unit together: each round writes up to {@value #REFINE_FANOUT}
     * units between the two ends of each edge not yet narrowed, all flushed once and read back,
     * and each edge moves to the first of its units in the other state (so the rounds are those
     * of the widest edge, not their sum).
     */
    private void refine(FileHandle h, AlignedBuffer buffer, TreeMap<Long, ProbeUnit.Outcome> found,
            List<Edge> edges) throws IOException {
        while (true) {
            List<Long> units = new ArrayList<>();
            List<Edge> open = new ArrayList<>();
            for (Edge e : edges) {
                long step = Math.max(unit, (e.hi - e.lo) / REFINE_FANOUT / unit * unit);
                int before = units.size();
                for (long at = e.lo + step; at < e.hi; at += step) {
                    units.add(at);
                    e.lastProbed = at;
                }
                if (units.size() > before) {
                    open.add(e);
                }
            }
            if (units.isEmpty()) {
                return;
            }
            TreeMap<Long, ProbeUnit.Outcome> fine = probeRound(h, buffer, units);
            found.putAll(fine);
            for (Edge e : open) {
                Long hit = fine.subMap(e.lo, false, e.hi, false).entrySet().stream()
                        .filter(x -> x.getValue().ok() != e.seekBad)
                        .map(Map.Entry::getKey).findFirst().orElse(null);
                if (hit != null) {
                    Long below = fine.lowerKey(hit);
                    e.lo = below != null && below > e.lo ? below : e.lo;
                    e.hi = hit;
                } else {
                    e.lo = e.lastProbed;
                }
            }
        }
    }

    /**
     * The bad regions: runs of bad units, each from its first bad unit to the next good one (or
     * the end of the device); the edges of the first {@link CapacityProbeReport#REFINED_RANGES}
     * narrowed to one unit in the same rounds, so a dead spot smaller than the grid step counts
     * its own size, not the step's.
     */
    private List<CapacityProbeReport.BadRange> badRanges(FileHandle h, AlignedBuffer buffer,
            TreeMap<Long, ProbeUnit.Outcome> found) throws IOException {
        List<long[]> runs = new ArrayList<>();
        long runStart = -1;
        long lastBad = -1;
        for (var e : found.entrySet()) {
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
        List<Edge[]> edges = new ArrayList<>();
        List<Edge> all = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            long[] r = runs.get(i);
            Long goodBelow = found.lowerKey(r[0]);
            Edge from = i < CapacityProbeReport.REFINED_RANGES && goodBelow != null
                    ? new Edge(goodBelow, r[0], true) : null;
            Edge to = i < CapacityProbeReport.REFINED_RANGES && r[2] < claimed
                    ? new Edge(r[1], r[2], false) : null;
            edges.add(new Edge[] {from, to});
            for (Edge e : new Edge[] {from, to}) {
                if (e != null) {
                    all.add(e);
                }
            }
        }
        refine(h, buffer, found, all);
        List<CapacityProbeReport.BadRange> ranges = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            long from = edges.get(i)[0] != null ? edges.get(i)[0].hi : runs.get(i)[0];
            long to = edges.get(i)[1] != null ? edges.get(i)[1].hi : runs.get(i)[2];
            ranges.add(new CapacityProbeReport.BadRange(from, to - from));
        }
        return ranges;
    }

    /**
     * The period of a medium that wraps: the smallest distance between a unit and the unit whose
     * data it holds, when every such distance is a whole number of it (offset X lands at X modulo
     * the period, whichever later write overwrote it); 0 when none holds another's data, or when
     * the distances share no such period (a medium that maps offsets elsewhere, not modulo a size).
     */
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
        for (var e : found.entrySet()) {
            ProbeUnit.Outcome o = e.getValue();
            if (period > 0 && o.kind() == DataLossKind.ALIASED
                    && (o.foundOffset() < 0 || (e.getKey() - o.foundOffset()) % period != 0)) {
                return 0;
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

    /**
     * The most a medium that aliases at no one period can hold: the least, over the units found
     * holding another's data, of the higher of the two offsets. Two offsets below the real size
     * are each stored in a place of its own, so of any two found sharing one, the higher lies at
     * or past the real size; the lower may lie below it (a write past the real size overwrote
     * it), so the lowest unit found bad bounds nothing. Where below this bound the real size
     * ends, units at no one period do not tell. (Every aliased outcome names the offset whose
     * data it held: {@link ProbeUnit.Outcome#foundOffset()}.)
     */
    private static long aliasedBound(TreeMap<Long, ProbeUnit.Outcome> found) {
        long bound = Long.MAX_VALUE;
        for (var e : found.entrySet()) {
            ProbeUnit.Outcome o = e.getValue();
            if (o.kind() == DataLossKind.ALIASED) {
                bound = Math.min(bound, Math.max(e.getKey(), o.foundOffset()));
            }
        }
        return bound;
    }

    private CapacityProbeReport report(long usable, MediumKind kind, long period,
            TreeMap<Long, ProbeUnit.Outcome> found, List<CapacityProbeReport.BadRange> bad,
            Optional<CacheEstimate> cache, long start, Instant startedAt) {
        // A medium that wraps first fails at its period (a unit there, if probed, holds the data
        // of a lower offset written after it)
        Long firstBad = kind == MediumKind.WRAP ? Long.valueOf(period) : firstBad(found);
        Optional<FirstLoss> first = Optional.empty();
        if (kind != MediumKind.GENUINE && firstBad != null) {
            ProbeUnit.Outcome at = found.get(firstBad);
            first = Optional.of(new FirstLoss(firstBad, kind == MediumKind.WRAP
                    ? DataLossKind.ALIASED : at.kind(), at != null
                    && at.kind() == DataLossKind.ALIASED && at.foundOffset() >= 0
                    ? OptionalLong.of(at.foundOffset()) : OptionalLong.empty()));
        }
        return new CapacityProbeReport(target.info(true), parameters,
                target.selection().info(), Math.min(usable, target.sizeBytes()), kind,
                kind == MediumKind.WRAP ? OptionalLong.of(period) : OptionalLong.empty(),
                new CapacityProbeReport.Loss(first, unwritable.isEmpty() ? OptionalLong.empty()
                        : OptionalLong.of(unwritable.first()), bad),
                new CapacityProbeReport.Effort(unit, written, read, rounds,
                        System.nanoTime() - start), startedAt, cacheRuledOut, cache);
    }

    /**
     * f3probe's "Approximate cache size" of a medium that drops (limbo) or wraps what is written
     * past its usable size: a run of units written past it, then (wrap) their aliases below it
     * overwritten, then a search, one unit read at a time, for the oldest unit of the run that
     * still reads back as written. The run is the last {@code L} bytes of the device, {@code L =
     * min(F, claimed - usable)} (and at most the period); for limbo the last flush region is that
     * run when nothing was written after it, else it is written now.
     *
     * @param usable the usable size
     * @param period the wrap period, or -1
     * @return the estimate, or empty where the run could not be written (writes past the usable
     *     size fail) or is shorter than a unit
     */
    private Optional<CacheEstimate> estimateCache(FileHandle h,
            AlignedBuffer buffer, MediumKind kind, long usable, long period) throws IOException {
        long length = Math.min(flushBytes, claimed - usable);
        if (kind == MediumKind.WRAP) {
            length = Math.min(length, period);
        }
        length = length / unit * unit;
        long at = claimed - length;
        if (length < unit) {
            return Optional.empty();
        }
        boolean reuse = kind == MediumKind.LIMBO && lastFlushAt == at && length == flushBytes;
        if (!reuse) {
            rounds++;
            phase(PassKind.WRITE, rounds, kind == MediumKind.WRAP ? 2 * length : length);
            if (!writeRegion(h, buffer, at, length)) {
                return Optional.empty();
            }
            if (kind == MediumKind.WRAP) {
                // the run's aliases below the period, overwritten: only a cache still holds it
                long alias = at % period;
                long first = Math.min(length, period - alias);
                if (!writeRegion(h, buffer, alias, first)
                        || !writeRegion(h, buffer, 0, length - first)) {
                    return Optional.empty();
                }
            }
            dataSync(h);
        }
        phase(PassKind.READ, rounds, 0);
        long units = length / unit;
        if (!readsBack(h, buffer, at + (units - 1) * unit)) {
            return Optional.of(new CacheEstimate(0, unit, length));
        }
        if (readsBack(h, buffer, at)) {
            return Optional.of(new CacheEstimate(length, unit, length));
        }
        long bad = 0;
        long good = units - 1;
        while (good - bad > 1) {
            long mid = (bad + good) >>> 1;
            if (readsBack(h, buffer, at + mid * unit)) {
                good = mid;
            } else {
                bad = mid;
            }
        }
        return Optional.of(new CacheEstimate((units - good) * unit, unit,
                length));
    }

    /** Writes stamped units over {@code [at, at + length)}; false if a write failed with EIO. */
    private boolean writeRegion(FileHandle h, AlignedBuffer buffer, long at, long length)
            throws IOException {
        for (long off = at; off < at + length; off += CHUNK_BYTES) {
            if (!write(h, buffer, off, (int) Math.min(CHUNK_BYTES, at + length - off))) {
                return false;
            }
        }
        return true;
    }

    /** Whether the unit at {@code at} reads back as written (an EIO: it does not). */
    private boolean readsBack(FileHandle h, AlignedBuffer buffer, long at) throws IOException {
        TreeMap<Long, ProbeUnit.Outcome> one = new TreeMap<>();
        readUnits(h, buffer, at, unit, one);
        return one.get(at).ok();
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
        lastFlushAt = -1;
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
