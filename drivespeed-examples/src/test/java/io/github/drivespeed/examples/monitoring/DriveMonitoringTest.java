package io.github.drivespeed.examples.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.testing.TestFiles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The example measures a real temporary directory once and prints health and meters. */
class DriveMonitoringTest {

    @TempDir
    Path dir;

    private String run(String... args) throws InterruptedException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        int code = DriveMonitoring.run(args, new PrintStream(buffer, true, StandardCharsets.UTF_8));
        String out = buffer.toString(StandardCharsets.UTF_8);
        assertThat(code).as(out).isBetween(0, 1);
        return out;
    }

    @Test
    void itPrintsTheHealthAndTheFiguresOfOneMeasurement() throws Exception {
        String out = run(dir.toString(), "write=1kB/s");
        // UNKNOWN only for a figure flagged as not the drive's (another measurement or writer on
        // a shared disk: CONCURRENT_MEASUREMENT, FOREIGN_IO)
        assertThat(out).containsPattern("health: (UP|DOWN|UNKNOWN) \\{path=" + dir)
                .contains("drivespeed_measurements_total{")
                .containsPattern("drivespeed_sequential_write_rate_bytes_per_second\\{device=\"[^\"]+\","
                        + "fs_type=\"[^\"]+\",path=\"" + dir + "\"} ");
        if (out.startsWith("health: UNKNOWN ")) {
            assertThat(out).contains("outcome=flagged").containsPattern(
                    "drivespeed_measurements_total\\{[^}]*outcome=\"flagged\"[^}]*} 1\\.0");
        }
        if (out.matches("(?s).*drivespeed_measurements_total\\{[^}]*outcome=\"success\"[^}]*} 1\\.0.*")) {
            // the drive's own figures: UP, and a rate rather than NaN
            assertThat(out).startsWith("health: UP ").containsPattern(
                    "write_rate_bytes_per_second\\{[^}]*} \\d\\.\\d+E\\d+");
        }
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void anAbsentDirectoryIsDown() throws Exception {
        Path absent = dir.resolve("absent");
        String out = run(absent.toString(), "write=1kB/s");
        assertThat(out).startsWith("health: DOWN ").contains("exists=false")
                .containsPattern("drivespeed_measurements_total\\{[^}]*outcome=\"failure\"[^}]*} 1\\.0");
        assertThat(absent).doesNotExist();
    }
}
