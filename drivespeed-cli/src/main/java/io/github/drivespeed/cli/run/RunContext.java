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

    /** {@return whether {@code --verbose} was given: the backend line in full} */
    public boolean verbose() {
        return given.has(io.github.drivespeed.cli.options.OutputOptions.VERBOSE);
    }

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
     * How a run failed, in the command line's words, with the exit code of the one rule
     * ({@link ExitCode}).
     *
     * @param message the one line on stderr
     * @param exitCode {@link ExitCode#BAD_INPUT} where the plan could not run and nothing was
     *     measured or written, else {@link ExitCode#IO_ERROR}
     */
    record Failure(String message, int exitCode) {
        /** {@return whether the plan could not run, nothing measured or written} */
        boolean beforeAnyWrite() {
            return exitCode == ExitCode.BAD_INPUT;
        }
    }

    /**
     * {@return how a run failed by the one rule ({@link ExitCode}): 2 where the plan could not
     * run and nothing was measured (a refused setting, the target refused, a test that does not
     * fit, O_DIRECT refused), 3 where I/O failed during the run}
     *
     * @param e a plan's refusal ({@link IllegalArgumentException}) or a run's failure
     * @param bufferingSettings the form's settings that measure where O_DIRECT is refused
     */
    Failure failure(Exception e, String... bufferingSettings) {
        Refusals words = refusals();
        if (e instanceof IllegalArgumentException) {
            return new Failure(words.of((IllegalArgumentException) e), ExitCode.BAD_INPUT);
        }
        if (e instanceof InsufficientSpaceException) {
            InsufficientSpaceException s = (InsufficientSpaceException) e;
            return new Failure(words.noSpace(s), s.beforeAnyWrite() ? ExitCode.BAD_INPUT
                    : ExitCode.IO_ERROR);
        }
        if (e instanceof CgroupMemoryLimitException) {
            return new Failure(words.memoryLimit((CgroupMemoryLimitException) e),
                    ExitCode.BAD_INPUT);
        }
        if (e instanceof DirectIoUnsupportedException) {
            return new Failure(words.directIo((DirectIoUnsupportedException) e,
                    bufferingSettings), ExitCode.BAD_INPUT);
        }
        if (e instanceof UnsafeTargetException) {
            return new Failure(words.unsafe((UnsafeTargetException) e), ExitCode.BAD_INPUT);
        }
        if (e instanceof UnsupportedTargetException) {
            return new Failure(words.unsupported((UnsupportedTargetException) e, form),
                    ExitCode.BAD_INPUT);
        }
        if (e instanceof TargetNotFoundException) {
            String typed = ((TargetNotFoundException) e).path().toString();
            return new Failure(e.getMessage() + (typed.startsWith("-")
                    && given.afterEndOfOptions(typed) ? "; " + ErrorMessages.afterEndOfOptions(typed)
                    : ""), ExitCode.BAD_INPUT);
        }
        if (e instanceof TargetNotWritableException
                || e instanceof DeviceOpenRefusedException) {
            return new Failure(e.getMessage(), ExitCode.BAD_INPUT);
        }
        return new Failure(e.getMessage(), ExitCode.IO_ERROR);
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
        return failed((Exception) e, bufferingSettings);
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
        Failure f = failure(e, bufferingSettings);
        return fail(f.message(), f.exitCode());
    }
}
