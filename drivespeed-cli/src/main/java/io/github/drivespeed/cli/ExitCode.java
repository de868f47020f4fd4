package io.github.drivespeed.cli;

/** The command's exit codes. */
final class ExitCode {

    /** Measured, and everything asked for was done. */
    static final int OK = 0;
    /** Measured, but the requirement given with --require was not met. */
    static final int REQUIREMENT_FAILED = 1;
    /** A bad option, value or target: nothing was written. */
    static final int BAD_INPUT = 2;
    /** The measurement failed with an I/O error (no space, O_DIRECT refused, EIO, interrupted). */
    static final int IO_ERROR = 3;

    private ExitCode() {
    }
}
