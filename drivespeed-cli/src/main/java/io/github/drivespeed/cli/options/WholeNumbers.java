package io.github.drivespeed.cli.options;

import picocli.CommandLine;

/** The command's whole-number options, converted with one wording for every bad value. */
public final class WholeNumbers {

    private WholeNumbers() {
    }

    /**
     * Converts every {@code Long} and {@code Integer} option of the command line this way.
     *
     * @param cl the command line
     */
    public static void registerWith(CommandLine cl) {
        cl.registerConverter(Long.class, text -> parse(text, Long.MIN_VALUE, Long.MAX_VALUE));
        cl.registerConverter(Integer.class, text -> Math.toIntExact(parse(text, Integer.MIN_VALUE,
                Integer.MAX_VALUE)));
    }

    /** An option's whole number; picocli puts the option's name before the message. */
    private static long parse(String text, long min, long max) {
        try {
            long v = Long.parseLong(text.trim());
            if (v < min || v > max) {
                throw new CommandLine.TypeConversionException("'" + text
                        + "' is out of range (" + min + " to " + max + ")");
            }
            return v;
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + text + "' is not a whole number");
        }
    }
}
