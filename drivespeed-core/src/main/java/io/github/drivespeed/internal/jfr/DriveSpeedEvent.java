package io.github.drivespeed.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.StackTrace;

/**
 * What every drivespeed event has: its category, no stack trace (the plan's caller is not what
 * the event is about), the kind of report and the target.
 */
@Category("drivespeed")
@StackTrace(false)
abstract class DriveSpeedEvent extends jdk.jfr.Event {

    @Label("Report Kind")
    @Description("sequential, device, workload, sustained, capacity_check or capacity_probe")
    String report;

    @Label("Target")
    @Description("The directory tested in, or the device node tested")
    String target;
}
