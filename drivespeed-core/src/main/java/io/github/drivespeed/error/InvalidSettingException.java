package io.github.drivespeed.error;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * A plan refused one of its settings: a setter, at once ({@code count(0)}), or {@code run()},
 * before any I/O, where the target must be known to judge ({@code blockSize} against the
 * direct-I/O alignment). The refusal is data: the {@link #setting() setting} by its API name
 * ({@code blockSize}, {@code count}, {@code runs}, ...), its {@link #value() value} as text, and
 * the {@link #reason() reason}, which may refer to other settings ({@link #settings()}).
 * A caller that presents settings under other names (the command line's {@code --bs}) renders the
 * reason with {@link #reason(UnaryOperator)} and never needs to read the message.
 *
 * <p>The message is {@code SETTING REASON: VALUE}, for example {@code count must be >= 1: 0} or
 * {@code blockSize is larger than size 4 MiB; the test file must hold a block: 8 MiB}, and
 * {@code SETTING REASON} for a switch.
 *
 * @since 0.1.0
 */
public final class InvalidSettingException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** The setting refused, by its API name. */
    private final String setting;
    /** Its value, as text. */
    private final String value;
    /** Why, in parts: text, and references to other settings. */
    private final Reason reason;

    /**
     * An exception for a setting refused, naming the setting and its value.
     *
     * @param setting the setting refused, by its API name, for example {@code blockSize}
     * @param value its value (printed with {@link String#valueOf(Object)}), or null for a switch
     *     such as {@code dsync}, which has none
     * @param reason why, naming no other setting; for example {@code must be >= 1}
     */
    public InvalidSettingException(String setting, Object value, String reason) {
        this(setting, value, Reason.of(reason), null);
    }

    /**
     * An exception for a setting refused for a reason that names other settings.
     *
     * @param setting the setting refused, by its API name, for example {@code blockSize}
     * @param value its value (printed with {@link String#valueOf(Object)}), or null for a switch
     * @param reason why, with references to any other setting it involves
     * @param cause the underlying refusal, or null
     */
    public InvalidSettingException(String setting, Object value, Reason reason, Throwable cause) {
        super(Objects.requireNonNull(setting, "setting") + " " + reason.render(UnaryOperator
                .identity()) + (value == null ? "" : ": " + value), cause);
        this.setting = setting;
        this.value = value == null ? null : String.valueOf(value);
        this.reason = reason;
    }

    /** {@return the setting refused, by its API name, for example {@code blockSize}} */
    public String setting() {
        return setting;
    }

    /**
     * {@return its value as the plan holds it, as text, for example {@code 8 MiB}; empty for a
     * switch ({@code dsync}, {@code dropCaches}), which has none}
     */
    public Optional<String> value() {
        return Optional.ofNullable(value);
    }

    /** {@return why, with other settings by their API names: {@code must be >= 1}} */
    public String reason() {
        return reason.render(UnaryOperator.identity());
    }

    /**
     * {@return why, with the other settings it refers to named by {@code names}}
     *
     * @param names gives the name to print for a setting's API name (for example {@code size} to
     *     {@code --size})
     */
    public String reason(UnaryOperator<String> names) {
        return reason.render(names);
    }

    /** {@return the other settings the reason refers to, by their API names, in order} */
    public List<String> settings() {
        return reason.settings();
    }

    /**
     * Why a setting was refused: text, and references to other settings, so that each reader can
     * name them in its own words. Immutable; each method returns a new reason.
     *
     * @since 0.1.0
     */
    public static final class Reason {

        /** Text ({@link String}) and references ({@link Ref}), in order. */
        private final List<Object> parts;

        private Reason(List<Object> parts) {
            this.parts = List.copyOf(parts);
        }

        /**
         * {@return a reason of that text}
         *
         * @param text the start of the reason
         */
        public static Reason of(String text) {
            return new Reason(List.of(Objects.requireNonNull(text, "text")));
        }

        /**
         * {@return this reason, then {@code text}}
         *
         * @param text more text
         */
        public Reason then(String text) {
            return with(Objects.requireNonNull(text, "text"));
        }

        /**
         * {@return this reason, then the setting's name (in the reader's words)}
         *
         * @param setting another setting, by its API name
         */
        public Reason setting(String setting) {
            return with(new Ref(Objects.requireNonNull(setting, "setting")));
        }

        private Reason with(Object part) {
            List<Object> more = new ArrayList<>(parts);
            more.add(part);
            return new Reason(more);
        }

        /**
         * {@return the reason, with each setting named by {@code names}}
         *
         * @param names gives the name to print for a setting's API name
         */
        public String render(UnaryOperator<String> names) {
            StringBuilder text = new StringBuilder();
            for (Object part : parts) {
                text.append(part instanceof Ref ? names.apply(((Ref) part).setting()) : part);
            }
            return text.toString();
        }

        List<String> settings() {
            return parts.stream().filter(Ref.class::isInstance)
                    .map(p -> ((Ref) p).setting()).toList();
        }

        @Override
        public String toString() {
            return render(UnaryOperator.identity());
        }

        private record Ref(String setting) { }
    }
}
