package io.github.drivespeed.cli.run;

/**
 * The command's exit codes, one rule for every form: 2 when the plan cannot run (nothing was
 * measured: a bad option or value, a target that cannot be measured or written, a test that
 * does not fit, O_DIRECT refused), 3 when I/O failed during the run, 1 when the run completed
 * but a requirement was not met (or, with verification, data was lost), 4 when the run completed
 * but the requirement could not be judged (inconclusive, never a failure of the drive). Each
 * meaning is also the
 * line {@code --help} prints; the README's and docs/command-line.md's tables give the same
 * (a test compares them).
 */
public final class ExitCode {

    /** Measured, and everything asked for was done. */
    public static final int OK = 0;
    /** {@link #OK}'s meaning. */
    public static final String OK_MEANING = "measured, and the requirement, if any, was met";

    /** Measured, but a requirement was not met (or data was lost). */
    public static final int REQUIREMENT_FAILED = 1;
    /** {@link #REQUIREMENT_FAILED}'s meaning. */
    public static final String REQUIREMENT_FAILED_MEANING = "measured, but the --require"
            + " requirement was not met, or data read back differed from what was written"
            + " (DATA_LOSS), or --verify-capacity (the capacity check of a directory or the"
            + " capacity probe of a block device) found less than the medium claims; the reasons"
            + " on stderr";
    /**
     * Measured, but what was read back differed from what was written ({@code DATA_LOSS}), or a
     * capacity check or probe found less than the medium claims: the same code as a requirement
     * not met, since neither medium will do.
     */
    public static final int DATA_LOST = REQUIREMENT_FAILED;
    /** {@link #DATA_LOST}'s meaning: {@link #REQUIREMENT_FAILED}'s. */
    public static final String DATA_LOST_MEANING = REQUIREMENT_FAILED_MEANING;

    /**
     * Measured, but the requirement could not be judged and nothing failed
     * ({@link io.github.drivespeed.requirement.RequirementCheck.Outcome#NOT_JUDGED}): a sustained
     * class on a burst, figures left out as not the drive's, a figure nothing measured.
     * Inconclusive, never a failure: a real failure (or data lost) is
     * {@link #REQUIREMENT_FAILED} whatever else was not judged.
     */
    public static final int NOT_JUDGED = 4;
    /** {@link #NOT_JUDGED}'s meaning. */
    public static final String NOT_JUDGED_MEANING = "measured, but the --require requirement"
            + " could not be judged (NOT JUDGED) and nothing failed: a sustained class (every SD"
            + " class) where no write went past the drive's write cache (burst only), figures"
            + " left out as not the drive's, a figure nothing measured; the reasons on stderr";

    /** The plan cannot run: nothing was measured and nothing written. */
    public static final int BAD_INPUT = 2;
    /** {@link #BAD_INPUT}'s meaning. */
    public static final String BAD_INPUT_MEANING = "the plan cannot run, nothing measured or"
            + " written: a bad option or value, a target that is missing, of the wrong kind, not"
            + " writable or read-only, a write to a device refused, a test that does not fit"
            + " (free space, inodes, the device's size, the memory cgroup's limit for a file in"
            + " memory), O_DIRECT refused, an --output or --chart file that cannot be created";

    /** I/O failed during the run. */
    public static final int IO_ERROR = 3;
    /** {@link #IO_ERROR}'s meaning. */
    public static final String IO_ERROR_MEANING = "an I/O error during the run: no space or"
            + " quota left while writing, a read, write or sync failed, interrupted, results not"
            + " written";

    /** Interrupted by Ctrl-C (128 + SIGINT). */
    public static final int INTERRUPTED = 130;
    /** {@link #INTERRUPTED}'s meaning. */
    public static final String INTERRUPTED_MEANING = "interrupted by Ctrl-C (SIGINT); the test"
            + " file is removed";

    /** Terminated (128 + SIGTERM). */
    public static final int TERMINATED = 143;
    /** {@link #TERMINATED}'s meaning. */
    public static final String TERMINATED_MEANING = "terminated (SIGTERM); the test file is"
            + " removed";

    private ExitCode() {
    }
}
