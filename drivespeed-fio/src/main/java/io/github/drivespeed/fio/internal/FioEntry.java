package io.github.drivespeed.fio.internal;

import java.util.Objects;

/**
 * One option of a job, as written.
 *
 * @param key the option's name, as written ({@code bs}, {@code blocksize})
 * @param value its value, environment variables expanded; null for a bare flag
 *     ({@code time_based})
 * @param where where it was written, for messages: {@code job.fio:12} or {@code --bs=4k}
 */
public record FioEntry(String key, String value, String where) {

    /**
     * Checks that the key and place are given.
     *
     * @param key the option's name
     * @param value its value, or null
     * @param where where it was written
     */
    public FioEntry {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(where, "where");
    }

    /** {@return {@code key=value}, or the key of a bare flag} */
    public String written() {
        return value == null ? key : key + "=" + value;
    }

    /**
     * @param reason why the option is refused or its value invalid
     * @return {@code WHERE: fio option 'KEY': REASON}
     */
    IllegalArgumentException refusal(String reason) {
        return new FioRefusal(where + ": fio option '" + key + "': " + reason);
    }
}
