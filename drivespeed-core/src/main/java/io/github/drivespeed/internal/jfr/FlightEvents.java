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
 *
 * <p>In a JVM where the Flight Recorder was never started (no {@code -XX:StartFlightRecording},
 * no {@code jcmd JFR.start}, no {@code Recording} made) no event class is loaded: the first event
 * class loaded makes the JDK set up the recorder's metadata, which costs a short command
 * (the {@code drivespeed} command line, started once per measurement) about a tenth of its time.
 * A recorder started while a run is on records the run's {@code Pass} and {@code Warning}
 * events but not its {@code Run} event, whose start it did not see.
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
        RunSpan span = RecorderState.started() ? RunSpan.begin(count) : null;
        List<R> reports = measured.run();
        if (span != null) {
            span.end(reports);
        } else if (RecorderState.started()) {
            RunSpan.unbegun().end(reports);
        }
        return reports;
    }

    private static boolean flightRecorderReadable() {
        Optional<Module> jfr = ModuleLayer.boot().findModule("jdk.jfr");
        return jfr.isPresent() && FlightEvents.class.getModule().canRead(jfr.get());
    }
}
