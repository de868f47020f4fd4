package io.github.drivespeed.parameters;

import io.github.drivespeed.unit.DataSize;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The settings that shaped a run, by name in a fixed order, each with its unit in its type
 * ({@link Setting}): what {@link Parameters#settings()} gives for each kind's record, and what
 * the report's view shows. The names are fio's where fio has the setting ({@code rw}, {@code bs},
 * {@code size}, {@code runtime}, {@code numjobs}, {@code iodepth}, {@code ioengine},
 * {@code direct}, {@code sqthread_poll}), else the keys of drivespeed's JSON without their unit
 * ({@code runs}, {@code idle_before}, {@code cached_read}); a setting a kind does not have, or
 * that was not given, is absent. Immutable.
 *
 * @param byName every setting by name, in the order the report's kind lists them
 *
 * @since 0.1.0
 */
public record Settings(Map<String, Setting> byName) {

    /**
     * Keeps the order of the map given.
     *
     * @param byName every setting by name
     * @throws NullPointerException if a name or value is null
     */
    public Settings {
        byName = Collections.unmodifiableMap(new LinkedHashMap<>(byName));
        byName.forEach((name, value) -> {
            if (name == null || value == null) {
                throw new NullPointerException("setting " + name + ": " + value);
            }
        });
    }

    /**
     * {@return the setting of that name, or empty when the run had none}
     *
     * @param name its name
     */
    public Optional<Setting> get(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /**
     * {@return the size of that name, or empty when absent or not a size}
     *
     * @param name its name
     */
    public Optional<DataSize> size(String name) {
        return get(name).filter(Setting.Size.class::isInstance)
                .map(s -> ((Setting.Size) s).size());
    }

    /**
     * {@return the number of that name, or empty when absent or not a number}
     *
     * @param name its name
     */
    public OptionalLong count(String name) {
        return get(name).filter(Setting.Count.class::isInstance)
                .map(s -> OptionalLong.of(((Setting.Count) s).count())).orElse(OptionalLong.empty());
    }

    /**
     * {@return the flag of that name, or empty when absent or not a flag}
     *
     * @param name its name
     */
    public Optional<Boolean> flag(String name) {
        return get(name).filter(Setting.Flag.class::isInstance)
                .map(s -> ((Setting.Flag) s).on());
    }

    /**
     * {@return the word of that name, or empty when absent or not a word}
     *
     * @param name its name
     */
    public Optional<String> text(String name) {
        return get(name).filter(Setting.Text.class::isInstance)
                .map(s -> ((Setting.Text) s).text());
    }

    /**
     * {@return the time of that name, or empty when absent or not a time}
     *
     * @param name its name
     */
    public Optional<Duration> time(String name) {
        return get(name).filter(Setting.Time.class::isInstance)
                .map(s -> ((Setting.Time) s).time());
    }

    /** Collects settings in order, for the records of this package; each adder returns it. */
    static final class Builder {
        private final Map<String, Setting> byName = new LinkedHashMap<>();

        Builder size(String name, DataSize size) {
            return put(name, Optional.of(new Setting.Size(size)));
        }

        Builder size(String name, Optional<DataSize> size) {
            return put(name, size.map(Setting.Size::new));
        }

        Builder count(String name, long count) {
            return put(name, Optional.of(new Setting.Count(count)));
        }

        Builder count(String name, OptionalLong count) {
            return put(name, count.isPresent() ? Optional.of(new Setting.Count(count.getAsLong()))
                    : Optional.empty());
        }

        Builder flag(String name, boolean on) {
            return put(name, Optional.of(new Setting.Flag(on)));
        }

        Builder text(String name, String text) {
            return put(name, Optional.of(new Setting.Text(text)));
        }

        Builder text(String name, Optional<String> text) {
            return put(name, text.map(Setting.Text::new));
        }

        Builder time(String name, Duration time) {
            return put(name, Optional.of(new Setting.Time(time)));
        }

        Builder time(String name, Optional<Duration> time) {
            return put(name, time.map(Setting.Time::new));
        }

        /** Adds the setting when there is one (a setting not given is absent). */
        private Builder put(String name, Optional<? extends Setting> setting) {
            setting.ifPresent(v -> byName.put(name, v));
            return this;
        }

        Settings build() {
            return new Settings(byName);
        }
    }
}
