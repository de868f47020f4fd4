package io.github.drivespeed.cli.run;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.cli.text.WarningLines;
import io.github.drivespeed.target.TargetInfo;
import java.io.IOException;
import java.io.PrintWriter;

/** {@code drivespeed --probe DIR}: describes the drive holding DIR; writes nothing. */
public final class ProbeRunner {

    private final RunContext context;

    /**
     * A runner of {@code --probe}: prints what the target is, and measures nothing.
     *
     * @param context the target, where the text and the results go
     */
    public ProbeRunner(RunContext context) {
        this.context = context;
    }

    /** {@return the exit code of the probe, one of {@link ExitCode}'s} */
    public int run() {
        TargetInfo target;
        try {
            target = DriveSpeed.probe(context.target());
        } catch (IOException e) {
            return context.failed(e);
        }
        PrintWriter out = context.outputs().text();
        out.print(target.details());
        WarningLines.print(out, target.warnings());
        return Completion.finish(context, Results.probe(target), null, null);
    }
}
