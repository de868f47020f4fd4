package io.github.drivespeed.cli.run;

import io.github.drivespeed.cli.options.GivenOptions;
import io.github.drivespeed.cli.output.OutputRouter;
import io.github.drivespeed.cli.progress.ProgressBar;
import io.github.drivespeed.error.TargetNotFoundException;
import io.github.drivespeed.error.TargetNotWritableException;
import io.github.drivespeed.error.UnsafeTargetException;
import io.github.drivespeed.error.UnsupportedTargetException;
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
 */
public record RunContext(Path target, PrintWriter err, OutputRouter outputs, GivenOptions given,
        boolean quiet, BooleanSupplier stderrIsTerminal) {

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

    /** The name of an option as the user typed it. */
    String typed(String name) {
        return given.typed(name);
    }

    /** Reports a failure in one line and returns its exit code. */
    int fail(String message, int code) {
        return ErrorLine.print(err, message, code);
    }

    /**
     * Reports a run's failure in one line: a refused plan or target (nothing written) is
     * {@link ExitCode#BAD_INPUT}, any other I/O failure {@link ExitCode#IO_ERROR}.
     */
    int fail(Exception e) {
        boolean refused = e instanceof IllegalArgumentException
                || e instanceof TargetNotFoundException || e instanceof UnsupportedTargetException
                || e instanceof TargetNotWritableException || e instanceof UnsafeTargetException;
        return fail(e.getMessage(), refused ? ExitCode.BAD_INPUT : ExitCode.IO_ERROR);
    }
}
