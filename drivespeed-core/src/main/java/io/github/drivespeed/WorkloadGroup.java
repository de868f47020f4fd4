package io.github.drivespeed;

import io.github.drivespeed.internal.jfr.FlightEvents;
import io.github.drivespeed.internal.workload.WorkloadGroupRun;
import io.github.drivespeed.report.WorkloadReport;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An immutable group of workloads that run at the same time, as fio runs the jobs of one group
 * (jobs between two {@code stonewall}s), obtained from {@link DriveSpeed#group()}: for example a
 * sequential read and a sequential write on the same drive, each over its own file.
 *
 * <pre>{@code
 * List<WorkloadReport> r = DriveSpeed.group()
 *         .job(DriveSpeed.workload(dir).sequential().read().noDuration())
 *         .job(DriveSpeed.workload(dir).sequential().write().noDuration())
 *         .run();
 * }</pre>
 *
 * <p>What {@link #run()} does: checks each plan and creates and writes its file, one after the
 * other (as fio lays out its files before any job starts); then runs every plan on a thread of
 * its own, their warm-ups starting together and each measured run starting together; then
 * removes the files. A plan with a start delay waits that long after each common start (fio
 * {@code startdelay}). The plans' own files are not taken for another measurement
 * ({@link io.github.drivespeed.warning.Warning#CONCURRENT_MEASUREMENT}): running together is the
 * point. A failure or an interrupt in one plan stops them all.
 *
 * @since 0.1.0
 */
public final class WorkloadGroup {

    private final List<WorkloadPlan> plans;
    private final List<Duration> startDelays;

    private WorkloadGroup(List<WorkloadPlan> plans, List<Duration> startDelays) {
        this.plans = List.copyOf(plans);
        this.startDelays = List.copyOf(startDelays);
    }

    static WorkloadGroup empty() {
        return new WorkloadGroup(List.of(), List.of());
    }

    /**
     * {@return a new group with {@code plan} added}
     *
     * @param plan a workload to run with the others
     * @throws NullPointerException if {@code plan} is null
     */
    public WorkloadGroup job(WorkloadPlan plan) {
        return job(plan, Duration.ZERO);
    }

    /**
     * {@return a new group with {@code plan} added}
     *
     * @param plan a workload to run with the others
     * @param startDelay how long it waits after each common start (fio {@code startdelay})
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if the delay is negative or longer than a day
     */
    public WorkloadGroup job(WorkloadPlan plan, Duration startDelay) {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(startDelay, "startDelay");
        if (startDelay.isNegative() || startDelay.compareTo(Duration.ofDays(1)) > 0) {
            throw new IllegalArgumentException("startDelay must be in [0, 1 day]: " + startDelay);
        }
        List<WorkloadPlan> p = new ArrayList<>(plans);
        p.add(plan);
        List<Duration> d = new ArrayList<>(startDelays);
        d.add(startDelay);
        return new WorkloadGroup(p, d);
    }

    /** {@return the plans, in the order added} */
    public List<WorkloadPlan> plans() {
        return plans;
    }

    /**
     * Runs the plans together (see the class description).
     *
     * @return one report per plan, in the order added
     * @throws IllegalArgumentException if the group is empty, the plans' runs differ, or a plan's
     *     settings do not suit it as {@link WorkloadPlan#run()} says
     * @throws IOException as {@link WorkloadPlan#run()}, the first plan's failure
     */
    public List<WorkloadReport> run() throws IOException {
        List<WorkloadGroupRun.Member> members = new ArrayList<>();
        for (int i = 0; i < plans.size(); i++) {
            WorkloadPlan p = plans.get(i);
            members.add(new WorkloadGroupRun.Member(p.engine(), p.parameters(),
                    startDelays.get(i)));
        }
        return FlightEvents.recordedAll(members.size(), () -> WorkloadGroupRun.run(members));
    }
}
