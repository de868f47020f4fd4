package io.github.drivespeed.cli.text;

import io.github.drivespeed.warning.Warning;
import java.io.PrintWriter;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** The warnings block: {@code warnings:   none}, or one {@code   - NAME: message} line each. */
public final class WarningLines {

    private WarningLines() {
    }

    /**
     * Prints a {@code warnings:} block, one line per warning; nothing when there are none.
     *
     * @param out where to
     * @param warnings the warnings, printed in their declaration order
     */
    public static void print(PrintWriter out, Collection<Warning> warnings) {
        print(out, warnings, Map.of());
    }

    /**
     * Prints a {@code warnings:} block, one line per warning, each followed by its lines in
     * {@code under}, indented.
     *
     * @param out where to
     * @param warnings the warnings, printed in their declaration order
     * @param under lines to print under a warning
     */
    public static void print(PrintWriter out, Collection<Warning> warnings,
            Map<Warning, List<String>> under) {
        Set<Warning> sorted = new TreeSet<>(warnings);
        out.println(sorted.isEmpty() ? "warnings:   none" : "warnings:");
        for (Warning w : sorted) {
            out.println("  - " + w.name() + ": " + w.message());
            under.getOrDefault(w, List.of()).forEach(line -> out.println("    " + line));
        }
    }
}
