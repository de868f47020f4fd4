package io.github.drivespeed.cli.run;

import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.error.InsufficientSpaceException;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;

/**
 * The library's and picocli's messages in the command line's words: the option as the user typed
 * it and its value, instead of the API's setting names. Some are recognised by their text (the
 * API's {@code blockSize ...} refusals, its no-space hint); typed errors will replace that.
 */
public final class ErrorMessages {

    /** The refusal of --drop-caches where the reads bypass the page cache. */
    static final String DROP_CACHES_NEEDS_BUFFERED = "option '--drop-caches' needs --buffered"
            + " (O_DIRECT reads bypass the page cache: there is nothing to drop)";

    private ErrorMessages() {
    }

    /**
     * @param message picocli's message for a bad command line
     * @return it in the style of the command's own messages: {@code invalid value for option ...}
     */
    public static String ofPicocli(String message) {
        String m = String.valueOf(message);
        return m.startsWith("Invalid value for ") ? "invalid" + m.substring("Invalid".length()) : m;
    }

    /**
     * Applies one option, naming it and its value if the plan refuses it.
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
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid value for option '" + name + "': '"
                    + value + "': " + e.getMessage(), e);
        }
    }

    /**
     * Applies an option if it was given, naming it and its value if the plan refuses it.
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

    /**
     * A sequential plan's refusal of its block size when it runs (alignment, memory), naming the
     * option: {@code invalid value for option '--bs': '512': blockSize 512 B is ...}.
     *
     * @param message the API's message; any other than a block-size refusal is kept
     * @param option the block-size option, as typed
     * @param blockSize its value, or the default
     * @return the message
     */
    static String sequentialBlockSize(String message, String option, Object blockSize) {
        return refusesBlockSize(message)
                ? "invalid value for option '" + option + "': '" + blockSize + "': " + message
                : message;
    }

    /**
     * A workload plan's refusal of its block size when it runs, with the command line's names:
     * {@code blockSize 8 MiB is larger than size 4 MiB} names {@code --bs} and {@code --size}.
     *
     * @param message the API's message; any other than a block-size refusal is kept
     * @param option the block-size option, as typed
     * @param blockSize its value, or the default
     * @param sizeOption the size option, as typed
     * @return the message
     */
    static String workloadBlockSize(String message, String option, Object blockSize,
            String sizeOption) {
        if (!refusesBlockSize(message)) {
            return message;
        }
        String m = message.startsWith("blockSize ")
                ? message.substring("blockSize ".length()) : message;
        m = m.replace("than size ", "than " + sizeOption + " ");
        return "invalid value for option '" + option + "': '" + blockSize + "': " + m;
    }

    /**
     * The no-space message with the option to lower, as the user would type it, in place of the
     * API's "the block size or the count".
     *
     * @param e the refusal
     * @param options what to lower, as typed, with the values
     * @return the message
     */
    static String noSpace(InsufficientSpaceException e, String options) {
        String message = String.valueOf(e.getMessage());
        String api = "lower the block size or the count";
        return message.endsWith(api)
                ? message.substring(0, message.length() - api.length()) + "lower " + options
                : message;
    }

    /**
     * @param size {@code --size} as given, or null
     * @return {@code " (4M)"}, or {@code " (default 1 GiB)"}
     */
    static String sizeGiven(String size) {
        return size == null ? " (default " + WorkloadPlan.DEFAULT_SIZE + ")" : " (" + size + ")";
    }

    private static boolean refusesBlockSize(String message) {
        return message != null
                && (message.startsWith("blockSize ") || message.startsWith("cannot allocate "));
    }
}
