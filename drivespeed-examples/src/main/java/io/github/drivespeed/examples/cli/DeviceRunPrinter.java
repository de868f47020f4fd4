package io.github.drivespeed.examples.cli;

import io.github.drivespeed.PassKind;
import io.github.drivespeed.ProgressListener;
import io.github.drivespeed.Sample;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * Prints a header when the first pass starts, then one line per run of a device test once its
 * read pass ends, in the spirit of {@code hdparm -t}:
 * {@code test 1: read: 464.0 MB/s (442.5 MiB/s), 1392.5 MB in 3.00 s, device sda: 332 requests, avg 4096 KiB}.
 */
final class DeviceRunPrinter implements ProgressListener {

    private final PrintWriter out;
    private final String header;
    private boolean started;
    private Sample write;

    DeviceRunPrinter(PrintWriter out, String header) {
        this.out = out;
        this.header = header;
    }

    @Override
    public void passStarted(PassKind pass, int run, long totalBytes) {
        if (!started) {
            started = true;
            out.println(header);
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
            line.append("write: ").append(describe(PassKind.WRITE, write)).append("; ");
        }
        line.append("read: ").append(describe(PassKind.READ, sample));
        out.println(line);
        out.flush();
    }

    private static String describe(PassKind kind, Sample s) {
        return s.throughput() + String.format(Locale.ROOT, ", %.1f MB in %.2f s", s.bytes() / 1e6,
                s.elapsedSeconds())
                + s.deviceIo().map(d -> ", device " + d.device() + ": " + d.requests(kind)
                        + " requests" + (d.requests(kind) == 0 ? ""
                                : String.format(Locale.ROOT, ", avg %.0f KiB",
                                        d.averageRequestBytes(kind) / 1024)))
                        .orElse("");
    }
}
