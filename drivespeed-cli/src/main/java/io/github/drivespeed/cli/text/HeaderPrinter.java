package io.github.drivespeed.cli.text;

import io.github.drivespeed.progress.WorkloadListener;
import io.github.drivespeed.progress.WorkloadStage;
import java.io.PrintWriter;

/**
 * Prints a workload's header line when its first stage starts, then tells the next listener (the
 * progress bar, if any), so that a plan the run refuses (its checks come before any I/O) prints
 * its error alone, not after a header.
 */
public final class HeaderPrinter implements WorkloadListener {

    private final PrintWriter out;
    private final String header;
    private final WorkloadListener next;
    private boolean printed;

    /**
     * A listener that prints the header line when the first stage starts, then tells {@code next}.
     *
     * @param out where the header goes
     * @param header the header line
     * @param next the listener told of every stage after it
     */
    public HeaderPrinter(PrintWriter out, String header, WorkloadListener next) {
        this.out = out;
        this.header = header;
        this.next = next;
    }

    @Override
    public void stageStarted(WorkloadStage stage) {
        if (!printed) {
            printed = true;
            out.println(header);
            out.flush();
        }
        next.stageStarted(stage);
    }

    @Override
    public void stageFinished(WorkloadStage stage) {
        next.stageFinished(stage);
    }
}
