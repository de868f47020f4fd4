package io.github.drivespeed.cli.options;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/** The options this command line gave: which, in what order, and by which of their names. */
public final class GivenOptions {

    private final CommandSpec spec;

    /** @param spec the command, after picocli parsed its arguments */
    public GivenOptions(CommandSpec spec) {
        this.spec = spec;
    }

    /**
     * @return the options given, by the names {@link OptionTable} gives them, in the order given;
     *     options the table does not list (help, version) left out
     */
    public List<String> inOrder() {
        ParseResult parsed = spec.commandLine().getParseResult();
        List<String> given = new ArrayList<>();
        if (parsed != null) {
            for (OptionSpec o : parsed.matchedOptions()) {
                OptionTable.find(Arrays.asList(o.names())).ifPresent(r -> given.add(r.option()));
            }
        }
        return given;
    }

    /**
     * The value of an option as the user typed it ({@code 8M}, not the plan's {@code 8 MiB}),
     * for messages; the last one where it was given more than once.
     *
     * @param name one of the option's names
     * @return the value typed; empty when the option was not given or takes no value
     */
    public Optional<String> value(String name) {
        ParseResult parsed = spec.commandLine().getParseResult();
        OptionSpec option = parsed == null ? null : parsed.matchedOption(name);
        if (option == null || option.arity().max() == 0) {
            return Optional.empty();
        }
        List<String> values = option.originalStringValues();
        return values.isEmpty() ? Optional.empty() : Optional.of(values.get(values.size() - 1));
    }

    /**
     * The name of an option as the user typed it ({@code --bs} or {@code --block-size}), for
     * messages; the given name when it was not typed.
     *
     * @param name one of the option's names
     * @return the name typed
     */
    public String typed(String name) {
        OptionSpec option = spec.findOption(name);
        ParseResult parsed = spec.commandLine().getParseResult();
        if (option == null || parsed == null) {
            return name;
        }
        for (String arg : parsed.originalArgs()) {
            if (arg.equals("--")) {
                break;
            }
            int eq = arg.indexOf('=');
            String given = eq < 0 ? arg : arg.substring(0, eq);
            for (String n : option.names()) {
                if (n.equals(given)) {
                    return n;
                }
            }
        }
        return name;
    }
}
