package io.github.drivespeed.examples.cli;

import io.github.drivespeed.PassKind;
import io.github.drivespeed.ProgressListener;
import io.github.drivespeed.Sample;
import java.io.PrintWriter;

/**
 * Prints a header when the first pass starts, then one line per run as soon as its read pass ends, like the classic script:
 * {@code test 1: write: 312.4 MB/s (297.9 MiB/s), read: 1002.3 MB/s (955.9 MiB/s)}.
 */
final class RunLinePrinter implements ProgressListener {

    private final PrintWriter out;
    private final String header;
    private boolean started;
    private Sample write;

    RunLinePrinter(PrintWriter out, String header) {
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
        out.println("test " + sample.run() + ": write: " + write.throughput() + ", read: "
                + sample.throughput());
        out.flush();
    }
}
