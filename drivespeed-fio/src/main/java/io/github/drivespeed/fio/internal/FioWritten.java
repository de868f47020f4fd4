package io.github.drivespeed.fio.internal;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What an fio job file or fio command line wrote, for fio's JSON: its global options and each
 * measured job's own options as written (fio's {@code global options} and {@code job options}),
 * and the files its {@code create_only=1} jobs laid out without measuring. An immutable value.
 *
 * @param globalOptions the global sections' options, by fio's name, values as written; empty when
 *     none were given (fio then writes no {@code global options})
 * @param jobOptions per measured job, in the order of {@link Results#jobs()}, its own options
 * @param laidOut the {@code create_only=1} jobs, in the order written
 */
public record FioWritten(Map<String, String> globalOptions, List<Map<String, String>> jobOptions,
        List<LaidOut> laidOut) {

    /**
     * One {@code create_only=1} job: its file laid out with random data, nothing measured.
     *
     * @param name the job's name
     * @param group its reporting group (fio's {@code groupid})
     * @param options its own options as written
     * @param file the file laid out
     * @param bytes its size in bytes
     * @param startedAt when the layout started
     */
    public record LaidOut(String name, int group, Map<String, String> options, Path file,
            long bytes, Instant startedAt) {

        /**
         * Copies the options.
         *
         * @param name the job's name
         * @param group its group
         * @param options its options
         * @param file the file
         * @param bytes its size in bytes
         * @param startedAt when the layout started
         */
        public LaidOut {
            Objects.requireNonNull(name, "name");
            options = copy(options);
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(startedAt, "startedAt");
        }
    }

    /**
     * Copies the maps and lists, keeping their order.
     *
     * @param globalOptions the global options
     * @param jobOptions the jobs' own options
     * @param laidOut the create_only jobs
     */
    public FioWritten {
        globalOptions = copy(globalOptions);
        jobOptions = jobOptions.stream().map(FioWritten::copy).toList();
        laidOut = List.copyOf(laidOut);
    }

    private static Map<String, String> copy(Map<String, String> m) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(m));
    }
}
