package io.github.drivespeed.internal.jfr;

import io.github.drivespeed.report.Report;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Records a plan's run as Flight Recorder events, where the runtime has {@code jdk.jfr}: a
 * {@code Run} event over the run's real time, then, once the report is made, a {@code Pass} event
 * per measured run of each pass and a {@code Warning} event per warning of the report. Nothing
 * is emitted per I/O: the cost while no recording is on is one disabled event per run. Without
 * {@code jdk.jfr} (see {@link #AVAILABLE}) the run is only run.
 */
public final class FlightEvents {

    /**
     * A plan's run, as its measurement does it.
     *
     * @param <R> what it returns: a report, or a group's reports
     */
    @FunctionalInterface
    public interface Measured<R> {
        /**
         * Runs the measurement.
         *
         * @return its result
         * @throws IOException as the plan's {@code run()} says
         */
        R run() throws IOException;
    }

    /**
     * Whether {@code jdk.jfr} is in the boot layer and this module reads it: the module requires
     * it statically, so a runtime without it (or a module graph that did not resolve it) must
     * never load a class that names it.
     */
    static final boolean AVAILABLE = flightRecorderReadable();

    private FlightEvents() {
    }

    /**
     * Runs one measurement and records it.
     *
     * @param <R> the report's kind
     * @param measured the plan's run
     * @return the report
     * @throws IOException as the run throws it; then only the attempt is unrecorded
     */
    public static <R extends Report> R recorded(Measured<R> measured) throws IOException {
        return recordedAll(1, () -> List.of(measured.run())).get(0);
    }

    /**
     * Runs measurements that run together (a workload group) and records each report.
     *
     * @param <R> the reports' kind
     * @param count how many reports the run makes
     * @param measured the plan's run
     * @return the reports, as the run returned them
     * @throws IOException as the run throws it
     */
    public static <R extends Report> List<R> recordedAll(int count,
            Measured<List<R>> measured) throws IOException {
        if (!AVAILABLE) {
            return measured.run();
        }
        RunSpan span = RunSpan.begin(count);
        List<R> reports = measured.run();
        span.end(reports);
        return reports;
    }

    private static boolean flightRecorderReadable() {
        Optional<Module> jfr = ModuleLayer.boot().findModule("jdk.jfr");
        return jfr.isPresent() && FlightEvents.class.getModule().canRead(jfr.get());
    }
}
