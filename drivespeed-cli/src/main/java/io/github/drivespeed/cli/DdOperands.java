package io.github.drivespeed.cli;

import io.github.drivespeed.cli.options.MeasurementOptions;
import io.github.drivespeed.cli.options.OutputOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * dd's operands typed as drivespeed's arguments ({@code bs=1M count=32 oflag=direct}, as in
 * {@code dd if=/dev/zero of=test bs=1M count=32 oflag=direct conv=fdatasync}): refused before
 * anything runs, naming drivespeed's option for each (dd(1): operands are {@code NAME=VALUE}).
 * A word that names an existing file or directory is a target, never an operand.
 */
final class DdOperands {

    private static final String BLOCK_SIZE = MeasurementOptions.BLOCK_SIZE.option();
    private static final String COUNT = MeasurementOptions.COUNT.option();
    private static final String BUFFERED = MeasurementOptions.BUFFERED.option();
    private static final String DSYNC = MeasurementOptions.DSYNC.option();
    private static final String ZEROS = MeasurementOptions.ZEROS.option();
    /** What drivespeed takes for dd's input or output file: once, for either or both. */
    private static final String TARGET = "for if= or of= give the directory to measure:"
            + " drivespeed writes, reads back and removes its own test file there (a block device"
            + " given is only read, unless " + MeasurementOptions.ALLOW_WRITES_TO.option()
            + " names it)";

    private DdOperands() {
    }

    /**
     * {@return the refusal of the first of {@code words} that is a dd operand, saying what
     * drivespeed takes for each operand among them; null when there is none}
     *
     * @param words the positional target and the arguments left unmatched, as typed
     */
    static String refusal(List<String> words) {
        List<String> operands = new ArrayList<>();
        List<String> instead = new ArrayList<>();
        for (String word : words) {
            String meant = meaning(word);
            if (meant != null) {
                operands.add(word);
                if (!instead.contains(meant)) {
                    instead.add(meant);
                }
            }
        }
        if (operands.isEmpty()) {
            return null;
        }
        return (operands.size() == 1 ? "'" + operands.get(0) + "' is a dd operand"
                : "'" + String.join(" ", operands) + "' are dd operands")
                + ": drivespeed takes options (drivespeed DIR " + BLOCK_SIZE + " 8M " + COUNT
                + " 32 measures with O_DIRECT and a timed fdatasync by default); "
                + String.join("; ", instead)
                + "; 'drivespeed --help' lists the options";
    }

    /** {@return what drivespeed takes in place of one dd operand, or null: not one} */
    private static String meaning(String word) {
        int eq = word.indexOf('=');
        if (eq <= 0 || Files.exists(Path.of(word))) {
            return null;
        }
        String name = word.substring(0, eq).toLowerCase(Locale.ROOT);
        String value = word.substring(eq + 1);
        return switch (name) {
            case "bs", "obs", "ibs" -> "for " + name + "=" + value + " give " + BLOCK_SIZE + " "
                    + value;
            case "count" -> "for count=" + value + " give " + COUNT + " " + value;
            case "if" -> value.startsWith("/dev/zero") ? "for if=" + value + ": drivespeed"
                    + " writes random data (" + ZEROS + " writes zeros)"
                    : value.startsWith("/dev/urandom") || value.startsWith("/dev/random")
                            ? "for if=" + value + ": drivespeed writes random data by default"
                            : TARGET;
            case "of" -> value.equals("/dev/null") ? "for of=/dev/null: drivespeed reads the"
                    + " test file back into memory" : TARGET;
            case "oflag", "iflag" -> value.contains("direct") || value.contains("dsync")
                    ? "for " + name + "=" + value + ": O_DIRECT is the default (" + BUFFERED
                            + " turns it off), " + DSYNC + " opens with O_DSYNC"
                    : "for " + name + "=" + value + ": O_DIRECT is the default, " + DSYNC
                            + " opens with O_DSYNC";
            case "conv" -> "for conv=" + value + ": the closing fdatasync is timed by default";
            case "status" -> "for status=" + value + ": progress is shown on a terminal, "
                    + OutputOptions.QUIET.option() + " shows none";
            case "skip", "seek" -> "for " + name + "=" + value + ": drivespeed writes its own"
                    + " test file from its start";
            default -> null;
        };
    }
}
