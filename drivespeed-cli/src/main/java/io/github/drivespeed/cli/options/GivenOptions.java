package io.github.drivespeed.cli.options;

import io.github.drivespeed.error.InvalidSettingException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The options one command line gave, read by the rows of {@link OptionTable}: which, in what
 * order, by which of their names, and their values, as typed and converted.
 */
public final class GivenOptions {

    private final CommandSpec spec;

    /**
     * Reads the options picocli parsed.
     *
     * @param spec the command, after picocli parsed its arguments
     */
    public GivenOptions(CommandSpec spec) {
        this.spec = spec;
    }

    /**
     * {@return the rows of the options given, in the order given (an option given twice twice);
     * options the table does not list (help, version) left out}
     */
    public List<OptionRow<?>> inOrder() {
        ParseResult parsed = parsed();
        List<OptionRow<?>> given = new ArrayList<>();
        if (parsed != null) {
            for (OptionSpec o : parsed.matchedOptions()) {
                OptionTable.find(Arrays.asList(o.names())).ifPresent(given::add);
            }
        }
        return given;
    }

    /**
     * {@return whether an option was given}
     *
     * @param row the option
     */
    public boolean has(OptionRow<?> row) {
        ParseResult parsed = parsed();
        return parsed != null && parsed.hasMatchedOption(row.option());
    }

    /**
     * The value of an option, converted as its row says ({@link OptionRow#as}); a conversion's
     * refusal names the option as typed and the value: {@code invalid value for option
     * '--duration': 'abc' is not a duration: ...}. A refusal the library words itself
     * ({@link InvalidSettingException}) passes through.
     *
     * @param <V> the value's type
     * @param row an option
     * @return its value; null when it was not given
     * @throws IllegalArgumentException naming the option and the value the conversion refused
     */
    public <V> V value(OptionRow<V> row) {
        if (!has(row)) {
            return null;
        }
        Object parsed = parsed().matchedOptionValue(row.option(), null);
        try {
            return row.convert(parsed);
        } catch (InvalidSettingException e) {
            throw e;
        } catch (InvalidValueException e) {
            throw refusal(row, e.value(), e);
        } catch (IllegalArgumentException e) {
            throw refusal(row, typedValue(row).orElse(""), e);
        }
    }

    /**
     * {@return {@code invalid value for option 'NAME': 'VALUE' is REASON} (or {@code 'VALUE':
     * REASON} where the reason is not worded after an "is"), the option as typed}
     *
     * @param row an option
     * @param value its value, or the part of it refused, as given
     * @param reason the refusal
     */
    public IllegalArgumentException refusal(OptionRow<?> row, Object value,
            IllegalArgumentException reason) {
        return new IllegalArgumentException("invalid value for option '" + typed(row) + "': "
                + valueAndReason("'" + value + "'", reason.getMessage()), reason);
    }

    /**
     * {@return the value, then why it is refused, read as one sentence: {@code '0' is too small
     * (...)}, {@code '-1' is not a duration (...)}; a reason of another wording after a colon}
     *
     * @param quotedValue the value as the message shows it, quoted
     * @param reason why it is refused
     */
    public static String valueAndReason(String quotedValue, String reason) {
        String joint = reason.startsWith("is ") ? " " : reason.startsWith("not ") ? " is " : ": ";
        return quotedValue + joint + reason;
    }

    /**
     * The value of an option as the user typed it ({@code 8M}, not the plan's {@code 8 MiB}),
     * for messages; the last one where it was given more than once.
     *
     * @param row an option
     * @return the value typed; empty when the option was not given or takes no value
     */
    public Optional<String> typedValue(OptionRow<?> row) {
        ParseResult parsed = parsed();
        OptionSpec option = parsed == null ? null : parsed.matchedOption(row.option());
        if (option == null || option.arity().max() == 0) {
            return Optional.empty();
        }
        List<String> values = option.originalStringValues();
        return values.isEmpty() ? Optional.empty() : Optional.of(values.get(values.size() - 1));
    }

    /**
     * The name of an option as the user typed it ({@code --bs} or {@code --block-size}), for
     * messages; the table's name when it was not typed.
     *
     * @param row an option
     * @return the name typed
     */
    public String typed(OptionRow<?> row) {
        ParseResult parsed = parsed();
        if (parsed == null) {
            return row.option();
        }
        for (String arg : parsed.originalArgs()) {
            if (arg.equals(OptionTable.END_OF_OPTIONS)) {
                break;
            }
            int eq = arg.indexOf('=');
            String given = eq < 0 ? arg : arg.substring(0, eq);
            if (row.names().contains(given)) {
                return given;
            }
        }
        return row.option();
    }

    /**
     * Whether {@code arg} was typed after {@code --}, where every argument is the target, never an
     * option: for the words of a target that does not exist and looks like an option.
     *
     * @param arg an argument as typed
     * @return whether it comes after {@code --}
     */
    public boolean afterEndOfOptions(String arg) {
        List<String> args = typedArguments();
        int end = args.indexOf(OptionTable.END_OF_OPTIONS);
        return end >= 0 && args.subList(end + 1, args.size()).contains(arg);
    }

    /** {@return the command line's arguments as typed, for messages that quote them} */
    public List<String> typedArguments() {
        ParseResult parsed = parsed();
        return parsed == null ? List.of() : parsed.originalArgs();
    }

    private ParseResult parsed() {
        return spec.commandLine().getParseResult();
    }
}
