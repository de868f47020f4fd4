package io.github.drivespeed.cli.run;

/** The command's exit codes. */
public final class ExitCode {

    /** Measured, and everything asked for was done. */
    public static final int OK = 0;
    /** Measured, but the requirement given with --require was not met. */
    public static final int REQUIREMENT_FAILED = 1;
    /**
     * Measured, but what was read back differed from what was written ({@code DATA_LOSS}), or a
     * capacity check or probe found less than the medium claims: the same code as a requirement
     * not met, since neither medium will do.
     */
    public static final int DATA_LOST = 1;
    /** A bad option, value or target: nothing was written. */
    public static final int BAD_INPUT = 2;
    /** The measurement failed with an I/O error (no space, O_DIRECT refused, EIO, interrupted). */
    public static final int IO_ERROR = 3;

    private ExitCode() {
    }
}
