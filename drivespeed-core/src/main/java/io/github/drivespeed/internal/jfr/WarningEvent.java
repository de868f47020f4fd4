package io.github.drivespeed.internal.jfr;

import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/** {@code io.github.drivespeed.Warning}: one warning of a report, committed with its report. */
@Name(WarningEvent.NAME)
@Label("Drive Speed Warning")
@Description("Something that may make a report's figures differ from the drive's own speed")
final class WarningEvent extends DriveSpeedEvent {

    /** The event's name, as a recording or {@code jfr print --events} names it. */
    static final String NAME = "io.github.drivespeed.Warning";

    @Label("Code")
    @Description("The warning's stable name, as drivespeed's JSON output names it")
    String code;

    @Label("Message")
    @Description("What the warning means for the figures, in one sentence")
    String message;

    @Label("Not The Drive's")
    @Description("Whether a figure with this warning is not the drive's own (a cache's, a shared"
            + " drive's, a medium's that lost data)")
    boolean figureNotTheDrives;
}
