/**
 * drivespeed's core: the public API (entry point and plans, reports, target description,
 * warnings, parameters, requirements, units, errors), the measurement engine and the pure-Java
 * I/O backend. Exports the public packages and the service-provider interface; the engine, the
 * target probe and the pure-Java backend ({@code io.github.drivespeed.internal.*}) stay inside.
 * An {@link io.github.drivespeed.spi.IoBackend} on the module path (drivespeed-native provides
 * one) is found with {@link java.util.ServiceLoader}.
 *
 * <p>Requires no module whose name is made up from a jar's file name: the latency histogram
 * (HdrHistogram) is relocated into the module's own jar, under
 * {@code io.github.drivespeed.internal.hdrhistogram}, and no type of it is in the API.
 *
 * <p>Requires {@code jdk.jfr} only statically: where the runtime has it, every run is recorded
 * as JDK Flight Recorder events ({@code io.github.drivespeed.Run}, {@code .Pass},
 * {@code .Warning}); where it has not, runs go on unrecorded.
 */
module io.github.drivespeed {
    requires org.slf4j;
    requires java.management;
    requires jdk.unsupported;
    requires static jdk.jfr;

    exports io.github.drivespeed;
    exports io.github.drivespeed.error;
    exports io.github.drivespeed.parameters;
    exports io.github.drivespeed.progress;
    exports io.github.drivespeed.report;
    exports io.github.drivespeed.report.engine;
    exports io.github.drivespeed.report.medium;
    exports io.github.drivespeed.report.view;
    exports io.github.drivespeed.requirement;
    exports io.github.drivespeed.spi;
    exports io.github.drivespeed.target;
    exports io.github.drivespeed.unit;
    exports io.github.drivespeed.warning;

    uses io.github.drivespeed.spi.IoBackend;
}
