package io.github.drivespeed.cli.run;

import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.requirement.Measurements;
import io.github.drivespeed.requirement.RequirementCheck;
import io.github.drivespeed.requirement.StorageRequirement;
import java.io.PrintWriter;

/** {@code --require}: what the requirement needs run, its check and its verdict. */
public final class RequirementChecker {

    private RequirementChecker() {
    }

    /**
     * {@return whether it needs the random 4 KiB workloads (RND4K Q1T1 reads or writes) run}
     *
     * @param requirement the requirement, or null
     */
    public static boolean needsWorkloads(StorageRequirement requirement) {
        return requirement != null
                && (requirement.needsRandomReads() || requirement.needsRandomWrites());
    }

    /** The requirement against what the jobs measured. */
    static RequirementCheck check(StorageRequirement requirement, Results results) {
        Measurements m = Measurements.empty();
        for (Results.Job job : results.jobs()) {
            m = job.report().accept(new Judged(m));
        }
        return requirement.check(m);
    }

    /**
     * The measurements with a report added where a requirement judges it: a sequential test, a
     * workload, a sustained write (the sequential-write minimums of the SD C, U and V classes
     * are judged on its sustained rate); not a device test or a capacity check or probe.
     */
    private static final class Judged implements Report.DefaultVisitor<Measurements> {

        private final Measurements soFar;

        Judged(Measurements soFar) {
            this.soFar = soFar;
        }

        @Override
        public Measurements visitDefault(Report r) {
            return soFar;
        }

        @Override
        public Measurements visit(SpeedReport r) {
            return soFar.with(r);
        }

        @Override
        public Measurements visit(WorkloadReport r) {
            return soFar.with(r);
        }

        @Override
        public Measurements visit(SustainedReport r) {
            return soFar.with(r);
        }
    }

    /**
     * Prints on stderr why a requirement was not met (the criteria that failed, then those not
     * judged) or not judged (those not judged); nothing when it was met.
     *
     * @return {@link ExitCode#OK} when met, {@link ExitCode#REQUIREMENT_FAILED} when not met,
     *     {@link ExitCode#NOT_JUDGED} when not judged
     */
    static int reportVerdict(PrintWriter err, StorageRequirement requirement,
            RequirementCheck check) {
        RequirementCheck.Outcome outcome = check.outcome();
        if (outcome == RequirementCheck.Outcome.MET) {
            return ExitCode.OK;
        }
        boolean failed = outcome == RequirementCheck.Outcome.NOT_MET;
        err.println("drivespeed: requirement " + requirement.name()
                + (failed ? " not met:" : " not judged:"));
        for (RequirementCheck.Result r : check.failures()) {
            err.println("  " + r);
        }
        for (RequirementCheck.Result r : check.notJudged()) {
            err.println("  " + r);
        }
        err.flush();
        return failed ? ExitCode.REQUIREMENT_FAILED : ExitCode.NOT_JUDGED;
    }
}
