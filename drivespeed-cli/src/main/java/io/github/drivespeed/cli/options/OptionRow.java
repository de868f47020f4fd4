package io.github.drivespeed.cli.options;

import io.github.drivespeed.fio.internal.FioSpelling;
import io.github.drivespeed.fio.internal.SharedOption;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.OptionSpec;

/**
 * One row of {@link OptionTable}: an option's names (drivespeed's, and fio's where fio has it),
 * the forms it goes with, how its value is converted, the plan setting the library names it by,
 * and its help. picocli's declaration of the option ({@link #toSpec()}) is made from it; the
 * plan setter it calls is its entry in {@link OptionSetters}. Rows are immutable: each method
 * that shapes one returns a new row.
 *
 * @param <V> the value the plan setters take: {@link Boolean} for a flag (true when given), else
 *     what {@link #convert} makes of picocli's value
 */
public final class OptionRow<V> {

    /** How picocli reads the value: its type, element type, converter and split. */
    private record Syntax(Class<?> type, Class<?> elementType, ITypeConverter<?> converter,
            String split, String paramLabel, String values) {
    }

    private final List<String> names;
    private final Syntax syntax;
    private final Function<Object, V> conversion;
    private final Set<Form> forms;
    private final Optional<String> setting;
    private final Optional<SharedOption<?>> shared;
    private final Map<Form, Optional<String>> chooses;
    private final String help;

    private OptionRow(List<String> names, Syntax syntax, Function<Object, V> conversion,
            Set<Form> forms, Optional<String> setting, Optional<SharedOption<?>> shared,
            Map<Form, Optional<String>> chooses, String help) {
        this.names = List.copyOf(names);
        this.syntax = syntax;
        this.conversion = conversion;
        this.forms = forms.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(forms));
        this.setting = setting;
        this.shared = shared;
        this.chooses = Map.copyOf(chooses);
        this.help = help;
    }

    /**
     * A switch: given or not.
     *
     * @param names its names, the one messages give it first
     * @return the row, with no form yet
     */
    static OptionRow<Boolean> flag(String... names) {
        return new OptionRow<>(List.of(names), new Syntax(boolean.class, null, null, null, null, null),
                v -> Boolean.TRUE, Set.of(), Optional.empty(), Optional.empty(), Map.of(), "");
    }

    /**
     * A switch both command lines share.
     *
     * @param row its shared row: its names, and fio's
     * @return the row, with no form yet
     */
    static OptionRow<Boolean> flag(SharedOption<?> row) {
        return flag(row.names().toArray(new String[0])).spelled(row);
    }

    /**
     * An option with a value, kept as typed, that both command lines share.
     *
     * @param paramLabel the value's name in the help ({@code SIZE})
     * @param row its shared row: its names, and fio's
     * @return the row, with no form yet
     */
    static OptionRow<String> text(String paramLabel, SharedOption<?> row) {
        return text(paramLabel, row.names().toArray(new String[0])).spelled(row);
    }

    /**
     * An option with a value that both command lines share, read with the shared row's
     * conversion when it is read ({@link #as}): a refusal names the option as typed and the
     * value.
     *
     * @param <V> the value the row's setter takes
     * @param paramLabel the value's name in the help ({@code SIZE})
     * @param row its shared row: its names, fio's, and its conversion
     * @return the row, with no form yet
     */
    static <V> OptionRow<V> converted(String paramLabel, SharedOption<V> row) {
        return text(paramLabel, row).as(row::convert);
    }

    /**
     * A whole number of type {@code int} that both command lines share.
     *
     * @param paramLabel the value's name in the help ({@code N})
     * @param row its shared row: its names, and fio's
     * @return the row, with no form yet
     */
    static OptionRow<Integer> wholeInt(String paramLabel, SharedOption<?> row) {
        return wholeInt(paramLabel, row.names().toArray(new String[0])).spelled(row);
    }

    /**
     * Values that may be repeated, that both command lines name.
     *
     * @param paramLabel each value's name in the help ({@code FILE})
     * @param row its shared row: its names
     * @return the row, with no form yet
     */
    static OptionRow<List<String>> repeatable(String paramLabel, SharedOption<?> row) {
        return repeatable(paramLabel, row.names().toArray(new String[0])).spelled(row);
    }

    /**
     * An option with a value, kept as typed.
     *
     * @param paramLabel the value's name in the help ({@code SIZE})
     * @param names its names, the one messages give it first
     * @return the row, with no form yet
     */
    static OptionRow<String> text(String paramLabel, String... names) {
        return valued(String.class, null, paramLabel, names);
    }

    /**
     * A whole number of type {@code long}, converted as {@link WholeNumbers} words it.
     *
     * @param paramLabel the value's name in the help ({@code N})
     * @param names its names, the one messages give it first
     * @return the row, with no form yet
     */
    static OptionRow<Long> wholeLong(String paramLabel, String... names) {
        return valued(Long.class, WholeNumbers.LONG, paramLabel, names);
    }

    /**
     * A whole number of type {@code long}, not negative, converted as {@link WholeNumbers} words
     * it.
     *
     * @param paramLabel the value's name in the help ({@code N})
     * @param names its names, the one messages give it first
     * @return the row, with no form yet
     */
    static OptionRow<Long> unsignedLong(String paramLabel, String... names) {
        return valued(Long.class, WholeNumbers.UNSIGNED_LONG, paramLabel, names);
    }

    /**
     * A whole number of type {@code int}, converted as {@link WholeNumbers} words it.
     *
     * @param paramLabel the value's name in the help ({@code N})
     * @param names its names, the one messages give it first
     * @return the row, with no form yet
     */
    static OptionRow<Integer> wholeInt(String paramLabel, String... names) {
        return valued(Integer.class, WholeNumbers.INT, paramLabel, names);
    }

    /**
     * Values that may be repeated, in the order given.
     *
     * @param paramLabel each value's name in the help ({@code FILE})
     * @param names its names, the one messages give it first
     * @return the row, with no form yet
     */
    static OptionRow<List<String>> repeatable(String paramLabel, String... names) {
        return list(null, paramLabel, names);
    }

    /**
     * Values that may be repeated or separated by commas, in the order given.
     *
     * @param paramLabel each value's name in the help ({@code NAME})
     * @param names its names, the one messages give it first
     * @return the row, with no form yet
     */
    static OptionRow<List<String>> commaSeparated(String paramLabel, String... names) {
        return list(",", paramLabel, names);
    }

    @SuppressWarnings("unchecked")
    private static OptionRow<List<String>> list(String split, String paramLabel,
            String... names) {
        return new OptionRow<>(List.of(names), new Syntax(List.class, String.class, null, split,
                paramLabel, null), v -> List.copyOf((List<String>) v), Set.of(), Optional.empty(),
                Optional.empty(), Map.of(), "");
    }

    @SuppressWarnings("unchecked")
    private static <T> OptionRow<T> valued(Class<T> type, ITypeConverter<T> converter,
            String paramLabel, String... names) {
        return new OptionRow<>(List.of(names), new Syntax(type, null, converter, null,
                paramLabel, null), v -> (T) v, Set.of(), Optional.empty(), Optional.empty(), Map.of(),
                "");
    }

    /**
     * The same option, its value converted further when it is read (a duration from its text):
     * a refusal names the option and the value ({@link GivenOptions#value}).
     *
     * @param <W> the converted value
     * @param then the conversion; throws {@link IllegalArgumentException} with the reason, or
     *     {@link InvalidValueException} naming the part of the value it refuses
     * @return the row
     */
    <W> OptionRow<W> as(Function<? super V, W> then) {
        return new OptionRow<>(names, syntax, conversion.andThen(then), forms, setting, shared,
                chooses, help);
    }

    /**
     * The same option, going with these forms.
     *
     * @param first a form the option goes with
     * @param more the others
     * @return the row, going with those forms
     */
    OptionRow<V> forms(Form first, Form... more) {
        return new OptionRow<>(names, syntax, conversion, EnumSet.of(first, more), setting, shared,
                chooses, help);
    }

    /**
     * The same option, naming the plan setting it sets.
     *
     * @param name the plan setting the option sets, by the API name the library's refusals give
     *     it ({@code blockSize})
     * @return the row
     */
    OptionRow<V> setting(String name) {
        return new OptionRow<>(names, syntax, conversion, forms, Optional.of(name), shared,
                chooses, help);
    }

    /**
     * The same option, spelled as the row both command lines share spells it: drivespeed's
     * names, and fio's where fio's jobs take it too.
     *
     * @param row the shared row; its names replace the row's
     * @return the row
     */
    private OptionRow<V> spelled(SharedOption<?> row) {
        return new OptionRow<>(row.names(), syntax, conversion, forms, setting,
                Optional.of(row), chooses, help);
    }

    /**
     * The same option, choosing a form: given, it makes the command line that form.
     *
     * @param form a form the option chooses ({@code --probe} chooses {@link Form#PROBE})
     * @param excludesBecause why the options the form does not take are refused outright, in
     *     the words of the refusal; null where they are refused only once the form is known
     * @return the row
     */
    OptionRow<V> chooses(Form form, String excludesBecause) {
        Map<Form, Optional<String>> more = new LinkedHashMap<>(chooses);
        more.put(form, Optional.ofNullable(excludesBecause));
        return new OptionRow<>(names, syntax, conversion, forms, setting, shared, more, help);
    }

    /**
     * The same option, its values named in the synopsis of {@code --help} by what they may be
     * ({@code native|java}) rather than by the value's name ({@code NAME}).
     *
     * @param choices the values it takes, as the synopsis shows them
     * @return the row
     */
    OptionRow<V> choices(String choices) {
        Syntax s = syntax;
        return new OptionRow<>(names, new Syntax(s.type(), s.elementType(), s.converter(),
                s.split(), s.paramLabel(), choices), conversion, forms, setting, shared, chooses,
                help);
    }

    /**
     * The same option, with its help.
     *
     * @param description what {@code --help} says of the option
     * @return the row
     */
    OptionRow<V> help(String description) {
        return new OptionRow<>(names, syntax, conversion, forms, setting, shared, chooses,
                Objects.requireNonNull(description));
    }

    /** {@return the option by the name the messages give it: its first long name} */
    public String option() {
        return names.get(0);
    }

    /** {@return its names, the one messages give it first} */
    public List<String> names() {
        return names;
    }

    /**
     * {@return the plans' setting it sets, by its API name ({@code blockSize}), which the
     * library's {@link io.github.drivespeed.error.InvalidSettingException} names; empty for an
     * option no plan has (output, requirement, form)}
     */
    public Optional<String> setting() {
        return setting;
    }

    /** {@return fio's spelling of it, where fio's jobs take it too} */
    public Optional<FioSpelling> fio() {
        return shared.flatMap(SharedOption::fio);
    }

    /** {@return the row both command lines share, where fio's side names or takes it too} */
    public Optional<SharedOption<?>> shared() {
        return shared;
    }

    /** {@return the forms it goes with} */
    public Set<Form> forms() {
        return forms;
    }

    /**
     * {@return whether the option goes with a form}
     *
     * @param form a form
     */
    public boolean goesWith(Form form) {
        return forms.contains(form);
    }

    /** {@return whether the option goes with one of the workload forms} */
    public boolean goesWithAWorkload() {
        return forms.stream().anyMatch(Form::isWorkload);
    }

    /**
     * {@return whether this option chooses a form}
     *
     * @param form a form
     */
    public boolean chooses(Form form) {
        return chooses.containsKey(form);
    }

    /**
     * {@return why the options a form this option chooses does not take are refused outright;
     * empty where they are refused only once the form is known}
     *
     * @param form a form this option chooses
     */
    Optional<String> exclusionReason(Form form) {
        return chooses.getOrDefault(form, Optional.empty());
    }

    /** {@return whether it takes a value (a flag takes none)} */
    public boolean takesValue() {
        return syntax.paramLabel() != null;
    }

    /**
     * {@return its value as the synopsis of {@code --help} shows it: the values it may take
     * ({@code native|java}), else the value's name, repeated where the values may be
     * comma-separated ({@code NAME[,NAME...]}); empty for a flag}
     */
    String synopsisValue() {
        if (!takesValue()) {
            return "";
        }
        if (syntax.values() != null) {
            return syntax.values();
        }
        String label = syntax.paramLabel();
        return syntax.split() == null ? label
                : label + "[" + syntax.split() + label + "...]";
    }

    /** {@return what {@code --help} says of it} */
    public String help() {
        return help;
    }

    /**
     * Converts picocli's value of the option as {@link #as} says.
     *
     * @param parsed picocli's value of the option
     * @return the value its setters take
     * @throws IllegalArgumentException from the conversion
     */
    V convert(Object parsed) {
        return conversion.apply(parsed);
    }

    /**
     * {@return picocli's declaration of the option: its names, value, converter and help; a new
     * one each time, since picocli keeps the parsed value in it}
     */
    public OptionSpec toSpec() {
        OptionSpec.Builder b = OptionSpec.builder(names.toArray(new String[0]))
                .type(syntax.type())
                .description(help);
        if (syntax.paramLabel() != null) {
            b.paramLabel(syntax.paramLabel());
        }
        if (syntax.elementType() != null) {
            b.auxiliaryTypes(syntax.elementType());
        }
        if (syntax.converter() != null) {
            b.converters(syntax.converter());
        }
        if (syntax.split() != null) {
            b.splitRegex(syntax.split());
        }
        return b.build();
    }

    @Override
    public String toString() {
        return option();
    }
}
