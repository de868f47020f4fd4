package io.github.drivespeed.cli.run;

import io.github.drivespeed.cli.options.CloseNames;
import io.github.drivespeed.cli.options.OptionTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.OverwrittenOptionException;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * picocli's refusals in the command line's own style: {@code invalid value for option 'NAME':
 * ...}, with the option as the user typed it. The command line's own refusals of values are
 * worded by {@link io.github.drivespeed.cli.options.GivenOptions}, the library's by
 * {@link Refusals}, from the data they carry.
 */
public final class ErrorMessages {

    /** hdparm's option for timed device reads, which drivespeed takes as a device target. */
    private static final String HDPARM_T = "-t";

    /** Where the options are listed, for the end of a refusal. */
    private static final String HELP = "'drivespeed --help' lists the options";

    /** A unit typed apart from its number: {@code M}, {@code KiB}, {@code ms}. */
    private static final Pattern UNIT = Pattern.compile(
            "(?i)[kmgtpe](?:i?b)?|b|ns|us|ms|s|min|h");

    /** A number, as typed before its unit. */
    private static final Pattern NUMBER = Pattern.compile("\\d+(?:\\.\\d+)?");

    private ErrorMessages() {
    }

    /**
     * picocli's refusal of a command line, in drivespeed's words, each naming the argument as
     * typed and what to do: a value its converter refused ({@code invalid value for option
     * '--count': 'abc' is not a whole number}); an unknown option ({@code unknown option
     * '--frobnicate'; did you mean ...}); a second target; an option without its value; an
     * option given twice. Only picocli's data is read (the argument specs, the unmatched
     * arguments, its suggestions), never its message; a refusal of another kind says that the
     * command line could not be read, with picocli's words.
     *
     * @param e picocli's refusal
     * @param args the command line's arguments, for the option's name as typed
     * @return the message
     */
    public static String ofPicocli(ParameterException e, String[] args) {
        if (e.getCause() instanceof TypeConversionException
                && e.getArgSpec() instanceof OptionSpec) {
            OptionSpec option = (OptionSpec) e.getArgSpec();
            return "invalid value for option '" + typed(option, args) + "': "
                    + e.getCause().getMessage();
        }
        if (e instanceof UnmatchedArgumentException) {
            return unmatched((UnmatchedArgumentException) e, args);
        }
        if (e instanceof MissingParameterException) {
            List<ArgSpec> missing = ((MissingParameterException) e).getMissing();
            if (missing != null && missing.size() == 1 && missing.get(0) instanceof OptionSpec) {
                OptionSpec option = (OptionSpec) missing.get(0);
                return "option '" + typed(option, args) + "' needs a value (" + option.paramLabel()
                        + ") right after it; " + HELP;
            }
        }
        if (e instanceof OverwrittenOptionException
                && ((OverwrittenOptionException) e).getOverwritten() instanceof OptionSpec) {
            OptionSpec option = (OptionSpec) ((OverwrittenOptionException) e).getOverwritten();
            return givenTwice(option, args);
        }
        return "cannot read the command line (" + e.getMessage() + "); " + HELP;
    }

    /**
     * An unknown option, with picocli's suggestions of the options whose names are close; a
     * value's unit typed apart from its number ({@code --block-size 8 M}); or an argument after
     * the target, which is not a second target.
     */
    private static String unmatched(UnmatchedArgumentException e, String[] args) {
        // (hdparm's -t, typed by habit: picocli would suggest --threads)
        List<String> unmatched = e.getUnmatched();
        String first = unmatched.isEmpty() ? "" : unmatched.get(0);
        if (first.startsWith("-") && first.length() > 1) {
            int eq = first.indexOf('=');
            String name = eq < 0 ? first : first.substring(0, eq);
            if (name.equals(HDPARM_T)) {
                return "unknown option '-t': hdparm -t's timed reads are what drivespeed"
                        + " does with a block device given as the target: drivespeed /dev/sdX; "
                        + HELP;
            }
            List<String> close = e.getSuggestions().stream().filter(o -> o.startsWith("-"))
                    .toList();
            if (close.isEmpty() && e.getCommandLine() != null) {
                // picocli's suggestions miss a name that differs in its dashes (--blocksize)
                close = CloseNames.closest(name, e.getCommandLine().getCommandSpec().options()
                        .stream().flatMap(o -> Arrays.stream(o.names())).toList()).stream()
                        .toList();
            }
            return "unknown option '" + name + "'" + (close.isEmpty() ? ""
                    : " (did you mean " + String.join(" or ", close) + "?)") + "; " + HELP;
        }
        String split = unitApart(first, args);
        if (split != null) {
            return split;
        }
        return "unexpected argument '" + first + "': drivespeed takes one target, a directory or"
                + " a block device, given once (an option's value goes right after the option); "
                + HELP;
    }

    /**
     * A unit typed apart from its number after an option ({@code --block-size 8 M}, {@code
     * --runtime 5 s}): {@code '8 M' after '--block-size' is two arguments: ...}; null where the
     * unexpected argument is not a unit following an option's number.
     */
    private static String unitApart(String unit, String[] args) {
        if (!UNIT.matcher(unit).matches()) {
            return null;
        }
        for (int i = 2; i < args.length; i++) {
            if (args[i].equals(unit) && NUMBER.matcher(args[i - 1]).matches()
                    && args[i - 2].startsWith("-") && args[i - 2].indexOf('=') < 0) {
                return "'" + args[i - 1] + " " + unit + "' after '" + args[i - 2] + "' is two"
                        + " arguments: a value is one word, its unit right after the number, as "
                        + args[i - 2] + " " + args[i - 1] + unit;
            }
        }
        return null;
    }

    /**
     * An argument that looks like an option typed after {@code --}, where every argument is the
     * target: {@code '--count' comes after '--', which ends the options: ...}.
     *
     * @param arg the argument as typed
     * @return the message
     */
    public static String afterEndOfOptions(String arg) {
        return "'" + arg + "' comes after '" + OptionTable.END_OF_OPTIONS + "', which ends the"
                + " options: every argument after it is the target (a directory, a block device"
                + " or a job file), and drivespeed takes one; put options before '"
                + OptionTable.END_OF_OPTIONS + "'";
    }

    /**
     * An option given twice: under one name ({@code '--runtime' was given more than once}), or
     * under two of its names, which picocli's single option cannot tell apart
     * ({@code '--runtime' and '--duration' are two names of one option}).
     */
    private static String givenTwice(OptionSpec option, String[] args) {
        List<String> typed = typedNames(option, args);
        if (typed.size() > 1) {
            return "options '" + String.join("' and '", typed) + "' are names of one option"
                    + " (aliases), so it was given more than once; give one of them once";
        }
        return "option '" + typed(option, args) + "' was given more than once; give it once";
    }

    /** The option's names as they appear in {@code args}, each once, in the order typed. */
    private static List<String> typedNames(OptionSpec option, String[] args) {
        List<String> names = Arrays.asList(option.names());
        List<String> typed = new ArrayList<>();
        for (String arg : args) {
            if (arg.equals(OptionTable.END_OF_OPTIONS)) {
                break;
            }
            int eq = arg.indexOf('=');
            String name = eq < 0 ? arg : arg.substring(0, eq);
            if (names.contains(name) && !typed.contains(name)) {
                typed.add(name);
            }
        }
        return typed;
    }

    /** The option's name as it appears in {@code args} ({@code --bs=8M} counts), else its first. */
    private static String typed(OptionSpec option, String[] args) {
        List<String> typed = typedNames(option, args);
        return typed.isEmpty() ? option.longestName() : typed.get(0);
    }
}
