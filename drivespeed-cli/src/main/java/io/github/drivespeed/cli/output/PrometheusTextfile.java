package io.github.drivespeed.cli.output;

import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.micrometer.DriveSpeedMeterBinder;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;

/**
 * The {@code --prometheus} file: the results as drivespeed-micrometer's meters
 * ({@link DriveSpeedMeterBinder#ofReports}) in the Prometheus text exposition format (version
 * 0.0.4), written by Micrometer's own Prometheus registry, so that the names, units, types,
 * help and labels are those a Spring application's {@code /actuator/prometheus} scrape has.
 * node_exporter's textfile collector reads it: it reads only files whose names end in
 * {@code .prom}, and the file is replaced by a rename ({@link OutputFile}), never seen half
 * written. Micrometer's classes are loaded only when the file is written.
 */
final class PrometheusTextfile {

    private static final String OPTION = "--prometheus";
    private static final String SUFFIX = ".prom";

    private PrometheusTextfile() {
    }

    /**
     * Checks the file named: its name ends in {@code .prom}, and it can be written as
     * {@link OutputFile#check} says; an existing file is replaced.
     *
     * @param name the path as given
     * @return the checked file
     * @throws IllegalArgumentException naming the option and the path when it cannot be used
     */
    static OutputFile check(String name) {
        if (!name.toLowerCase(Locale.ROOT).endsWith(SUFFIX)) {
            throw new IllegalArgumentException("invalid value for option '" + OPTION + "': '"
                    + name + "': node_exporter's textfile collector reads only files whose"
                    + " names end in " + SUFFIX + "; give such a name");
        }
        return OutputFile.check(OPTION, name, true);
    }

    /**
     * Writes the results' meters in the Prometheus text format.
     *
     * @param results what was measured; at least one job
     * @param out where to write
     * @throws IOException if writing fails
     */
    static void write(Results results, OutputStream out) throws IOException {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        try {
            DriveSpeedMeterBinder.ofReports(results.jobs().stream().map(Results.Job::report)
                    .toList()).bindTo(registry);
            registry.scrape(out);
        } finally {
            registry.close();
        }
    }
}
