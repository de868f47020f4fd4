package io.github.drivespeed.fio.internal.text;

import io.github.drivespeed.fio.internal.FioReported;
import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.warning.Warning;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The text of an fio job's results in the layout of fio's normal output: per reported job its
 * group and job count, per direction IOPS, bandwidth (KiB/s = 2^10 bytes per second, kB/s = 10^3,
 * both as fio prints them), bytes and time, the latency and its percentiles; then per group the
 * "Run status" lines. Latency is submission to completion of each I/O ({@code lat}: for psync the
 * system call, as fio's clat and lat both are); with an asynchronous engine also its two parts,
 * {@code slat} and {@code clat}, with clat's percentiles, as fio prints them.
 */
public final class FioReportPrinter {

    private FioReportPrinter() {
    }

    /**
     * Where a job's read rate fell and its longest stall in either direction, for example
     * {@code   write stall: no block completed for 1.500 s from ...}.
     */
    private static void findings(PrintWriter out, FioReported r) {
        r.read().flatMap(PassResult::rateDrop).ifPresent(d -> out.println("  read rate " + d));
        r.read().flatMap(PassResult::stall).ifPresent(x -> out.println("  read stall: " + x));
        r.write().flatMap(PassResult::stall).ifPresent(x -> out.println("  write stall: " + x));
    }

    /**
     * Prints one set of fio jobs as text, each job or group with its reads and writes.
     *
     * @param out where to print
     * @param reported the reported jobs of one set, in order
     */
    public static void print(PrintWriter out, List<FioReported> reported) {
        for (FioReported r : reported) {
            out.printf(Locale.ROOT, "%s: (groupid=%d, jobs=%d)%n", r.name(), r.group(),
                    r.reports().size());
            r.read().ifPresent(p -> direction(out, "read", p));
            r.write().ifPresent(p -> direction(out, "write", p));
            // what ran for fio's ioengine (psync, libaio, io_uring: the engine drivespeed has)
            r.reports().stream().map(w -> w.engine().toString()).distinct()
                    .forEach(e -> out.println("  drivespeed ran: " + e));
            for (Warning w : r.warnings()) {
                out.println("  warning: " + w.message());
            }
            findings(out, r);
        }
        int lastGroup = -1;
        for (FioReported r : reported) {
            if (r.group() == lastGroup) {
                continue;
            }
            lastGroup = r.group();
            int g = lastGroup;
            out.printf(Locale.ROOT, "%nRun status group %d (all jobs):%n", g);
            List<FioReported> inGroup = reported.stream().filter(x -> x.group() == g).toList();
            status(out, "READ", inGroup.stream().map(FioReported::read).flatMap(Optional::stream)
                    .toList());
            status(out, "WRITE", inGroup.stream().map(FioReported::write)
                    .flatMap(Optional::stream).toList());
        }
    }

    private static void direction(PrintWriter out, String name, PassResult p) {
        Sample s = p.samples().get(p.samples().size() - 1);
        double seconds = s.elapsedNanos() / 1e9;
        out.printf(Locale.ROOT, "  %s: IOPS=%.0f, BW=%s (%s)(%s/%dmsec)%n", name,
                s.ios() / seconds, binaryRate(s.bytes() / seconds),
                decimalRate(s.bytes() / seconds), binaryBytes(s.bytes()),
                s.elapsedNanos() / 1_000_000);
        LatencyStats lat = p.latency();
        if (lat.count() > 0) {
            LatencyStats slat = p.submissionLatency();
            boolean split = slat.count() > 0;
            if (split) {
                latencyLine(out, "    slat", slat);
                latencyLine(out, "    clat", p.completionLatency());
            }
            latencyLine(out, "     lat", lat);
            // fio prints clat's percentiles by default; psync's clat is its lat
            Map<Double, Long> pct = (split ? p.completionLatency() : lat).fioPercentilesNanos();
            out.print(split ? "    clat percentiles (usec):" : "    lat percentiles (usec):");
            int i = 0;
            for (Map.Entry<Double, Long> e : pct.entrySet()) {
                out.print(i++ % 4 == 0 ? String.format(Locale.ROOT, "%n     | ") : ", ");
                out.printf(Locale.ROOT, "%5.2fth=[%d]", e.getKey(), e.getValue() / 1000);
            }
            out.println();
        }
        if (p.runs() > 1) {
            out.printf(Locale.ROOT, "    %d runs: median %s, the figures above are run %d's%n",
                    p.runs(), binaryRate(p.median().bytesPerSecond()), s.run());
        }
    }

    /** {@code "    slat (usec): min=1, max=40, avg=2.51, stdev=0.93"}, as fio prints it. */
    private static void latencyLine(PrintWriter out, String name, LatencyStats l) {
        out.printf(Locale.ROOT, "%s (usec): min=%d, max=%d, avg=%.2f, stdev=%.2f%n", name,
                l.minNanos() / 1000, l.maxNanos() / 1000, l.meanNanos() / 1000,
                l.count() > 1 ? l.standardDeviationNanos() / 1000 : 0);
    }

    private static void status(PrintWriter out, String name, List<PassResult> passes) {
        if (passes.isEmpty()) {
            return;
        }
        long bytes = 0;
        long maxNanos = 0;
        long minNanos = Long.MAX_VALUE;
        for (PassResult p : passes) {
            Sample s = p.samples().get(p.samples().size() - 1);
            bytes += s.bytes();
            maxNanos = Math.max(maxNanos, s.elapsedNanos());
            minNanos = Math.min(minNanos, s.elapsedNanos());
        }
        double rate = bytes / (maxNanos / 1e9);
        out.printf(Locale.ROOT, "  %5s: bw=%s (%s), io=%s (%s), run=%d-%dmsec%n", name,
                binaryRate(rate), decimalRate(rate), binaryBytes(bytes), decimalBytes(bytes),
                minNanos / 1_000_000, maxNanos / 1_000_000);
    }

    /** {@code 4815KiB/s}, as fio scales it. */
    static String binaryRate(double bytesPerSecond) {
        return scaled(bytesPerSecond, 1024, "iB") + "/s";
    }

    /** {@code 4931kB/s}. */
    static String decimalRate(double bytesPerSecond) {
        return scaled(bytesPerSecond, 1000, "B") + "/s";
    }

    static String binaryBytes(long bytes) {
        return scaled(bytes, 1024, "iB");
    }

    static String decimalBytes(long bytes) {
        return scaled(bytes, 1000, "B");
    }

    private static String scaled(double value, int base, String unit) {
        String[] prefixes = base == 1024 ? new String[] {"K", "M", "G", "T"}
                : new String[] {"k", "M", "G", "T"};
        double v = value / base;
        int i = 0;
        while (v >= 10_000 && i < prefixes.length - 1) {
            v /= base;
            i++;
        }
        if (v < 10) {
            return String.format(Locale.ROOT, "%.2f%s%s", v, prefixes[i], unit);
        }
        return String.format(Locale.ROOT, "%.0f%s%s", v, prefixes[i], unit);
    }
}
