package io.github.drivespeed.internal.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.parameters.IoLogging;
import io.github.drivespeed.report.FioLatencyBins;
import io.github.drivespeed.report.IoLog;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.WorkloadReport;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link WorkloadPlan#ioLogging}: opt-in records of a run's I/Os for log files, from the same
 * completions as the run's sample.
 */
class IoLoggingTest {

    @TempDir
    Path dir;

    private WorkloadPlan mix() {
        return DriveSpeed.workload(dir).size("4M").blockSize("4K").random().readPercent(50)
                .threads(2).count(2000).seed(11);
    }

    private static List<Sample> samples(WorkloadReport r) {
        return Stream.of(r.read(), r.write()).map(p -> p.orElseThrow().samples().get(0))
                .toList();
    }

    @Test
    void aPlanWithoutLogsRecordsNone() throws IOException {
        assertThat(samples(mix().run())).allSatisfy(s -> assertThat(s.ioLog()).isEmpty());
    }

    @Test
    void perIoLogsHoldEveryIoOfTheSampleInCompletionOrder() throws IOException {
        WorkloadReport r = mix().ioLogging(new IoLogging(Duration.ZERO, Duration.ZERO)).run();
        for (Sample s : samples(r)) {
            IoLog log = s.ioLog().orElseThrow();
            assertThat(log.entries()).isEqualTo(s.ios());
            long sum = 0;
            long bytes = 0;
            for (int i = 0; i < log.entries(); i++) {
                if (i > 0) {
                    assertThat(log.completedNanos(i)).isGreaterThanOrEqualTo(
                            log.completedNanos(i - 1));
                }
                assertThat(log.offsetBytes(i) % 4096).isZero();
                assertThat(log.offsetBytes(i)).isLessThan(4L << 20);
                sum += log.latencyNanos(i);
                bytes += log.bytes(i);
            }
            assertThat(bytes).isEqualTo(s.bytes());
            assertThat((double) sum / log.entries()).isCloseTo(s.latency().meanNanos(),
                    within(1e-6 * s.latency().meanNanos()));
            assertThat(log.completedNanos(log.entries() - 1)).isLessThanOrEqualTo(
                    s.elapsedNanos());
        }
    }

    @Test
    void windowedLogsSumToTheSampleAndCountClatsInFiosBins() throws IOException {
        WorkloadReport r = mix().ioLogging(new IoLogging(Duration.ofMillis(2),
                Duration.ofMillis(1))).run();
        for (Sample s : samples(r)) {
            IoLog log = s.ioLog().orElseThrow();
            assertThat(log.entries()).isZero();
            assertThat(log.windows()).isEqualTo((int) ((s.elapsedNanos() + 1_999_999)
                    / 2_000_000));
            long ios = 0;
            long bytes = 0;
            long lat = 0;
            long max = 0;
            for (int w = 0; w < log.windows(); w++) {
                max = Math.max(max, log.windowLatencyMaxNanos(w));
                ios += log.windowIos(w);
                bytes += log.windowBytes(w);
                lat += log.windowLatencySumNanos(w);
            }
            assertThat(ios).isEqualTo(s.ios());
            assertThat(max).isEqualTo(s.latency().maxNanos());
            assertThat(bytes).isEqualTo(s.bytes());
            assertThat((double) lat / ios).isCloseTo(s.latency().meanNanos(),
                    within(1e-6 * s.latency().meanNanos()));
            long counted = 0;
            for (int w = 0; w < log.histogramWindows(); w++) {
                for (int b = 0; b < FioLatencyBins.PLAT_NR; b++) {
                    counted += log.histogramCount(w, b);
                }
            }
            assertThat(counted).as("every completion in a histogram window").isEqualTo(ios);
        }
    }
}
