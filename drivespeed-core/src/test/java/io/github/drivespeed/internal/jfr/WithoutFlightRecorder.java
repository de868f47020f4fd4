package io.github.drivespeed.internal.jfr;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.SpeedReport;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A measurement in a JVM started without {@code jdk.jfr} ({@code --limit-modules}): prints
 * whether the Flight Recorder was found and the bytes written, and exits 0; prints the failure
 * and exits 3 when the run failed, as it would if a class naming {@code jdk.jfr} were loaded.
 */
public final class WithoutFlightRecorder {

    private WithoutFlightRecorder() {
    }

    /**
     * The child's entry point.
     *
     * @param args the target directory
     */
    public static void main(String[] args) {
        try {
            SpeedReport report = DriveSpeed.on(Path.of(args[0])).blockSize("1M").count(4)
                    .runs(1).directOrBuffered().run();
            System.out.println("flight recorder " + FlightEvents.AVAILABLE + ", measured "
                    + report.write().totalBytes());
            System.exit(0);
        } catch (IOException | RuntimeException | LinkageError e) {
            System.out.println("failed: " + e);
            System.exit(3);
        }
    }
}
