package io.github.drivespeed.parameters;

import io.github.drivespeed.unit.DataSize;
import java.time.Duration;
import java.util.Objects;

/**
 * One setting that shaped a run, as {@link Settings} holds it by name: a value with its unit in
 * its type. Immutable.
 *
 * @since 0.1.0
 */
public sealed interface Setting {

    /**
     * A size in bytes: a block size, a size to write.
     *
     * @param size the size
     *
     * @since 0.1.0
     */
    record Size(DataSize size) implements Setting {
        /**
         * Checks that it is there.
         *
         * @param size the size
         * @throws NullPointerException if it is null
         */
        public Size {
            Objects.requireNonNull(size, "size");
        }
    }

    /**
     * A number without a unit: blocks, runs, threads, I/Os in flight, a percentage.
     *
     * @param count the number
     *
     * @since 0.1.0
     */
    record Count(long count) implements Setting { }

    /**
     * A setting that is on or off: O_DIRECT, a write test.
     *
     * @param on whether it is on
     *
     * @since 0.1.0
     */
    record Flag(boolean on) implements Setting { }

    /**
     * A setting named by a word: fio's {@code rw}, an I/O engine, a data pattern.
     *
     * @param text the word, as the outputs print it
     *
     * @since 0.1.0
     */
    record Text(String text) implements Setting {
        /**
         * Checks that it is there.
         *
         * @param text the word
         * @throws NullPointerException if it is null
         */
        public Text {
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * A time: a duration bound, an idle time, an interval.
     *
     * @param time the time, to the nanosecond
     *
     * @since 0.1.0
     */
    record Time(Duration time) implements Setting {
        /**
         * Checks that it is there.
         *
         * @param time the time
         * @throws NullPointerException if it is null
         */
        public Time {
            Objects.requireNonNull(time, "time");
        }
    }
}
