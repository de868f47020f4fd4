package io.github.drivespeed.cli.text;

import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.parameters.RunLength;
import io.github.drivespeed.parameters.SequentialParameters;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.unit.Nanoseconds;
import java.nio.file.Path;
import java.util.List;

/** The header line printed before a measurement: {@code drivespeed on DIR: WHAT}. */
public final class Headers {

    private Headers() {
    }

    /**
     * {@return {@code drivespeed on /abs/path: }, to be followed by what runs}
     *
     * @param target the directory or device measured
     */
    public static String on(Path target) {
        return "drivespeed on " + target.toAbsolutePath().normalize() + ": ";
    }

    /**
     * {@return the sequential test's parameters with the I/O mode its runs use: {@code 8 MiB x 32
     * (256 MiB per pass), 3 runs, buffered, ... (O_DIRECT refused by the file system)} where
     * O_DIRECT was asked for and refused}
     *
     * @param asked the parameters asked for
     * @param direct whether the runs use O_DIRECT; null where not told (the mode asked for)
     */
    public static String sequential(SequentialParameters asked, Boolean direct) {
        if (direct == null || direct == asked.direct()) {
            return asked.toString();
        }
        return asked.withDirect(direct) + (asked.direct()
                        ? " (O_DIRECT refused by the file system)" : "");
    }

    /**
     * {@return {@code presets [RND4K Q1T1], 1 GiB file, 5.00 s per run, 3 runs, O_DIRECT}}
     *
     * @param presets the presets run
     * @param plan their plan
     */
    public static String presets(List<Preset> presets, WorkloadPlan plan) {
        return "presets " + presets + ", " + plan.parameters().size() + " file, "
                + runLength(plan);
    }

    /**
     * The sweep's parameters without the plan's one block size: {@code read, block sizes 4 KiB
     * to 64 MiB, size 1 GiB, ...}; says when the mode is the sweep's default, randread.
     *
     * @param plan the sweep's plan
     * @param rwGiven whether {@code --rw} chose the mode
     * @return the header's text after the target
     */
    public static String sweep(WorkloadPlan plan, boolean rwGiven) {
        String p = plan.parameters().toString();
        String bs = ", bs " + plan.parameters().blockSize();
        int at = p.indexOf(bs);
        String header = at < 0 ? p : p.substring(0, at) + ", block sizes "
                + WorkloadPlan.DEFAULT_SWEEP.get(0) + " to "
                + WorkloadPlan.DEFAULT_SWEEP.get(WorkloadPlan.DEFAULT_SWEEP.size() - 1)
                + p.substring(at + bs.length());
        return !rwGiven ? header.replaceFirst("^randread", "randread (--sweep's default; give"
                + " --rw for another)") : header;
    }

    private static String runLength(WorkloadPlan plan) {
        WorkloadParameters p = plan.parameters();
        RunLength length = p.length();
        return (p.timeBased() ? Nanoseconds.format(length.duration().get().toNanos()) + " per run"
                : p.iosPerRun() + " I/Os per run")
                + (length.rampTime().isZero() ? "" : " after "
                        + Nanoseconds.format(length.rampTime().toNanos()) + " ramp")
                + ", " + p.runs() + (p.runs() == 1 ? " run" : " runs")
                + (p.direct() ? ", O_DIRECT" : ", buffered");
    }
}
