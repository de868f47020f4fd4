package io.github.drivespeed.cli.chart;

import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.report.TimelinePoint;
import io.github.drivespeed.report.view.ReportView;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What the timeline chart draws, before any pixel: one series per pass and run, each a row of
 * buckets with their rate, and for each write pass of the sequential test its closing fdatasync
 * as an interval of its own.
 *
 * <p>A pass of the sequential test with a {@link PassTrace} is cut into buckets of one width for
 * the whole chart, sized to its longest pass by {@link BucketWidth}. Each block's bytes are
 * spread evenly over the time from the previous block's completion to its own (the time it took,
 * one block at a time), so a bucket narrower than a block shows that block's rate, not a zero
 * beside a spike. The series ends where the last block completed: the fdatasync that follows
 * moves no bytes the pass counts, and is a {@link Sync}, not a fall to zero; a last bucket cut
 * short by it has its rate over the part before it. Every other pass (a workload's, or a pass
 * with no trace) is drawn from its report's timeline, at that timeline's interval.
 *
 * @param series the lines, in the order drawn: a job's passes, each pass's runs in order
 * @param syncs the closing fdatasync of each traced write pass
 */
public record TimelineChartData(List<Series> series, List<Sync> syncs) {

    /**
     * One pass of one run.
     *
     * @param name the legend's name: {@code write run 2}
     * @param kind the pass's direction
     * @param run the run, from 1
     * @param bucketNanos the buckets' width in nanoseconds (the last may be shorter)
     * @param buckets the buckets, first to last
     */
    public record Series(String name, PassKind kind, int run, long bucketNanos,
            List<Bucket> buckets) {
        /**
         * Copies the buckets.
         *
         * @param name the legend's name
         * @param kind the pass's direction
         * @param run the run, from 1
         * @param bucketNanos the buckets' width in nanoseconds
         * @param buckets the buckets, first to last
         */
        public Series {
            Objects.requireNonNull(name, "name");
            buckets = List.copyOf(buckets);
        }
    }

    /**
     * The rate over one bucket.
     *
     * @param startNanos start, nanoseconds after the pass started
     * @param endNanos end (exclusive)
     * @param megabytesPerSecond bytes over the bucket's length, in 10^6 bytes per second
     */
    public record Bucket(long startNanos, long endNanos, double megabytesPerSecond) { }

    /**
     * A write pass's closing fdatasync: from its last block's completion to the pass's end; of
     * no length where it took less than the two clocks differ (the command's, read as the pass
     * is told to start, and the engine's, started just after: microseconds).
     *
     * @param series the name of the pass's series
     * @param run the run, from 1
     * @param startNanos when the last block completed, nanoseconds after the pass started
     * @param endNanos when the pass ended
     */
    public record Sync(String series, int run, long startNanos, long endNanos) {
        /** {@return how long the fdatasync took, nanoseconds} */
        public long elapsedNanos() {
            return endNanos - startNanos;
        }
    }

    /**
     * Copies the lists.
     *
     * @param series the lines
     * @param syncs the fdatasync intervals
     */
    public TimelineChartData {
        series = List.copyOf(series);
        syncs = List.copyOf(syncs);
    }

    /**
     * The passes of a report whose timelines the chart draws, in order: a sequential test's
     * write and read passes, a workload's reads and writes, a device test's write (if any) and
     * read passes; none of a sustained write or a capacity check or probe, and no cached-read
     * pass (the page cache's speed).
     */
    private static final Report.Visitor<List<PassResult>> TIMED_PASSES =
            new Report.DefaultVisitor<>() {
                @Override
                public List<PassResult> visitDefault(Report r) {
                    return ReportView.of(r).passes().stream()
                            .filter(p -> p.kind() != PassKind.CACHED_READ).toList();
                }

                @Override
                public List<PassResult> visit(SustainedReport r) {
                    return List.of();
                }
            };

    /**
     * The chart's data for the results: the sequential test's passes from their traces where
     * there is one, every other pass from its report's timeline.
     *
     * @param results the jobs
     * @param traces the sequential test's passes as recorded, perhaps none
     * @return what the chart draws
     */
    public static TimelineChartData of(Results results, List<PassTrace> traces) {
        long width = BucketWidth.forPass(traces.stream().mapToLong(PassTrace::endNanos).max()
                .orElse(0));
        List<Series> series = new ArrayList<>();
        List<Sync> syncs = new ArrayList<>();
        boolean severalJobs = results.jobs().size() > 1;
        for (Results.Job job : results.jobs()) {
            String prefix = severalJobs ? job.name() + ": " : "";
            boolean traced = job.report() instanceof SpeedReport;
            for (PassResult pass : job.report().accept(TIMED_PASSES)) {
                for (Sample s : pass.samples()) {
                    String name = name(prefix, pass, s);
                    Optional<PassTrace> trace = traced ? trace(traces, pass.kind(), s.run())
                            : Optional.empty();
                    if (trace.isPresent()) {
                        PassTrace t = trace.get();
                        series.add(new Series(name, pass.kind(), s.run(), width,
                                buckets(t, width)));
                        if (t.kind() == PassKind.WRITE) {
                            syncs.add(new Sync(name, s.run(), t.lastCompletedNanos(),
                                    t.endNanos()));
                        }
                    } else if (!s.timeline().points().isEmpty()) {
                        series.add(new Series(name, pass.kind(), s.run(),
                                s.timeline().intervalNanos(), buckets(s.timeline().points(),
                                        s.timeline().intervalNanos())));
                    }
                }
            }
        }
        return new TimelineChartData(series, syncs);
    }

    /**
     * {@return the series of one direction, in order}
     *
     * @param kind the direction: the write or the read passes
     */
    public List<Series> series(PassKind kind) {
        return series.stream().filter(s -> s.kind() == kind).toList();
    }

    /** {@return the latest time drawn: the end of the last bucket or fdatasync, nanoseconds} */
    public long endNanos() {
        long end = 0;
        for (Series s : series) {
            if (!s.buckets().isEmpty()) {
                end = Math.max(end, s.buckets().get(s.buckets().size() - 1).endNanos());
            }
        }
        for (Sync s : syncs) {
            end = Math.max(end, s.endNanos());
        }
        return end;
    }

    /** {@return the bucket widths of the series, each once, narrowest first} */
    public List<Long> bucketWidths() {
        return series.stream().map(Series::bucketNanos).distinct().sorted().toList();
    }

    /**
     * {@return the bucket widths as people write them: {@code 10 ms}, or {@code 10 ms or
     * 500 ms} beside a workload's timeline; empty when there is no series}
     */
    public String widths() {
        return bucketWidths().stream().map(BucketWidth::format)
                .collect(Collectors.joining(" or "));
    }

    private static Optional<PassTrace> trace(List<PassTrace> traces, PassKind kind, int run) {
        return traces.stream().filter(t -> t.kind() == kind && t.run() == run
                && t.completions() > 0).findFirst();
    }

    /** A job named after its direction ({@code RND4K Q1T1 read}) does not repeat it. */
    private static String name(String prefix, PassResult pass, Sample s) {
        String kind = pass.kind().toString();
        String name = prefix.endsWith(" " + kind + ": ")
                ? prefix.substring(0, prefix.length() - 2) : prefix + kind;
        return name + (pass.runs() > 1 ? " run " + s.run() : "");
    }

    /**
     * The trace cut into buckets of {@code width} up to its last completion, each block's
     * bytes spread evenly over the time since the completion before it.
     */
    static List<Bucket> buckets(PassTrace trace, long width) {
        long end = trace.lastCompletedNanos();
        if (end <= 0) {
            return List.of();
        }
        int n = (int) ((end + width - 1) / width);
        double[] bytes = new double[n];
        long before = 0;
        long bytesBefore = 0;
        for (int i = 0; i < trace.completions(); i++) {
            long at = trace.completedNanos(i);
            long moved = trace.doneBytes(i) - bytesBefore;
            if (at == before) {
                bytes[(int) Math.min(n - 1, at / width)] += moved;
            } else {
                double perNano = (double) moved / (at - before);
                for (long from = before; from < at; ) {
                    int k = (int) (from / width);
                    long to = Math.min(at, (k + 1) * width);
                    bytes[k] += perNano * (to - from);
                    from = to;
                }
            }
            before = at;
            bytesBefore = trace.doneBytes(i);
        }
        List<Bucket> buckets = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            long start = k * width;
            long stop = Math.min(end, start + width);
            buckets.add(new Bucket(start, stop, bytes[k] * 1e3 / (stop - start)));
        }
        return buckets;
    }

    /**
     * The share of an interval under which a timeline's last point is drawn as part of the one
     * before it: a timed run ends with a stub of an interval (the I/O in flight at the deadline
     * completing: one 4 KiB block in 1.7 ms, 2.4 MB/s), whose rate, drawn on its own, would be
     * a fall to near zero that the drive never made.
     */
    static final double SHORT_LAST_POINT = 0.1;

    /**
     * {@return a timeline's points as buckets, each at its own rate; a last point shorter than
     * a tenth of {@code intervalNanos} joined to the one before it (their bytes over their
     * time together)}
     *
     * @param points the timeline's points, in order
     * @param intervalNanos the timeline's interval
     */
    static List<Bucket> buckets(List<TimelinePoint> points, long intervalNanos) {
        List<Bucket> buckets = new ArrayList<>(points.stream().map(TimelineChartData::bucket)
                .toList());
        int n = points.size();
        if (n >= 2 && points.get(n - 1).elapsedNanos() < SHORT_LAST_POINT * intervalNanos) {
            TimelinePoint before = points.get(n - 2);
            TimelinePoint last = points.get(n - 1);
            buckets.remove(n - 1);
            buckets.set(n - 2, bucket(new TimelinePoint(before.startNanos(), last.endNanos(),
                    before.bytes() + last.bytes(), before.ios() + last.ios())));
        }
        return List.copyOf(buckets);
    }

    /** {@return a point's rate, as a bucket} */
    static Bucket bucket(TimelinePoint p) {
        return new Bucket(p.startNanos(), p.endNanos(), p.throughput().megabytesPerSecond());
    }
}
