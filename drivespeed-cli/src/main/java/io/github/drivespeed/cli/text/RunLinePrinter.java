package io.github.drivespeed.cli.text;

import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.medium.CacheCliff;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.medium.RateDrop;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.unit.Nanoseconds;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.Function;

/**
 * Prints a header when the first pass starts, then one line per run as soon as its read pass
 * ends, like the classic script:
 * {@code test 1: write: 312.4 MB/s (297.9 MiB/s), read: 1002.3 MB/s (955.9 MiB/s)}; for a device
 * test, in the spirit of {@code hdparm -t}, with the bytes, time and device requests of each pass:
 * {@code test 1: read: 464.0 MB/s (442.5 MiB/s), 1392.5 MB in 3.00 s, device sda: 332 requests, avg 4096 KiB}.
 */
public final class RunLinePrinter implements ProgressListener {

    /** Printed where O_DIRECT was refused after the header said O_DIRECT. */
    public static final String REFUSED_IN_A_RUN = "O_DIRECT was refused during the measured"
            + " runs: every run starts over, buffered, and no O_DIRECT figure is kept";

    private final PrintWriter out;
    private final Function<Boolean, String> header;
    private final boolean detailed;
    private boolean started;
    /** The I/O mode the header said: O_DIRECT (true) or buffered; null before it was told. */
    private Boolean direct;
    private Sample write;

    private RunLinePrinter(PrintWriter out, Function<Boolean, String> header, boolean detailed) {
        this.out = out;
        this.header = header;
        this.detailed = detailed;
    }

    /**
     * Throughputs only, for the directory test, under a header that says the I/O mode the runs
     * use ({@link #runsStarting}), not the one asked for: where O_DIRECT was refused and the plan
     * fell back, it says buffered.
     *
     * @param out where the lines go
     * @param header the line printed when the runs start, given whether they use O_DIRECT
     */
    public RunLinePrinter(PrintWriter out, Function<Boolean, String> header) {
        this(out, header, false);
    }

    /**
     * Also bytes, time and the device's requests of each pass, for the device test.
     *
     * @param out where the lines go
     * @param header the line printed when the first pass starts
     * @return the printer
     */
    public static RunLinePrinter detailed(PrintWriter out, String header) {
        return new RunLinePrinter(out, direct -> header, true);
    }

    @Override
    public void runsStarting(boolean direct) {
        if (!started) {
            started = true;
            out.println(header.apply(direct));
            out.flush();
        } else if (this.direct != null && this.direct && !direct) {
            out.println(REFUSED_IN_A_RUN);
            out.flush();
        }
        this.direct = direct;
    }

    @Override
    public void passStarted(PassKind pass, int run, long totalBytes) {
        if (!started) {
            started = true;
            out.println(header.apply(null));
            out.flush();
        }
    }

    @Override
    public void passFinished(PassKind pass, Sample sample) {
        if (pass == PassKind.WRITE) {
            write = sample;
            return;
        }
        StringBuilder line = new StringBuilder("test " + sample.run() + ": ");
        if (write != null) {
            line.append("write: ").append(describe(PassKind.WRITE, write))
                    .append(detailed ? "; " : ", ");
        }
        line.append("read: ").append(describe(PassKind.READ, sample));
        out.println(line);
        out.flush();
    }

    private String describe(PassKind kind, Sample s) {
        return figures(kind, s) + marker(s);
    }

    /**
     * What is printed beside a run's figure when it is not one speed of a drive that keeps its
     * data: the data lost, where the write cache (or the page cache's dirty limit) filled, where
     * the read rate fell, and a stall.
     *
     * @param s the run
     * @return {@code  [DATA LOST: ...]}, {@code  [write cache filled after ...]} or empty
     */
    static String marker(Sample s) {
        StringBuilder sb = new StringBuilder();
        s.findings().verification().filter(v -> v.hasLoss()).ifPresent(v -> sb
                .append(" [DATA LOST: ")
                .append(LossLines.bytes(v.lostBytes())).append(" lost, first at offset ")
                .append(LossLines.bytes(v.firstLoss().orElseThrow().offsetBytes()))
                .append("; not the drive's speed]"));
        s.findings().cacheCliff().ifPresent(c -> sb.append(drop(
                c.cause() == CacheCliff.Cause.PAGE_CACHE
                        ? "page cache dirty limit reached" : "write cache filled", c.drop())));
        s.findings().rateDrop().ifPresent(d -> sb.append(drop("read rate fell", d)));
        s.findings().stall().ifPresent(x -> sb.append(String.format(Locale.ROOT,
                " [STALLED %s at %s, %s into the pass]", Nanoseconds.format(x.noProgressNanos()),
                LossLines.bytes(x.offsetBytes()), Nanoseconds.format(x.startedAtNanos()))));
        return sb.toString();
    }

    /** For example {@code  [read rate fell after 64.0 MiB (2.00 s): 33.6 then 3.4 MB/s]}. */
    private static String drop(String what, RateDrop d) {
        return String.format(Locale.ROOT, " [%s after %s (%s): %.1f then %.1f MB/s]", what,
                LossLines.bytes(d.bytesBeforeDrop()), Nanoseconds.format(d.nanosBeforeDrop()),
                d.bytesPerSecondBefore() / 1e6, d.bytesPerSecondAfter() / 1e6);
    }

    private String figures(PassKind kind, Sample s) {
        if (!detailed) {
            return s.throughput().toString();
        }
        return s.throughput() + String.format(Locale.ROOT, ", %.1f MB in %.2f s", s.bytes() / 1e6,
                s.elapsedSeconds())
                + s.accounting().deviceIo().map(d -> ", device " + d.deviceName() + ": "
                        + d.requests(kind)
                        + " requests" + (d.requests(kind) == 0 ? ""
                                : String.format(Locale.ROOT, ", avg %.0f KiB",
                                        d.averageRequestBytes(kind) / 1024)))
                        .orElse("");
    }
}
