package io.github.drivespeed.cli.text;

import io.github.drivespeed.report.BackendInfo;

/**
 * The text summary's backend line: by default the backend's name alone, for example
 * {@code backend:    native (--verbose: how it does its I/O)}; with {@code --verbose} the
 * backend in full ({@link BackendInfo#toString()}: its description, the JNI stub and its checksum,
 * why it fell back).
 */
final class BackendLine {

    /** The label the reports' text gives the line, padded as their other labels. */
    static final String LABEL = "backend:    ";

    private BackendLine() {
    }

    /**
     * {@return the line, without a newline}
     *
     * @param backend the backend that ran
     * @param verbose whether {@code --verbose} was given
     */
    static String of(BackendInfo backend, boolean verbose) {
        if (verbose) {
            return LABEL + backend;
        }
        return LABEL + backend.name() + (backend.fallbackReason().isPresent()
                ? " (a preferred backend could not be used; --verbose for why)"
                : " (--verbose: how it does its I/O)");
    }

    /**
     * A report's text with its backend line as {@link #of} gives it.
     *
     * @param details the report's text ({@link io.github.drivespeed.report.Report#details()}),
     *     whose backend line, if any, is {@link #LABEL} and the backend in full
     * @param backend the report's backend
     * @param verbose whether {@code --verbose} was given: the text is then returned as it is
     * @return the text
     */
    static String in(String details, BackendInfo backend, boolean verbose) {
        return details.replace(LABEL + backend + "\n", of(backend, verbose) + "\n");
    }
}
