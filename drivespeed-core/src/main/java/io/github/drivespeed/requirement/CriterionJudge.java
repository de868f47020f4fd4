package io.github.drivespeed.requirement;

import io.github.drivespeed.parameters.AccessPattern;
import io.github.drivespeed.report.medium.CacheCliff;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.requirement.RequirementCheck.NotJudged;
import io.github.drivespeed.requirement.RequirementCheck.Result;
import io.github.drivespeed.requirement.StorageRequirement.Criterion;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.Throughput;
import io.github.drivespeed.warning.Warning;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One criterion of a {@link StorageRequirement} against {@link Measurements}: the worst figure of
 * the drive's that judges it, or why there is none ({@link NotJudged}). The rules are the ones
 * {@link StorageRequirement} describes: a figure flagged as not the drive's is left out; a
 * sustained write minimum takes only a write past the drive's write cache.
 */
final class CriterionJudge {

    private final Criterion criterion;
    private double worst = Double.NaN;
    /** The warnings of the figures left out as not the drive's. */
    private final Set<Warning> leftOut = EnumSet.noneOf(Warning.class);
    /** Whether a figure past the drive's write cache was among those left out. */
    private boolean pastCacheLeftOut;
    /** The slowest burst figure of the drive's (a write that did not go past its cache). */
    private double slowestBurst = Double.NaN;
    /** Whether a sustained write was cut short by the size or time given. */
    private boolean sustainedCutShort;

    private CriterionJudge(Criterion criterion) {
        this.criterion = criterion;
    }

    /**
     * {@return the criterion's result}
     *
     * @param c the criterion
     * @param bound its bound
     * @param latencyPercentile the latency bound's percentile, or NaN
     * @param m the measurements
     */
    static Result judge(Criterion c, double bound, double latencyPercentile, Measurements m) {
        CriterionJudge j = new CriterionJudge(c);
        switch (c) {
            case SEQUENTIAL_WRITE:
            case SEQUENTIAL_READ:
                j.sequential(m);
                break;
            case SUSTAINED_WRITE:
                j.sustained(m);
                break;
            case RANDOM_4K_READ_IOPS:
            case RANDOM_4K_WRITE_IOPS:
                j.randomIops(m);
                break;
            default:
                j.randomLatency(m, latencyPercentile);
                break;
        }
        if (!Double.isNaN(j.worst)) {
            return Result.judged(c, bound, j.worst, latencyPercentile, Optional.of(j.judgedNote(m)));
        }
        NotJudged why = j.whyNotJudged();
        return Result.notJudged(c, why, bound, latencyPercentile, Optional.of(j.note(why)));
    }

    /**
     * Sequential write and read: the sequential tests' passes, the slowest run (past a cliff or
     * a read's drop, the rate after it); for the write, also a sustained write's sustained rate
     * (its whole rate when it does not show one: the drive sustained at least that).
     */
    private void sequential(Measurements m) {
        if (criterion == Criterion.SEQUENTIAL_WRITE) {
            for (SustainedReport r : m.sustained()) {
                if (take(r.verdict().reasons(), false)) {
                    worst(r.sustained().orElse(r.write().throughput()).bytesPerSecond());
                }
            }
        }
        for (SpeedReport r : m.sequential()) {
            PassResult pass = criterion == Criterion.SEQUENTIAL_WRITE ? r.write() : r.read();
            if (take(pass.notTheDrives(), false)) {
                worst(pass.cacheCliff().map(c -> c.drop().bytesPerSecondAfter())
                        .or(() -> pass.rateDrop().map(d -> d.bytesPerSecondAfter()))
                        .orElse(pass.min().bytesPerSecond()));
            }
        }
    }

    /**
     * A sustained write minimum: only a write past the drive's write cache judges it: a sustained
     * write's {@link SustainedReport#sustained()} rate, or a sequential test's write pass whose
     * rate fell at the drive's cache ({@link CacheCliff.Cause#DRIVE_WRITE_CACHE}): the slower of
     * the rate after the fall and the slowest run. Every other write is a burst figure.
     */
    private void sustained(Measurements m) {
        for (SustainedReport r : m.sustained()) {
            Optional<Throughput> rate = r.sustained();
            if (take(r.verdict().reasons(), rate.isPresent())) {
                if (rate.isPresent()) {
                    worst(rate.get().bytesPerSecond());
                } else {
                    burst(r.write().throughput().bytesPerSecond());
                    sustainedCutShort = true;
                }
            }
        }
        for (SpeedReport r : m.sequential()) {
            PassResult pass = r.write();
            Optional<CacheCliff> cliff = pass.cacheCliff()
                    .filter(c -> c.cause() == CacheCliff.Cause.DRIVE_WRITE_CACHE);
            if (take(pass.notTheDrives(), cliff.isPresent())) {
                if (cliff.isPresent()) {
                    worst(Math.min(cliff.get().drop().bytesPerSecondAfter(),
                            pass.min().bytesPerSecond()));
                } else {
                    burst(pass.min().bytesPerSecond());
                }
            }
        }
        for (WorkloadReport r : m.workloads()) {
            if (criterion.measuredBy(r.parameters())) {
                PassResult pass = r.write().orElseThrow();
                if (take(pass.notTheDrives(), false)) {
                    burst(pass.min().bytesPerSecond());
                }
            }
        }
    }

    /** Random 4 KiB read or write IOPS: read-only or write-only workloads, every run. */
    private void randomIops(Measurements m) {
        boolean reads = criterion == Criterion.RANDOM_4K_READ_IOPS;
        for (WorkloadReport r : m.workloads()) {
            if (criterion.measuredBy(r.parameters())) {
                PassResult pass = (reads ? r.read() : r.write()).orElseThrow();
                if (take(pass.notTheDrives(), false)) {
                    for (Sample s : pass.samples()) {
                        worst(s.iops());
                    }
                }
            }
        }
    }

    /** Random 4 KiB completion latency at the percentile: reads and writes, runs pooled. */
    private void randomLatency(Measurements m, double percentile) {
        for (WorkloadReport r : m.workloads()) {
            if (criterion.measuredBy(r.parameters())) {
                PassResult pass = r.read().or(r::write).orElseThrow();
                if (take(pass.notTheDrives(), false)) {
                    long nanos = pass.latency().percentileNanos(percentile);
                    if (nanos >= 0) {
                        worst(nanos);
                    }
                }
            }
        }
    }

    /**
     * Whether a figure with these warnings is the drive's and may be taken; if not, its warnings
     * are kept for the note.
     *
     * @param notTheDrives the warnings that mark the figure as not the drive's
     * @param pastCache whether the figure came from a write past the drive's write cache
     */
    private boolean take(Set<Warning> notTheDrives, boolean pastCache) {
        if (notTheDrives.isEmpty()) {
            return true;
        }
        leftOut.addAll(notTheDrives);
        pastCacheLeftOut |= pastCache;
        return false;
    }

    private void worst(double figure) {
        if (Double.isNaN(worst)) {
            worst = figure;
        } else {
            worst = criterion.isMinimum() ? Math.min(worst, figure) : Math.max(worst, figure);
        }
    }

    private void burst(double bytesPerSecond) {
        slowestBurst = Double.isNaN(slowestBurst) ? bytesPerSecond
                : Math.min(slowestBurst, bytesPerSecond);
    }

    /**
     * Why nothing judged it: a figure past the cache left out as not the drive's, else burst
     * figures only, else figures left out, else nothing measured it.
     */
    private NotJudged whyNotJudged() {
        if (pastCacheLeftOut) {
            return NotJudged.NOT_THE_DRIVES;
        }
        if (!Double.isNaN(slowestBurst)) {
            return NotJudged.BURST_ONLY;
        }
        return leftOut.isEmpty() ? NotJudged.NOT_MEASURED : NotJudged.NOT_THE_DRIVES;
    }

    private String note(NotJudged why) {
        switch (why) {
            case NOT_MEASURED:
                return "no result holds this figure";
            case NOT_THE_DRIVES:
                return names(leftOut);
            default:
                String burst = Throughput.ofBytesPerSecond(slowestBurst).toString();
                String leftOutToo = leftOut.isEmpty() ? ""
                        : "; left out as not the drive's: " + names(leftOut);
                if (sustainedCutShort) {
                    return "the sustained write stopped at the size or time given with no drop,"
                            + " short of a sustained test's reach (8 GiB or half the free space,"
                            + " or 120 s), so its " + burst + " may be the cache's speed; without"
                            + " the smaller size or time it writes past the cache" + leftOutToo;
                }
                return "no write went past the drive's write cache (the slowest write measured"
                        + " ran at " + burst + ", which may be the cache's speed); a sustained"
                        + " test (DriveSpeed.sustained, --sustained) writes past it" + leftOutToo;
        }
    }

    /**
     * What a judged figure leaves open: a sequential write judged with no write past the drive's
     * cache may be the cache's speed.
     */
    private String judgedNote(Measurements m) {
        if (criterion == Criterion.SEQUENTIAL_WRITE
                && m.sustained().stream().noneMatch(r -> r.sustained().isPresent())
                && m.sequential().stream().noneMatch(r -> r.write().cacheCliff().isPresent())) {
            return "too short to know whether it is sustained: no test wrote past the drive's"
                    + " write cache; run a sustained test";
        }
        return "";
    }

    private static String names(Set<Warning> warnings) {
        return warnings.stream().map(Warning::name).collect(Collectors.joining(", "));
    }

    static boolean isRandom4k(WorkloadReport r) {
        return r.parameters().pattern() == AccessPattern.RANDOM
                && r.parameters().blockSize().bytes() == 4 * DataSize.KIBIBYTE;
    }
}
