package io.github.drivespeed.internal.jfr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real runs recorded by the Flight Recorder and read back: each measured run of each pass an
 * {@code io.github.drivespeed.Pass} event with the report's figures, each warning a
 * {@code io.github.drivespeed.Warning} event, each report an {@code io.github.drivespeed.Run}.
 */
class FlightEventsTest {

    @TempDir
    Path dir;

    @Test
    void aSequentialRunIsRecordedPassByPassWithItsWarnings() throws IOException {
        SpeedReport report;
        List<RecordedEvent> events;
        try (Recording recording = drivespeedRecording()) {
            recording.start();
            report = DriveSpeed.on(dir).blockSize("1M").count(4).runs(2).zeros()
                    .directOrBuffered().run();
            events = stopAndRead(recording);
        }

        List<RecordedEvent> passes = named(events, PassEvent.NAME);
        List<Sample> samples = Stream.of(report.write(), report.read())
                .flatMap(p -> p.samples().stream()).toList();
        assertThat(passes).extracting(e -> e.getString("pass"), e -> e.getInt("run"),
                e -> e.getLong("bytes"), e -> e.getLong("elapsed"))
                .containsExactlyElementsOf(Stream.of(report.write(), report.read())
                        .flatMap(FlightEventsTest::figures).toList());
        assertThat(passes).allSatisfy(e -> {
            assertThat(e.getString("report")).isEqualTo("sequential");
            assertThat(e.getString("target")).isEqualTo(report.target().path().toString());
            assertThat(e.getString("backend")).isEqualTo(report.backend().name());
        });
        assertThat(passes.get(0).getDouble("throughput"))
                .isEqualTo(samples.get(0).throughput().bytesPerSecond());
        assertThat(passes.get(0).getDouble("megabytesPerSecond"))
                .isEqualTo(samples.get(0).throughput().megabytesPerSecond());
        assertThat(passes.get(0).getLong("ios")).isEqualTo(samples.get(0).ios());
        assertThat(passes.get(0).getString("warnings"))
                .contains(Warning.ZERO_FILLED_DATA.name());

        assertThat(report.warnings()).contains(Warning.ZERO_FILLED_DATA);
        assertThat(named(events, WarningEvent.NAME))
                .extracting(e -> e.getString("code"), e -> e.getString("message"))
                .containsExactlyElementsOf(report.warnings().stream()
                        .map(w -> tuple(w.name(), w.message())).toList());

        List<RecordedEvent> runs = named(events, RunEvent.NAME);
        assertThat(runs).singleElement().satisfies(run -> {
            assertThat(run.getString("report")).isEqualTo("sequential");
            assertThat(run.getInt("passes")).isEqualTo(2);
            assertThat(run.getLong("bytes"))
                    .isEqualTo(report.write().totalBytes() + report.read().totalBytes());
            assertThat(run.getString("verdict")).isEqualTo(report.verdict().outcome().name());
            assertThat(run.getDuration()).isPositive();
        });
    }

    @Test
    void aRandomWorkloadNamesItsPassAndCarriesItsLatencies() throws IOException {
        WorkloadReport report;
        List<RecordedEvent> events;
        try (Recording recording = drivespeedRecording()) {
            recording.start();
            report = DriveSpeed.workload(dir).random().read().blockSize("4K").size("1M")
                    .count(256).directOrBuffered().run();
            events = stopAndRead(recording);
        }

        Sample sample = report.read().orElseThrow().samples().get(0);
        assertThat(named(events, PassEvent.NAME)).singleElement().satisfies(e -> {
            assertThat(e.getString("report")).isEqualTo("workload");
            assertThat(e.getString("pass")).isEqualTo("random read");
            assertThat(e.getLong("bytes")).isEqualTo(sample.bytes());
            assertThat(e.getLong("ios")).isEqualTo(sample.ios()).isPositive();
            assertThat(e.getDouble("iops")).isEqualTo(sample.iops());
            assertThat(e.getLong("latencyMedian")).isEqualTo(sample.latency().medianNanos())
                    .isPositive();
            assertThat(e.getLong("latencyMax")).isEqualTo(sample.latency().maxNanos());
        });
    }

    @Test
    void aCapacityCheckIsARunWithoutPasses() throws IOException {
        CapacityCheckReport report;
        List<RecordedEvent> events;
        try (Recording recording = drivespeedRecording()) {
            recording.start();
            report = DriveSpeed.verifyCapacity(dir).size("4M").run();
            events = stopAndRead(recording);
        }

        assertThat(named(events, PassEvent.NAME)).isEmpty();
        assertThat(named(events, RunEvent.NAME)).singleElement().satisfies(run -> {
            assertThat(run.getString("report")).isEqualTo("capacity_check");
            assertThat(run.getString("target")).isEqualTo(report.target().path().toString());
            assertThat(run.getInt("passes")).isZero();
        });
        assertThat(named(events, WarningEvent.NAME)).hasSameSizeAs(report.warnings());
    }

    @Test
    void aRuntimeWithoutTheFlightRecorderMeasuresUnrecorded() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "--limit-modules", "java.se,jdk.unsupported",
                "-cp", System.getProperty("java.class.path"),
                WithoutFlightRecorder.class.getName(), dir.toString())
                .redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes(),
                StandardCharsets.UTF_8);
        assertThat(child.waitFor(2, TimeUnit.MINUTES)).as(output).isTrue();
        assertThat(child.exitValue()).as(output).isZero();
        assertThat(output).contains("flight recorder false, measured 4194304");
    }

    private static Stream<Tuple> figures(PassResult pass) {
        return pass.samples().stream().map(s -> tuple(pass.kind().toString(), s.run(), s.bytes(),
                s.elapsedNanos()));
    }

    private static Recording drivespeedRecording() {
        Recording recording = new Recording();
        for (String name : List.of(RunEvent.NAME, PassEvent.NAME, WarningEvent.NAME)) {
            recording.enable(name).withThreshold(Duration.ZERO);
        }
        return recording;
    }

    private List<RecordedEvent> stopAndRead(Recording recording) throws IOException {
        recording.stop();
        Path file = dir.resolve("run.jfr");
        recording.dump(file);
        List<RecordedEvent> events = new ArrayList<>(RecordingFile.readAllEvents(file));
        events.sort((a, b) -> a.getStartTime().compareTo(b.getStartTime()));
        return events;
    }

    private static List<RecordedEvent> named(List<RecordedEvent> events, String name) {
        return events.stream().filter(e -> e.getEventType().getName().equals(name)).toList();
    }
}
