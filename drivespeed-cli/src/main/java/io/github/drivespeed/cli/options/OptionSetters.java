package io.github.drivespeed.cli.options;

import static io.github.drivespeed.cli.options.MeasurementOptions.ALLOW_WRITES_TO;
import static io.github.drivespeed.cli.options.MeasurementOptions.BACKEND;
import static io.github.drivespeed.cli.options.MeasurementOptions.BLOCK_SIZE;
import static io.github.drivespeed.cli.options.MeasurementOptions.BUFFERED;
import static io.github.drivespeed.cli.options.MeasurementOptions.CACHED_READ;
import static io.github.drivespeed.cli.options.MeasurementOptions.CACHE_BOUND;
import static io.github.drivespeed.cli.options.MeasurementOptions.COUNT;
import static io.github.drivespeed.cli.options.MeasurementOptions.DIRECT_OR_BUFFERED;
import static io.github.drivespeed.cli.options.MeasurementOptions.DROP_CACHES;
import static io.github.drivespeed.cli.options.MeasurementOptions.DSYNC;
import static io.github.drivespeed.cli.options.MeasurementOptions.FORCE;
import static io.github.drivespeed.cli.options.MeasurementOptions.NO_VERIFY;
import static io.github.drivespeed.cli.options.MeasurementOptions.RUNS;
import static io.github.drivespeed.cli.options.MeasurementOptions.WRITE;
import static io.github.drivespeed.cli.options.MeasurementOptions.ZEROS;
import static io.github.drivespeed.cli.options.WorkloadOptions.DURATION;
import static io.github.drivespeed.cli.options.WorkloadOptions.IODEPTH;
import static io.github.drivespeed.cli.options.WorkloadOptions.IOENGINE;
import static io.github.drivespeed.cli.options.WorkloadOptions.NORANDOMMAP;
import static io.github.drivespeed.cli.options.WorkloadOptions.RAMP_TIME;
import static io.github.drivespeed.cli.options.WorkloadOptions.RW;
import static io.github.drivespeed.cli.options.WorkloadOptions.RWMIXREAD;
import static io.github.drivespeed.cli.options.WorkloadOptions.SEED;
import static io.github.drivespeed.cli.options.WorkloadOptions.SIZE;
import static io.github.drivespeed.cli.options.WorkloadOptions.SQTHREAD_POLL;
import static io.github.drivespeed.cli.options.WorkloadOptions.THREADS;

import io.github.drivespeed.CapacityPlan;
import io.github.drivespeed.CapacityProbePlan;
import io.github.drivespeed.DevicePlan;
import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.SustainedPlan;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.cli.options.OptionTable.Exclusion;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.fio.internal.ReadWriteMode;
import io.github.drivespeed.fio.internal.SharedOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * The plan half of {@link OptionTable}: for each kind of plan, the setter each option it takes
 * calls, in the order the setters are applied (the first refused is the one named), with the
 * checks that need two options between them. A plan's public setters are called as the Java API
 * offers them; nothing else maps an option to a plan.
 */
public final class OptionSetters {

    /** The sequential test of a directory. */
    public static final PlanRecipe<SequentialPlan> SEQUENTIAL_TEST =
            PlanRecipe.of(DriveSpeed::on, Form.SEQUENTIAL)
            .set(BLOCK_SIZE, SequentialPlan::blockSize)
            .set(COUNT, SequentialPlan::count)
            .set(RUNS, SequentialPlan::runs)
            .check(Exclusion.BUFFERED_FALLBACK::check)
            .flag(BUFFERED, SequentialPlan::buffered)
            .flag(DIRECT_OR_BUFFERED, SequentialPlan::directOrBuffered)
            .flag(DSYNC, SequentialPlan::dsync)
            .flag(ZEROS, SequentialPlan::zeros)
            .set(BACKEND, SequentialPlan::backend)
            .check(needsBuffered(BUFFERED, DIRECT_OR_BUFFERED))
            .flag(DROP_CACHES, SequentialPlan::dropCaches)
            .flag(CACHED_READ, SequentialPlan::cachedRead)
            .flag(NO_VERIFY, SequentialPlan::noVerify);

    /**
     * The random 4 KiB workloads a requirement runs in a directory: the options every workload
     * takes ({@code --block-size} and {@code --count} stay the sequential test's).
     */
    public static final PlanRecipe<WorkloadPlan> REQUIREMENT_WORKLOADS =
            PlanRecipe.of(DriveSpeed::workload, Form.SEQUENTIAL, Form.REQUIREMENT_WORKLOADS)
            .set(SIZE, SharedOptions.SIZE.setter())
            .set(DURATION, SharedOptions.DURATION.setter())
            .set(RAMP_TIME, SharedOptions.RAMP_TIME.setter())
            .set(RUNS, WorkloadPlan::runs)
            .flag(BUFFERED, WorkloadPlan::buffered)
            .flag(NORANDOMMAP, SharedOptions.NORANDOMMAP.flagSetter())
            .set(BACKEND, WorkloadPlan::backend)
            .set(IOENGINE, SharedOptions.IOENGINE.setter());

    /**
     * A workload, {@code --rw}, {@code --preset} or {@code --sweep}: the options every workload
     * takes, then its own.
     */
    public static final PlanRecipe<WorkloadPlan> WORKLOADS = REQUIREMENT_WORKLOADS
            .forForms(Form.WORKLOAD, Form.PRESET, Form.SWEEP)
            .set(SEED, WorkloadPlan::seed)
            .set(RW, OptionSetters::mode)
            .set(RWMIXREAD, (p, mix, given) -> given.has(RW) ? p : refuseMix(given, null))
            .set(BLOCK_SIZE, SharedOptions.BLOCK_SIZE.setter())
            .set(IODEPTH, SharedOptions.IODEPTH.setter())
            .set(THREADS, SharedOptions.THREADS.setter())
            .check(Exclusion.COUNT_DURATION::check)
            .set(COUNT, WorkloadPlan::count)
            .check(OptionSetters::sqThreadPollNeedsIoUring)
            .flag(SQTHREAD_POLL, SharedOptions.SQTHREAD_POLL.flagSetter());

    /** The device test: read-only, as {@code hdparm -t}, or written with the opt-ins. */
    public static final PlanRecipe<DevicePlan> DEVICE_TEST =
            PlanRecipe.of(DriveSpeed::onDevice, Form.DEVICE)
            .set(BLOCK_SIZE, DevicePlan::blockSize)
            .check(Exclusion.COUNT_DURATION::check)
            .set(COUNT, DevicePlan::count)
            .set(DURATION, DevicePlan::duration)
            .set(RUNS, DevicePlan::runs)
            .flag(BUFFERED, DevicePlan::buffered)
            .check(needsBuffered(BUFFERED))
            .flag(DROP_CACHES, DevicePlan::dropCaches)
            .flag(CACHED_READ, DevicePlan::cachedRead)
            .flag(WRITE, DevicePlan::write)
            .check(OptionSetters::writeOptInsNeedWrite)
            .set(ALLOW_WRITES_TO, OptionSetters::allowWritesTo)
            .flag(FORCE, DevicePlan::force)
            .check(OptionSetters::noVerifyNeedsWrite)
            .flag(NO_VERIFY, DevicePlan::noVerify)
            .set(BACKEND, DevicePlan::backend);

    /** The destructive probe of a block device's capacity. */
    public static final PlanRecipe<CapacityProbePlan> CAPACITY_PROBE =
            PlanRecipe.of(DriveSpeed::probeCapacity, Form.CAPACITY_PROBE)
            .set(ALLOW_WRITES_TO, (plan, device) -> plan.allowWritesTo(Path.of(device)))
            .flag(FORCE, CapacityProbePlan::force)
            .set(CACHE_BOUND, CapacityProbePlan::cacheBound)
            .set(BACKEND, CapacityProbePlan::backend);

    /** The sustained write. */
    public static final PlanRecipe<SustainedPlan> SUSTAINED_WRITE =
            PlanRecipe.of(DriveSpeed::sustained, Form.SUSTAINED)
            .set(BLOCK_SIZE, SustainedPlan::blockSize)
            .set(SIZE, SustainedPlan::size)
            .set(DURATION, SustainedPlan::duration)
            .flag(BUFFERED, SustainedPlan::buffered)
            .set(BACKEND, SustainedPlan::backend);

    /**
     * The sustained write a {@code --require} with a sustained minimum (every SD class) runs in a
     * directory: its own bounds, the sustained test's defaults, since a write cut short by a
     * smaller size or time would be a burst; only the backend is the command line's.
     */
    public static final PlanRecipe<SustainedPlan> REQUIREMENT_SUSTAINED_WRITE =
            PlanRecipe.of(DriveSpeed::sustained, Form.SEQUENTIAL)
            .set(BACKEND, SustainedPlan::backend);

    /** The capacity check of a directory. */
    public static final PlanRecipe<CapacityPlan> CAPACITY_CHECK =
            PlanRecipe.of(DriveSpeed::verifyCapacity, Form.CAPACITY_CHECK)
            .set(SIZE, CapacityPlan::size)
            .set(DURATION, CapacityPlan::duration)
            .set(BACKEND, CapacityPlan::backend);

    private OptionSetters() {
    }

    /** {@return every recipe} */
    public static List<PlanRecipe<?>> recipes() {
        return List.of(SEQUENTIAL_TEST, REQUIREMENT_WORKLOADS, WORKLOADS, DEVICE_TEST,
                CAPACITY_PROBE, SUSTAINED_WRITE, REQUIREMENT_SUSTAINED_WRITE, CAPACITY_CHECK);
    }

    /** {@code --allow-writes-to DEVICE}: the device named again, as a path. */
    private static DevicePlan allowWritesTo(DevicePlan plan, String device) {
        return plan.allowWritesTo(Path.of(device));
    }

    /** {@code --drop-caches} only where the reads go through the page cache. */
    private static Consumer<GivenOptions> needsBuffered(OptionRow<?>... buffering) {
        return given -> {
            boolean buffered = false;
            for (OptionRow<?> b : buffering) {
                buffered |= given.has(b);
            }
            if (given.has(DROP_CACHES) && !buffered) {
                throw new IllegalArgumentException("option '" + given.typed(DROP_CACHES)
                        + "' needs " + BUFFERED.option() + " (O_DIRECT reads bypass the page"
                        + " cache: there is nothing to drop)");
            }
        };
    }

    /**
     * {@code --sqthread-poll} with another backend than the native one, or another engine than
     * io_uring: refused, naming the option that stands in the way.
     */
    private static void sqThreadPollNeedsIoUring(GivenOptions given) {
        if (!given.has(SQTHREAD_POLL)) {
            return;
        }
        if (given.has(BACKEND) && !"native".equals(given.value(BACKEND))) {
            throw new IllegalArgumentException("option '" + given.typed(SQTHREAD_POLL) + "' needs"
                    + " the native backend (io_uring); " + given.typed(BACKEND) + " "
                    + given.value(BACKEND) + " has none");
        }
        String engine = given.typedValue(IOENGINE).orElse(null);
        if (given.has(IOENGINE) && !"io_uring".equals(engine)) {
            throw new IllegalArgumentException("option '" + given.typed(SQTHREAD_POLL) + "' needs"
                    + " io_uring (IORING_SETUP_SQPOLL); " + given.typed(IOENGINE) + " " + engine
                    + " has no submission-queue polling");
        }
    }

    /** A device's write opt-ins without {@code --write}: refused, naming the first given. */
    private static void writeOptInsNeedWrite(GivenOptions given) {
        if (given.has(WRITE)) {
            return;
        }
        for (OptionRow<?> optIn : List.of(ALLOW_WRITES_TO, FORCE)) {
            if (given.has(optIn)) {
                throw new IllegalArgumentException("option '" + given.typed(optIn) + "' needs "
                        + WRITE.option());
            }
        }
    }

    /** {@code --no-verify} of a device test that writes nothing: there is nothing to check. */
    private static void noVerifyNeedsWrite(GivenOptions given) {
        if (given.has(NO_VERIFY) && !given.has(WRITE)) {
            throw new IllegalArgumentException("option '" + given.typed(NO_VERIFY) + "' needs "
                    + given.typed(WRITE) + ": a read-only test reads what drivespeed did not"
                    + " write, and checks nothing");
        }
    }

    /**
     * {@code --rw MODE} with its shared row's setter, then {@code --rwmixread} with its own for a
     * mode that mixes reads and writes (the mode's default when not given); refused with a mode
     * that does not mix.
     */
    private static WorkloadPlan mode(WorkloadPlan w, ReadWriteMode mode, GivenOptions given) {
        WorkloadPlan plan = SharedOptions.RW.setter().apply(w, mode);
        if (!mode.mixed()) {
            if (given.has(RWMIXREAD)) {
                refuseMix(given, given.typedValue(RW).orElse(mode.fioName()));
            }
            return plan;
        }
        Integer mix = given.value(RWMIXREAD);
        if (mix == null) {
            return plan;
        }
        try {
            return SharedOptions.RWMIXREAD.setter().apply(plan, mix);
        } catch (InvalidSettingException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw given.refusal(RWMIXREAD, mix, e);
        }
    }

    /** {@code --rwmixread} without a mode that mixes ({@code mode} null: without {@code --rw}). */
    private static <T> T refuseMix(GivenOptions given, String mode) {
        String needs = RW.option() + " rw or " + RW.option() + " randrw";
        throw new IllegalArgumentException("option '" + RWMIXREAD.option() + "' needs " + needs
                + (mode == null ? "" : ", not " + RW.option() + " " + mode));
    }
}
