package io.github.drivespeed.report.text;

import io.github.drivespeed.internal.figures.SizeText;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.DeviceIo;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.Verdict;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.WorkloadTable;
import io.github.drivespeed.report.medium.CacheCliff;
import io.github.drivespeed.report.medium.Verification;
import io.github.drivespeed.target.CgroupLimits;
import io.github.drivespeed.target.IoLimitReached;
import io.github.drivespeed.target.Link;
import io.github.drivespeed.target.RemovedLeftover;
import io.github.drivespeed.unit.Nanoseconds;
import io.github.drivespeed.unit.Throughput;
import io.github.drivespeed.warning.Warning;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Text and checks the reports share: the verdicts on the figures and how they are printed. Not
 * part of the API: its package is not exported.
 *
 * @since 0.1.0
 */
public final class ReportText {

    private ReportText() {
    }

    /**
     * The passes whose median reached {@link Link#SATURATION_RATIO} of the link's ceiling.
     *
     * @param link the target's link, if known
     * @param passes the report's passes
     * @return those passes, in the given order; empty when the link is unknown
     */
    public static List<PassResult> linkLimited(Optional<Link> link, List<PassResult> passes) {
        if (link.isEmpty()) {
            return List.of();
        }
        return passes.stream().filter(p -> link.get().isSaturatedBy(p.median())).toList();
    }

    /**
     * The passes with a run faster than the link's ceiling: no data crosses the link that fast.
     *
     * @param link the target's link, if known
     * @param passes the report's passes
     * @return those passes; empty when the link or its ceiling is unknown
     */
    public static List<PassResult> aboveLinkCeiling(Optional<Link> link, List<PassResult> passes) {
        if (link.isEmpty() || !link.get().ceiling().isAvailable()) {
            return List.of();
        }
        double ceiling = link.get().ceiling().bytesPerSecond();
        return passes.stream().filter(p -> p.max().bytesPerSecond() > ceiling).toList();
    }

    /**
     * The read passes with a run faster than the median cached-read rate of the same machine.
     *
     * @param passes the report's passes
     * @param cached the cached-read pass, if measured
     * @return those passes; empty without a cached-read pass
     */
    public static List<PassResult> fasterThanCachedReads(List<PassResult> passes,
            Optional<PassResult> cached) {
        if (cached.isEmpty()) {
            return List.of();
        }
        double limit = cached.get().median().bytesPerSecond();
        return passes.stream().filter(p -> p.kind() == PassKind.READ)
                .filter(p -> p.max().bytesPerSecond() > limit).toList();
    }

    /**
     * The warnings a report adds from its figures: {@link Warning#LINK_LIMITED},
     * {@link Warning#ABOVE_LINK_CEILING} and {@link Warning#FASTER_THAN_CACHED_READS}.
     *
     * @param link the target's link, if known
     * @param passes the passes meant to measure the drive
     * @param cached the cached-read pass, if measured
     * @return the verdicts
     */
    public static Set<Warning> verdicts(Optional<Link> link, List<PassResult> passes,
            Optional<PassResult> cached) {
        Set<Warning> w = EnumSet.noneOf(Warning.class);
        if (!linkLimited(link, passes).isEmpty()) {
            w.add(Warning.LINK_LIMITED);
        }
        if (!aboveLinkCeiling(link, passes).isEmpty()) {
            w.add(Warning.ABOVE_LINK_CEILING);
        }
        if (!fasterThanCachedReads(passes, cached).isEmpty()) {
            w.add(Warning.FASTER_THAN_CACHED_READS);
        }
        return w;
    }

    /**
     * What is printed before a pass's figures when they are not one speed of a drive that keeps
     * its data: {@code [DATA LOST: not the drive's speed] } for {@link Warning#DATA_LOSS},
     * {@code [WRITE CACHE FILLED: the median mixes two speeds] } for
     * {@link Warning#WRITE_CACHE_CLIFF} ({@code [WRITE RATE FELL: the drive's cache, or the other
     * I/O on it] } when another process used the drive during the pass), {@code [PAGE CACHE DIRTY
     * LIMIT REACHED: ...] } for
     * {@link Warning#PAGE_CACHE_DIRTY_LIMIT}, {@code [READ RATE FELL: ...] } for
     * {@link Warning#READ_RATE_DROP}, {@code [STALLED 2.00 s] } for a stall; empty otherwise.
     *
     * @param pass a pass
     * @return the marker, with a space after it, or empty
     */
    public static String marker(PassResult pass) {
        StringBuilder sb = new StringBuilder();
        if (pass.warnings().contains(Warning.DATA_LOSS)) {
            sb.append("[DATA LOST: not the drive's speed] ");
        }
        pass.cacheCliff().ifPresent(c -> sb.append(c.cause() == CacheCliff.Cause.PAGE_CACHE
                ? "[PAGE CACHE DIRTY LIMIT REACHED: the median mixes memory and device speed] "
                : shared(pass) ? "[WRITE RATE FELL: the drive's cache, or the other I/O on it] "
                : "[WRITE CACHE FILLED: the median mixes two speeds] "));
        if (pass.rateDrop().isPresent()) {
            sb.append("[READ RATE FELL: the median mixes two speeds] ");
        }
        pass.stall().ifPresent(x -> sb.append("[STALLED ").append(Nanoseconds.format(
                x.noProgressNanos())).append("] "));
        return sb.toString();
    }

    /**
     * Whether another process used the drive during the pass ({@link
     * Warning#CONCURRENT_MEASUREMENT}, {@link Warning#FOREIGN_IO}): a fall of its rate may then
     * be that process's doing rather than a cache of the drive's filling.
     */
    private static boolean shared(PassResult pass) {
        return pass.warnings().contains(Warning.CONCURRENT_MEASUREMENT)
                || pass.warnings().contains(Warning.FOREIGN_IO);
    }

    /**
     * One line saying how a pass dealt with the page cache and what the device moved over all
     * its runs, for example {@code O_DIRECT; device vda read 805.3 MB (768.0 MiB) in 193 requests
     * (avg 4074 KiB)}; empty when neither was recorded.
     *
     * @param pass a pass
     * @return the line, without a newline
     */
    public static String accounting(PassResult pass) {
        Set<String> handling = new LinkedHashSet<>();
        String device = null;
        long bytes = 0;
        long requests = 0;
        boolean complete = true;
        for (Sample s : pass.samples()) {
            if (s.accounting().cacheHandling() != CacheHandling.NOT_RECORDED) {
                handling.add(s.accounting().cacheHandling().description());
            }
            if (s.accounting().deviceIo().isPresent()) {
                DeviceIo d = s.accounting().deviceIo().get();
                device = d.deviceName();
                bytes += d.bytes(pass.kind());
                requests += d.requests(pass.kind());
            } else {
                complete = false;
            }
        }
        List<String> parts = new ArrayList<>();
        if (!handling.isEmpty()) {
            parts.add(String.join(" / ", handling));
        }
        if (device != null) {
            DeviceIo total = new DeviceIo(device, bytes, requests, bytes, requests,
                    Optional.empty(), List.of());
            parts.add("device " + total.describe(pass.kind()) + (pass.runs() > 1 ? " over " + pass.runs() + " runs" : "")
                    + (complete ? "" : " (counters missing for some runs)"));
        }
        return String.join("; ", parts);
    }

    /**
     * Appends the warnings block: {@code warnings:   none}, or one line per warning with its
     * name and message, and under a verdict the passes and runs that called for it, with the
     * numbers.
     *
     * @param sb where to append
     * @param warnings the report's warnings
     * @param link the target's link, if known
     * @param passes the passes meant to measure the drive
     * @param cached the cached-read pass, if measured
     * @param removed the test files of earlier runs removed before measuring
     */
    public static void appendWarnings(StringBuilder sb, Set<Warning> warnings, Optional<Link> link,
            List<PassResult> passes, Optional<PassResult> cached,
            List<RemovedLeftover> removed) {
        appendWarnings(sb, warnings, link, passes, cached, removed, List.of());
    }

    /** {@return the passes' figures at a cap of the cgroup, in pass order} */
    public static List<IoLimitReached> ioLimitsReached(CgroupLimits limits, List<PassResult> passes) {
        return passes.stream().flatMap(p -> p.ioLimitsReached(limits).stream()).toList();
    }

    /** As the method above, and under {@link Warning#CGROUP_IO_LIMIT} each figure at a cap. */
    public static void appendWarnings(StringBuilder sb, Set<Warning> warnings, Optional<Link> link,
            List<PassResult> passes, Optional<PassResult> cached,
            List<RemovedLeftover> removed, List<IoLimitReached> limitsReached) {
        appendWarnings(sb, warnings, link, passes, cached, removed, limitsReached, Map.of());
    }

    /**
     * The warnings section, as {@link #appendWarnings(StringBuilder, Set, Optional, List,
     * Optional, List)}, with lines of the report's own under some warnings.
     *
     * @param sb where to
     * @param warnings the report's warnings
     * @param link the target's link, if known
     * @param passes the passes meant to measure the drive
     * @param cached the cached-read pass, if measured
     * @param removed the test files of earlier runs removed before measuring
     * @param limitsReached the figures at a cap of the cgroup, printed under
     *     {@link Warning#CGROUP_IO_LIMIT}
     * @param more lines printed under a warning, indented, after its per-pass details
     */
    public static void appendWarnings(StringBuilder sb, Set<Warning> warnings, Optional<Link> link,
            List<PassResult> passes, Optional<PassResult> cached,
            List<RemovedLeftover> removed, List<IoLimitReached> limitsReached,
            Map<Warning, List<String>> more) {
        if (warnings.isEmpty()) {
            sb.append("warnings:   none\n");
            return;
        }
        sb.append("warnings:\n");
        for (Warning w : warnings) {
            sb.append("  - ").append(w.name()).append(": ").append(w.message()).append('\n');
            if (w == Warning.LEFTOVER_REMOVED) {
                removed.forEach(r -> sb.append("    removed ").append(r).append('\n'));
            }
            if (w == Warning.CGROUP_IO_LIMIT) {
                limitsReached.forEach(r -> sb.append("    ").append(r).append('\n'));
            }
            appendDetails(sb, w, link, passes, cached);
            FigureDetails.append(sb, w, passes);
            more.getOrDefault(w, List.of()).forEach(line -> sb.append("    ").append(line)
                    .append('\n'));
        }
    }

    /**
     * The line under {@link Warning#PASS_TOO_SHORT}, after the runs it names, when the warnings
     * hold it: what measures more data in each pass, in the words of the report's settings
     * ({@code measure more data in each pass: a larger count or block size}), as
     * {@code more} of {@link #appendWarnings(StringBuilder, Set, Optional, List, Optional, List,
     * List, Map)}.
     *
     * @param warnings the report's warnings
     * @param settings the settings that measure more, for the report's kind of test
     * @return the line under the warning, or no line
     */
    public static Map<Warning, List<String>> passTooShort(Set<Warning> warnings,
            String settings) {
        return warnings.contains(Warning.PASS_TOO_SHORT) ? Map.of(Warning.PASS_TOO_SHORT,
                List.of("measure more data in each pass: " + settings)) : Map.of();
    }

    /** Under a warning, the passes and runs that called for it, with the numbers. */
    private static void appendDetails(StringBuilder sb, Warning w, Optional<Link> link,
            List<PassResult> passes, Optional<PassResult> cached) {
        switch (w) {
            case LINK_LIMITED:
                for (PassResult p : linkLimited(link, passes)) {
                    sb.append(String.format(Locale.ROOT, "    %s median %s is %.0f %% of %s%n",
                            p.kind(), p.median(), percent(p.median(), link.get().ceiling()),
                            link.get()));
                }
                break;
            case ABOVE_LINK_CEILING:
                for (PassResult p : aboveLinkCeiling(link, passes)) {
                    sb.append(String.format(Locale.ROOT, "    %s max %s is %.0f %% of %s%n",
                            p.kind(), p.max(), percent(p.max(), link.get().ceiling()),
                            link.get()));
                }
                break;
            case FASTER_THAN_CACHED_READS:
                for (PassResult p : fasterThanCachedReads(passes, cached)) {
                    sb.append(String.format(Locale.ROOT,
                            "    %s max %s is above cached reads %s%n", p.kind(), p.max(),
                            cached.get().median()));
                }
                break;
            case READ_SERVED_FROM_CACHE:
            case WRITE_SERVED_BY_PAGE_CACHE:
                appendServedFromCache(sb, w == Warning.READ_SERVED_FROM_CACHE ? PassKind.READ
                        : PassKind.WRITE, passes);
                break;
            case FOREIGN_IO:
                appendForeignIo(sb, passes);
                break;
            case DATA_LOSS:
                for (PassResult p : passes) {
                    p.verification().filter(Verification::hasLoss).ifPresent(v ->
                            sb.append("    ").append(p.kind()).append(": ").append(v)
                                    .append('\n'));
                }
                break;
            case WRITE_CACHE_CLIFF:
                appendPerRun(sb, passes, s -> s.findings().cacheCliff());
                if (passes.stream().anyMatch(p -> p.cacheCliff().isPresent() && shared(p))) {
                    sb.append("    another process used the drive during that pass"
                            + " (CONCURRENT_MEASUREMENT, FOREIGN_IO): the fall may be its doing,"
                            + " not the drive's cache; measure again with the drive to itself\n");
                }
                break;
            case PAGE_CACHE_DIRTY_LIMIT:
                appendPerRun(sb, passes, s -> s.findings().cacheCliff());
                break;
            case READ_RATE_DROP:
                appendPerRun(sb, passes, s -> s.findings().rateDrop());
                break;
            case WRITE_STALL:
            case READ_STALL:
                appendPerRun(sb, passes, s -> s.findings().stall());
                break;
            default:
                break;
        }
    }

    /** Each run's finding of one kind, for example {@code     write run 1: fell after ...}. */
    private static void appendPerRun(StringBuilder sb, List<PassResult> passes,
            java.util.function.Function<Sample, Optional<?>> finding) {
        for (PassResult p : passes) {
            for (Sample s : p.samples()) {
                finding.apply(s).ifPresent(f -> sb.append("    ").append(p.kind())
                        .append(" run ").append(s.run()).append(": ").append(f).append('\n'));
            }
        }
    }

    /** The runs of {@code kind}'s passes whose device moved less than they did. */
    private static void appendServedFromCache(StringBuilder sb, PassKind kind,
            List<PassResult> passes) {
        String verb = kind == PassKind.READ ? "read" : "wrote";
        String done = kind == PassKind.READ ? "read" : "written";
        for (PassResult p : passes) {
            for (Sample s : p.samples()) {
                if (p.kind() == kind && s.servedFromCache(p.kind())) {
                    DeviceIo d = s.accounting().deviceIo().get();
                    sb.append(String.format(Locale.ROOT,
                            "    %s run %d: device %s %s %s of the %s %s (%.0f %%)%n",
                            p.kind(), s.run(), d.deviceName(), verb,
                            SizeText.megabytes(d.bytes(kind)),
                            SizeText.megabytes(s.bytes()), done,
                            100 * s.deviceCoverage(p.kind())));
                }
            }
        }
    }

    /** What the device moved in each run of the passes that saw other I/O. */
    private static void appendForeignIo(StringBuilder sb, List<PassResult> passes) {
        for (PassResult p : passes) {
            if (!p.warnings().contains(Warning.FOREIGN_IO)) {
                continue;
            }
            for (Sample s : p.samples()) {
                s.accounting().deviceIo().ifPresent(d -> sb.append(String.format(Locale.ROOT,
                        "    %s run %d: device %s read %s and wrote %s while this"
                                + " pass %s %s%n", p.kind(), s.run(), d.deviceName(),
                        SizeText.megabytes(d.readBytes()),
                        SizeText.megabytes(d.writeBytes()),
                        p.kind() == PassKind.WRITE ? "wrote" : "read",
                        SizeText.megabytes(s.bytes()))));
            }
        }
    }

    /**
     * One pass's figure for a report's one-line summary: {@code write 489.2 MB/s} (10^6 B/s, as
     * dd prints), with the IOPS first where {@code iops} asks ({@code read 12345 IOPS 50.6 MB/s}).
     *
     * @param pass a pass
     * @param iops whether the pass's median IOPS leads
     * @return the figure, without the pass's other statistics
     */
    public static String oneLineFigure(PassResult pass, boolean iops) {
        return pass.kind() + (iops ? String.format(Locale.ROOT, " %.0f IOPS", pass.medianIops())
                : "") + " " + megabytesPerSecond(pass.median());
    }

    /**
     * The figures of passes for a report's one-line summary, each as {@link #oneLineFigure}
     * gives it, in their order: {@code write 489.2 MB/s, read 856.1 MB/s}.
     *
     * @param passes the passes on the line
     * @param iops whether each pass's median IOPS leads
     * @return the figures, joined by commas
     */
    public static String oneLineFigures(Collection<PassResult> passes, boolean iops) {
        return passes.stream().map(p -> oneLineFigure(p, iops)).collect(Collectors.joining(", "));
    }

    /**
     * A rate in 10^6 B/s alone, as the one-line summaries print it: {@code 489.2 MB/s}, with
     * {@link Throughput#toString()}'s decimals, or {@code n/a}.
     */
    public static String megabytesPerSecond(Throughput rate) {
        String both = rate.toString();
        int unitEnd = both.indexOf(" MB/s");
        return unitEnd < 0 ? both : both.substring(0, unitEnd + " MB/s".length());
    }

    /** What the one-line summary says of figures measured in memory. */
    private static final String IN_MEMORY_NOTE = "memory, not a drive: see warnings";

    /** What the one-line summary says of figures from a pass too short to time well. */
    private static final String TOO_SHORT_NOTE = "passes too short: see warnings";

    /**
     * A report's one-line summary: its figures, then in brackets how they were measured and,
     * where the verdict is not {@link Verdict.Outcome#MEASURED}, what it is, for example
     * {@code write 489.2 MB/s, read 856.1 MB/s (median of 3, O_DIRECT, 256 MiB per pass;
     * flagged: see warnings)}.
     *
     * @param figures the figures, for example {@code write 489.2 MB/s, read 856.1 MB/s}
     * @param how how they were measured, for example {@code median of 3, O_DIRECT}
     * @param verdict the report's verdict
     * @return the line, without a newline
     */
    public static String oneLine(String figures, String how, Verdict verdict) {
        return oneLine(figures, how, verdict, Set.of());
    }

    /**
     * {@link #oneLine(String, String, Verdict)} for figures of a target with these warnings: a
     * target in memory ({@link Warning#MEMORY_FILE_SYSTEM}: tmpfs, a RAM disk), whose figures
     * are the memory's, says so where the verdict has nothing worse to say:
     * {@code (median of 3, O_DIRECT, 256 MiB per pass; memory, not a drive: see warnings)}.
     *
     * @param figures the figures
     * @param how how they were measured
     * @param verdict the report's verdict
     * @param targetWarnings the target's warnings
     * @return the line, without a newline
     */
    public static String oneLine(String figures, String how, Verdict verdict,
            Set<Warning> targetWarnings) {
        return oneLine(figures, how, verdict, targetWarnings, List.of());
    }

    /**
     * {@link #oneLine(String, String, Verdict, Set)} for figures of these passes: where one of
     * them was too short to time well ({@link Warning#PASS_TOO_SHORT}) and nothing worse is to
     * be said, {@code (median of 3, O_DIRECT, 256 KiB per pass; passes too short: see
     * warnings)}.
     *
     * @param figures the figures
     * @param how how they were measured
     * @param verdict the report's verdict
     * @param targetWarnings the target's warnings
     * @param passes the passes the figures come from
     * @return the line, without a newline
     */
    public static String oneLine(String figures, String how, Verdict verdict,
            Set<Warning> targetWarnings, Collection<PassResult> passes) {
        boolean tooShort = passes.stream()
                .anyMatch(p -> p.warnings().contains(Warning.PASS_TOO_SHORT));
        String note = switch (verdict.outcome()) {
            case MEASURED -> targetWarnings.contains(Warning.MEMORY_FILE_SYSTEM)
                    ? IN_MEMORY_NOTE : tooShort ? TOO_SHORT_NOTE : "";
            case FLAGGED -> "flagged: see warnings";
            case DATA_LOST -> "DATA LOST: see warnings";
            case COUNTERFEIT -> "COUNTERFEIT: see warnings";
        };
        String inBrackets = how.isEmpty() ? note : note.isEmpty() ? how : how + "; " + note;
        return inBrackets.isEmpty() ? figures : figures + " (" + inBrackets + ")";
    }

    /**
     * A preset suite's or a sweep's answer in one line, as {@link #oneLine(String, String,
     * Verdict, Set, Collection)} gives one report's: each row's median rate and IOPS, reads
     * first, then in brackets O_DIRECT or buffered and the note of the worst verdict among the
     * rows.
     *
     * @param table the table
     * @return the line, without a newline
     */
    public static String oneLine(WorkloadTable table) {
        List<String> figures = new ArrayList<>();
        List<PassResult> passes = new ArrayList<>();
        for (WorkloadTable.Row row : table.rows()) {
            List<PassResult> rowPasses = new ArrayList<>(2);
            row.report().read().ifPresent(rowPasses::add);
            row.report().write().ifPresent(rowPasses::add);
            for (PassResult pass : rowPasses) {
                figures.add(row.label() + " " + megabytesPerSecond(pass.median())
                        + String.format(Locale.ROOT, " %.0f IOPS", pass.medianIops()));
            }
            passes.addAll(rowPasses);
        }
        WorkloadReport first = table.rows().get(0).report();
        Verdict worst = table.rows().stream().map(r -> r.report().verdict())
                .max(Comparator.comparing(Verdict::outcome)).orElseThrow();
        return oneLine(String.join(", ", figures), first.parameters().direct() ? "O_DIRECT"
                : "buffered", worst, first.target().warnings(), passes);
    }

    private static double percent(Throughput figure, Throughput of) {
        return 100 * figure.bytesPerSecond() / of.bytesPerSecond();
    }
}
