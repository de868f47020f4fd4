package io.github.drivespeed.cli.run;

import static io.github.drivespeed.cli.run.ErrorMessages.option;
import static io.github.drivespeed.cli.run.ErrorMessages.optionIfGiven;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.cli.options.GivenOptions;
import io.github.drivespeed.cli.options.MeasurementOptions;
import io.github.drivespeed.cli.options.OptionTable.Exclusion;
import io.github.drivespeed.cli.options.WorkloadOptions;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.unit.Nanoseconds;
import java.nio.file.Path;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A workload's plan from the options given, and the plan of the workloads a requirement runs. */
record WorkloadPlanBuilder(MeasurementOptions measurement, WorkloadOptions workload,
        GivenOptions given) {

    /**
     * The plan of {@code --rw}, {@code --preset} or {@code --sweep}.
     *
     * @throws IllegalArgumentException naming the option and value a setter refused
     */
    WorkloadPlan workload(Path dir) {
        MeasurementOptions m = measurement;
        WorkloadOptions o = workload;
        WorkloadPlan w = commonOptions(DriveSpeed.workload(dir));
        if (o.rw() != null) {
            w = rwMode(w, o.rw(), o.rwmixread());
        } else if (o.rwmixread() != null) {
            throw new IllegalArgumentException("option '--rwmixread' needs --rw rw or --rw randrw");
        }
        w = optionIfGiven(w, given.typed("--block-size"), m.blockSize(), WorkloadPlan::blockSize);
        w = optionIfGiven(w, given.typed("--iodepth"), o.iodepth(), WorkloadPlan::queueDepth);
        w = optionIfGiven(w, given.typed("--threads"), o.threads(), WorkloadPlan::threads);
        Exclusion.COUNT_DURATION.check(m.count() != null, o.duration() != null);
        return optionIfGiven(w, given.typed("--count"), m.count(), WorkloadPlan::count);
    }

    /**
     * The plan of the random 4 KiB workloads a requirement needs: only the options that apply to
     * them; --block-size and --count stay the sequential test's.
     */
    WorkloadPlan requirementWorkloads(Path dir) {
        return commonOptions(DriveSpeed.workload(dir));
    }

    /** --size, --duration, --ramp-time, --seed, --runs, --buffered, --norandommap, --backend. */
    private WorkloadPlan commonOptions(WorkloadPlan plan) {
        MeasurementOptions m = measurement;
        WorkloadOptions o = workload;
        WorkloadPlan w = optionIfGiven(plan, given.typed("--size"), o.size(), WorkloadPlan::size);
        w = optionIfGiven(w, given.typed("--duration"), o.duration(),
                (t, d) -> t.duration(parseDuration(d)));
        w = optionIfGiven(w, given.typed("--ramp-time"), o.rampTime(),
                (t, r) -> t.rampTime(parseDuration(r)));
        if (o.seed() != null) {
            w = w.seed(o.seed());
        }
        w = optionIfGiven(w, given.typed("--runs"), m.runs(), WorkloadPlan::runs);
        if (m.buffered()) {
            w = w.buffered();
        }
        if (o.noRandomMap()) {
            w = w.noRandomMap();
        }
        return optionIfGiven(w, given.typed("--backend"), m.backend(), WorkloadPlan::backend);
    }

    /**
     * @param mixOrNull {@code --rwmixread}, or null when not given (50 for a mix); refused with
     *     a mode that does not mix
     */
    private static WorkloadPlan rwMode(WorkloadPlan w, String mode, Integer mixOrNull) {
        int mix = mixOrNull == null ? 50 : mixOrNull;
        switch (mode.toLowerCase(Locale.ROOT)) {
            case "read":
                return unmixed(mode, mixOrNull, w.sequential().read());
            case "write":
                return unmixed(mode, mixOrNull, w.sequential().write());
            case "rw":
            case "readwrite":
                return option(w.sequential(), "--rwmixread", mix, t -> t.readWrite(mix));
            case "randread":
                return unmixed(mode, mixOrNull, w.random().read());
            case "randwrite":
                return unmixed(mode, mixOrNull, w.random().write());
            case "randrw":
                return option(w.random(), "--rwmixread", mix, t -> t.readWrite(mix));
            default:
                throw new IllegalArgumentException("invalid value for option '--rw': '" + mode
                        + "': expected read, write, rw, randread, randwrite or randrw");
        }
    }

    /** {@code plan} for a mode that does not mix reads and writes, where no mix was given. */
    private static WorkloadPlan unmixed(String mode, Integer mixOrNull, WorkloadPlan plan) {
        if (mixOrNull != null) {
            throw new IllegalArgumentException("option '--rwmixread' needs --rw rw or --rw"
                    + " randrw, not --rw " + mode);
        }
        return plan;
    }

    /** The presets named by {@code --preset}, {@code standard} (or {@code all}) and {@code nvme}. */
    static List<Preset> presets(List<String> names) {
        List<Preset> list = new ArrayList<>();
        for (String name : names) {
            String n = name.trim().toLowerCase(Locale.ROOT);
            if (n.equals("standard") || n.equals("all")) {
                list.addAll(Preset.STANDARD);
            } else if (n.equals("nvme")) {
                list.addAll(Preset.NVME);
            } else {
                try {
                    list.add(Preset.parse(name));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("invalid value for option '--preset': '"
                            + name + "': " + e.getMessage() + ", standard, nvme", e);
                }
            }
        }
        return list;
    }

    /** A duration as fio writes them; no unit means seconds (fio's runtime). */
    static Duration parseDuration(String text) {
        return Nanoseconds.parse(text, ChronoUnit.SECONDS);
    }
}
