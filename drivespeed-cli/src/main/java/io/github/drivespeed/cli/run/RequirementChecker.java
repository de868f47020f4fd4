package io.github.drivespeed.cli.run;

import io.github.drivespeed.cli.results.Results;
import io.github.drivespeed.requirement.Measurements;
import io.github.drivespeed.requirement.RequirementCheck;
import io.github.drivespeed.requirement.StorageRequirement;
import java.io.PrintWriter;

/** {@code --require}: what the requirement needs run, its check and its verdict. */
public final class RequirementChecker {

    private RequirementChecker() {
    }

    /**
     * @param requirement the requirement, or null
     * @return whether it needs the random 4 KiB workloads (RND4K Q1T1 reads or writes) run
     */
    public static boolean needsWorkloads(StorageRequirement requirement) {
        return requirement != null
                && (requirement.needsRandomReads() || requirement.needsRandomWrites());
    }

    /** The requirement against what the jobs measured. */
    static RequirementCheck check(StorageRequirement requirement, Results results) {
        Measurements m = Measurements.empty();
        for (Results.Job job : results.jobs()) {
            if (job.sequential().isPresent()) {
                m = m.with(job.sequential().get());
            } else if (job.workload().isPresent()) {
                m = m.with(job.workload().get());
            } else if (job.sustained().isPresent()) {
                // sequential-write minimums (the SD C, U and V classes) on the sustained rate
                m = m.with(job.sustained().get());
            }
        }
        return requirement.check(m);
    }

    /** Prints the criteria that failed, on stderr; returns {@link ExitCode#REQUIREMENT_FAILED}. */
    static int reportFailure(PrintWriter err, StorageRequirement requirement,
            RequirementCheck check) {
        err.println("drivespeed: requirement " + requirement.name() + " not met:");
        for (RequirementCheck.Result r : check.failures()) {
            err.println("  " + r);
        }
        err.flush();
        return ExitCode.REQUIREMENT_FAILED;
    }
}
