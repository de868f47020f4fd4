package io.github.drivespeed.internal.jfr;

import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/**
 * {@code io.github.drivespeed.Run}: one report, over the real time of the plan's {@code run()}
 * that made it (preflight, every pass, clean-up). Committed when the run returns; a run that
 * throws records none.
 */
@Name(RunEvent.NAME)
@Label("Drive Speed Run")
@Description("One measurement from its plan's run() to its report: what was measured, how, and"
        + " what the figures are worth")
final class RunEvent extends DriveSpeedEvent {

    /** The event's name, as a recording or {@code jfr print --events} names it. */
    static final String NAME = "io.github.drivespeed.Run";

    @Label("Backend")
    @Description("The I/O backend that ran: java or native")
    String backend;

    @Label("Passes")
    @Description("Measured passes in the report: one Pass event each per run")
    int passes;

    @Label("Bytes")
    @Description("Bytes moved by every measured run of every pass")
    @DataAmount(DataAmount.BYTES)
    long bytes;

    @Label("Verdict")
    @Description("MEASURED, FLAGGED, DATA_LOST or COUNTERFEIT")
    String verdict;

    @Label("Warnings")
    @Description("The report's warnings' names, comma-separated; one Warning event each")
    String warnings;
}
