package io.github.drivespeed.cli.run;

import io.github.drivespeed.cli.output.OutputRouter;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.report.WorkloadTable;
import io.github.drivespeed.requirement.RequirementCheck;
import io.github.drivespeed.requirement.StorageRequirement;
import java.io.IOException;

/**
 * The end of every measuring run (and of one that failed after some of it completed): data lost
 * in words, the requirement's verdict, the results
 * written, the exit code (1 when the requirement was not met or data was lost, else 4 when the
 * requirement could not be judged).
 */
final class Completion {

    private Completion() {
    }

    /**
     * Checks the requirement, writes the machine-readable results, the text file and the chart,
     * prints the verdict, and says how it went.
     *
     * @param sweepTable the sweep's table when the chart is to show throughput against block size
     * @return the exit code
     */
    static int finish(RunContext context, Results measured, StorageRequirement requirement,
            WorkloadTable sweepTable) {
        OutputRouter outputs = context.outputs();
        Results results = measured;
        RequirementCheck check = null;
        DataLoss.printBlocks(outputs.text(), results);
        if (requirement != null) {
            check = RequirementChecker.check(requirement, results);
            results = results.with(check);
            outputs.text().println();
            outputs.text().print(check);
        }
        try {
            outputs.write(results, sweepTable);
        } catch (IOException e) {
            return context.fail(e.getMessage(), ExitCode.IO_ERROR);
        }
        if (outputs.stdoutFailed()) {
            return context.fail(context.outputs().stdoutFailure(),
                    ExitCode.IO_ERROR);
        }
        int code = check == null ? ExitCode.OK
                : RequirementChecker.reportVerdict(context.err(), requirement, check);
        int lost = DataLoss.report(context.err(), results.jobs().stream()
                .map(Results.Job::report).toList());
        // a failure (a requirement not met, data lost) outweighs a verdict not judged
        if (code == ExitCode.REQUIREMENT_FAILED || lost != ExitCode.OK) {
            return ExitCode.REQUIREMENT_FAILED;
        }
        return code;
    }

    /**
     * The end of a run that failed after some of it completed: data lost in words, the results
     * of what completed written with the failure (the JSON's {@code failure}), then the failure
     * in one line; no requirement is judged on part of a measurement.
     *
     * @param completed what was measured before the failure
     * @param why the failure, in the command line's words
     * @return the failure's exit code
     */
    static int failedLate(RunContext context, Results completed, RunContext.Failure why) {
        OutputRouter outputs = context.outputs();
        DataLoss.printBlocks(outputs.text(), completed);
        try {
            outputs.write(completed.with(new Results.Failure(why.message(), why.exitCode())),
                    null);
        } catch (IOException e) {
            context.fail(e.getMessage(), ExitCode.IO_ERROR);
        }
        DataLoss.report(context.err(), completed.jobs().stream().map(Results.Job::report)
                .toList());
        return context.fail(why.message(), why.exitCode());
    }
}
