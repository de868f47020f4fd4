package io.github.drivespeed.cli.run;

import io.github.drivespeed.cli.options.Form;
import io.github.drivespeed.cli.options.GivenOptions;
import io.github.drivespeed.cli.output.OutputRouter;
import io.github.drivespeed.cli.progress.ProgressBar;
import io.github.drivespeed.error.DeviceOpenRefusedException;
import io.github.drivespeed.error.CgroupMemoryLimitException;
import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.TargetNotFoundException;
import io.github.drivespeed.error.TargetNotWritableException;
import io.github.drivespeed.error.UnsafeTargetException;
import io.github.drivespeed.error.UnsupportedTargetException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;

/**
 * What every runner needs besides its options.
 *
 * @param target the path given: the directory or device to measure
 * @param err standard error
 * @param outputs where the text and the results go
 * @param given the options given, for their names as typed
 * @param quiet whether {@code --quiet} was given (no progress bar)
 * @param stderrIsTerminal whether standard error is a terminal (a progress bar is drawn only there)
 * @param form what the command line runs
 */
public record RunContext(Path target, PrintWriter err, OutputRouter outputs, GivenOptions given,
        boolean quiet, BooleanSupplier stderrIsTerminal, Form form) {

    /** A progress bar on stderr, or null when stderr is no terminal or --quiet was given. */
    ProgressBar progressBar(int runs) {
        return quiet || !stderrIsTerminal.getAsBoolean() ? null : new ProgressBar(err, runs);
    }

    /**
     * @param labels what the bar calls each pass
     * @param writeBoundNanos the time bound of a size-bounded write pass, or -1
     * @return a progress bar on a terminal's standard error, or null (not a terminal, --quiet)
     */
    ProgressBar progressBar(ProgressBar.Labels labels, long writeBoundNanos) {
        return quiet || !stderrIsTerminal.getAsBoolean() ? null
                : new ProgressBar(err, labels, writeBoundNanos);
    }

    /** The library's refusals in this command line's words. */
    Refusals refusals() {
        return new Refusals(given);
    }

    /** Reports a bad plan (a refused setting, or the command line's own refusal): exit 2. */
    int refuse(IllegalArgumentException e) {
        return fail(refusals().of(e), ExitCode.BAD_INPUT);
    }

    /**
     * Reports a failure of a run with the exit code of the one rule ({@link ExitCode}): 2 where
     * the plan could not run and nothing was measured (the target refused, a test that does not
     * fit, O_DIRECT refused), 3 where I/O failed during the run.
     *
     * @param e the failure
     * @param bufferingSettings the form's settings that measure where O_DIRECT is refused
     * @return the exit code
     */
    int failed(IOException e, String... bufferingSettings) {
        Refusals words = refusals();
        if (e instanceof InsufficientSpaceException) {
            InsufficientSpaceException s = (InsufficientSpaceException) e;
            return fail(words.noSpace(s), s.beforeAnyWrite() ? ExitCode.BAD_INPUT
                    : ExitCode.IO_ERROR);
        }
        if (e instanceof CgroupMemoryLimitException) {
            return fail(words.memoryLimit((CgroupMemoryLimitException) e), ExitCode.BAD_INPUT);
        }
        if (e instanceof DirectIoUnsupportedException) {
            return fail(words.directIo((DirectIoUnsupportedException) e, bufferingSettings),
                    ExitCode.BAD_INPUT);
        }
        if (e instanceof UnsafeTargetException) {
            return fail(words.unsafe((UnsafeTargetException) e), ExitCode.BAD_INPUT);
        }
        if (e instanceof UnsupportedTargetException) {
            return fail(words.unsupported((UnsupportedTargetException) e, form), ExitCode.BAD_INPUT);
        }
        if (e instanceof TargetNotFoundException || e instanceof TargetNotWritableException
                || e instanceof DeviceOpenRefusedException) {
            return fail(e.getMessage(), ExitCode.BAD_INPUT);
        }
        return fail(e.getMessage(), ExitCode.IO_ERROR);
    }

    /** Reports a failure in one line and returns its exit code. */
    int fail(String message, int code) {
        return ErrorLine.print(err, message, code);
    }

    /**
     * Reports a refused plan or a failed run by the one rule ({@link #refuse}, {@link #failed}).
     *
     * @param e a plan's refusal ({@link IllegalArgumentException}) or a run's failure
     * @param bufferingSettings the form's settings that measure where O_DIRECT is refused
     * @return the exit code
     */
    int failed(Exception e, String... bufferingSettings) {
        if (e instanceof IllegalArgumentException) {
            return refuse((IllegalArgumentException) e);
        }
        if (e instanceof IOException) {
            return failed((IOException) e, bufferingSettings);
        }
        return fail(e.getMessage(), ExitCode.IO_ERROR);
    }
}
