package io.github.drivespeed.cli.run;

import io.github.drivespeed.error.InvalidSettingException;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;

/**
 * The command line's own refusals, and picocli's in the same style: {@code invalid value for
 * option 'NAME': ...}, with the option as the user typed it. The library's refusals are worded
 * by {@link Refusals}, from the data they carry.
 */
public final class ErrorMessages {

    /** The refusal of --drop-caches where the reads bypass the page cache. */
    static final String DROP_CACHES_NEEDS_BUFFERED = "option '--drop-caches' needs --buffered"
            + " (O_DIRECT reads bypass the page cache: there is nothing to drop)";

    private ErrorMessages() {
    }

    /**
     * picocli's refusal of a command line: a value its converter refused, as {@code invalid value
     * for option '--count': 'abc' is not a whole number} (the option as typed); any other as
     * picocli words it.
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
        return e.getMessage();
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
