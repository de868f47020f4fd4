package io.github.drivespeed.cli.run;

import io.github.drivespeed.error.InvalidSettingException;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.OverwrittenOptionException;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The command line's own refusals, and picocli's in the same style: {@code invalid value for
 * option 'NAME': ...}, with the option as the user typed it. The library's refusals are worded
 * by {@link Refusals}, from the data they carry.
 */
public final class ErrorMessages {

    /** The refusal of --drop-caches where the reads bypass the page cache. */
    static final String DROP_CACHES_NEEDS_BUFFERED = "option '--drop-caches' needs --buffered"
            + " (O_DIRECT reads bypass the page cache: there is nothing to drop)";

    /** Where the options are listed, for the end of a refusal. */
    private static final String HELP = "'drivespeed --help' lists the options";

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
            return unmatched((UnmatchedArgumentException) e);
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
            return "option '" + typed(option, args) + "' was given more than once; give it once";
        }
        return "cannot read the command line (" + e.getMessage() + "); " + HELP;
    }

    /**
     * An unknown option, with picocli's suggestions of the options whose names are close; or an
     * argument after the target, which is not a second target.
     */
    private static String unmatched(UnmatchedArgumentException e) {
        List<String> unmatched = e.getUnmatched();
        String first = unmatched.isEmpty() ? "" : unmatched.get(0);
        if (first.startsWith("-") && first.length() > 1) {
            int eq = first.indexOf('=');
            String name = eq < 0 ? first : first.substring(0, eq);
            List<String> close = e.getSuggestions().stream().filter(o -> o.startsWith("-"))
                    .toList();
            return "unknown option '" + name + "'" + (close.isEmpty() ? ""
                    : " (did you mean " + String.join(" or ", close) + "?)") + "; " + HELP;
        }
        return "unexpected argument '" + first + "': drivespeed takes one target, a directory or"
                + " a block device, given once (an option's value goes right after the option); "
                + HELP;
    }

    /** The option's name as it appears in {@code args} ({@code --bs=8M} counts), else its first. */
    private static String typed(OptionSpec option, String[] args) {
        List<String> names = Arrays.asList(option.names());
        for (String arg : args) {
            if (arg.equals("--")) {
                break;
            }
            int eq = arg.indexOf('=');
            String name = eq < 0 ? arg : arg.substring(0, eq);
            if (names.contains(name)) {
                return name;
            }
        }
        return option.longestName();
    }

    /**
     * Applies one option whose value the command line converts itself (a duration), naming it
     * and its value if the conversion refuses it. A plan's own refusal
     * ({@link InvalidSettingException}) passes through, for {@link Refusals} to word.
     *
     * @param <T> the plan (or value) the option sets
     * @param plan the plan before
     * @param name the option, as typed
     * @param value its value, as given
     * @param setter what the option does to the plan
     * @return the plan after
     * @throws IllegalArgumentException {@code invalid value for option 'NAME': 'VALUE': REASON}
     */
    static <T> T option(T plan, String name, Object value, UnaryOperator<T> setter) {
        try {
            return setter.apply(plan);
        } catch (InvalidSettingException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid value for option '" + name + "': '"
                    + value + "': " + e.getMessage(), e);
        }
    }

    /**
     * Applies an option if it was given, as {@link #option} does.
     *
     * @param <T> the plan the option sets
     * @param <V> the option's value
     * @param plan the plan before
     * @param name the option, as typed
     * @param value its value, or null when it was not given (the plan is then returned as is)
     * @param setter what the option does to the plan
     * @return the plan after
     * @throws IllegalArgumentException {@code invalid value for option 'NAME': 'VALUE': REASON}
     */
    static <T, V> T optionIfGiven(T plan, String name, V value, BiFunction<T, V, T> setter) {
        return value == null ? plan : option(plan, name, value, t -> setter.apply(t, value));
    }
}
