package io.github.drivespeed.parameters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.unit.DataSize;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Each record's defaults, withers and settings by name, on real values. */
class ParametersSettingsTest {

    @Test
    void sequentialDefaultsWithersAndSettings() {
        SequentialParameters d = SequentialParameters.defaults();
        assertThat(d).isEqualTo(new SequentialParameters(DataSize.ofMebibytes(8), 32, 3, true,
                false, DataPattern.RANDOM, true, false, false, Optional.empty()));
        SequentialParameters p = d.withBlockSize(DataSize.ofMebibytes(1)).withCount(16)
                .withRuns(2).withDirect(false).withBufferedFallback(true).withDsync(true)
                .withDataPattern(DataPattern.ZEROS).withVerify(false).withDropCaches(true)
                .withCachedRead(Optional.of(Duration.ofMillis(1500)));
        assertThat(p).isEqualTo(new SequentialParameters(DataSize.ofMebibytes(1), 16, 2, false,
                true, DataPattern.ZEROS, false, true, true, Optional.of(Duration.ofMillis(1500))));
        assertThat(d.settings().byName().keySet()).containsExactly("bs", "count", "size", "runs",
                "direct", "dsync", "data", "verify", "drop_caches", "buffered_fallback");
        Settings s = p.settings();
        assertThat(s.size("size")).contains(DataSize.ofMebibytes(16));
        assertThat(s.count("count")).hasValue(16);
        assertThat(s.text("data")).contains("zeros");
        assertThat(s.flag("buffered_fallback")).contains(true);
        assertThat(s.time("cached_read")).contains(Duration.ofMillis(1500));
        assertThatThrownBy(() -> d.withCachedRead(Optional.of(Duration.ZERO)))
                .hasMessage("cachedRead is too short (must be in [1 ms, 24 h]): 0");
        assertThatThrownBy(() -> d.withCount(0)).hasMessage("count is too small (must be >= 1): 0");
    }

    @Test
    void workloadDefaultsWithersAndSettings() {
        WorkloadParameters d = WorkloadParameters.defaults();
        assertThat(d.pattern()).isEqualTo(AccessPattern.RANDOM);
        assertThat(d.readPercent()).isEqualTo(100);
        assertThat(d.blockSize()).isEqualTo(WorkloadParameters.DEFAULT_BLOCK_SIZE);
        assertThat(d.length().duration()).contains(Duration.ofSeconds(5));
        assertThat(d.io()).isEqualTo(IoMode.DEFAULT);
        assertThat(d.direct()).isTrue();
        assertThat(d.existingFile()).isEmpty();
        assertThat(d.settings().byName().keySet()).containsExactly("rw", "rwmixread", "bs",
                "size", "runtime", "ramp_time", "numjobs", "iodepth", "randseed", "norandommap",
                "fdatasync", "runs", "direct", "log_avg", "buffered_fallback", "sqthread_poll");

        WorkloadParameters p = d.withPattern(AccessPattern.SEQUENTIAL).withReadPercent(70)
                .withBlockSize(DataSize.ofKibibytes(64)).withSize(DataSize.ofMebibytes(256))
                .withLength(d.length().withCount(4096).withRampTime(Duration.ofSeconds(1))
                        .withTimeLimit(Duration.ofSeconds(30)))
                .withThreads(2).withQueueDepth(16).withSeed(7).withRuns(3)
                .withIo(IoMode.DEFAULT.withDirect(true, true).withIoEngine(IoEngine.IO_URING)
                        .withSqThreadPoll(true))
                .withTimelineInterval(Duration.ofMillis(100)).withRandomMap(false)
                .withSyncEveryWrites(8).withIoLogging(Optional.of(new IoLogging(Duration.ZERO, Duration.ZERO)))
                .withExistingFile(Optional.of(Path.of("/data/file")));
        assertThat(p.fioRw()).isEqualTo("rw");
        assertThat(p.iosPerRun()).isEqualTo(4096);
        assertThat(p.length().timeLimit()).contains(Duration.ofSeconds(30));
        assertThat(p.withDirect(false).io()).isEqualTo(new IoMode(false, true,
                Optional.of(IoEngine.IO_URING), true));
        Settings s = p.settings();
        assertThat(s.text("rw")).contains("rw");
        assertThat(s.count("count")).hasValue(4096);
        assertThat(s.get("runtime")).isEmpty();
        assertThat(s.time("time_limit")).contains(Duration.ofSeconds(30));
        assertThat(s.text("ioengine")).contains("io_uring");
        assertThat(s.flag("norandommap")).contains(true);
        assertThat(s.count("fdatasync")).hasValue(8);
        assertThat(s.flag("buffered_fallback")).contains(true);
        assertThat(s.flag("sqthread_poll")).contains(true);
        assertThat(s.text("existing_file")).contains("/data/file");
        assertThat(s.time("log_avg")).contains(Duration.ofMillis(100));

        assertThat(p.length().withDuration(Duration.ofSeconds(2)))
                .isEqualTo(new RunLength(OptionalLong.empty(), Optional.of(Duration.ofSeconds(2)),
                        Duration.ofSeconds(1), Optional.empty()));
        assertThat(p.length().withDefaultCount().count()).isEmpty();
        assertThatThrownBy(() -> d.withThreads(0))
                .hasMessage("threads is too small (must be in [1, " + Limits.MAX_THREADS + "]): 0");
        assertThatThrownBy(() -> d.length().withTimeLimit(Duration.ofSeconds(1)))
                .hasMessageStartingWith("timeLimit");
    }

    @Test
    void deviceDefaultsWithersAndSettings() {
        DeviceParameters d = DeviceParameters.defaults();
        assertThat(d).isEqualTo(new DeviceParameters(DataSize.ofMebibytes(8), OptionalLong.empty(),
                Optional.of(Duration.ofSeconds(3)), 3, true, false, false, true, false,
                Optional.empty()));
        DeviceParameters p = d.withCount(128).withRuns(1).withDirect(false).withWrite(true)
                .withForce(true).withVerify(false).withDropCaches(true)
                .withCachedRead(Optional.of(Duration.ofSeconds(2)));
        assertThat(p.count()).hasValue(128);
        assertThat(p.duration()).isEmpty();
        assertThat(p.withDuration(Duration.ofSeconds(1)).count()).isEmpty();
        assertThat(p.settings().byName().keySet()).containsExactly("bs", "count", "runs",
                "direct", "write", "force", "verify", "drop_caches", "cached_read");
        assertThat(p.settings().time("cached_read")).contains(Duration.ofSeconds(2));
        assertThat(d.settings().time("runtime")).contains(Duration.ofSeconds(3));
    }

    @Test
    void sustainedCapacityAndProbeDefaultsWithersAndSettings() {
        SustainedParameters s = SustainedParameters.defaults();
        assertThat(s).isEqualTo(new SustainedParameters(DataSize.ofMebibytes(1), Optional.empty(),
                Duration.ofSeconds(120), Duration.ofSeconds(10), Duration.ZERO, true));
        SustainedParameters t = s.withBlockSize(DataSize.ofMebibytes(4))
                .withSize(DataSize.ofGibibytes(2)).withDuration(Duration.ofSeconds(60))
                .withSteadyFor(Duration.ofSeconds(5)).withIdleFirst(Duration.ofSeconds(30))
                .withDirect(false);
        assertThat(t.settings().byName().keySet()).containsExactly("bs", "size", "runtime",
                "steady_for", "idle_before", "direct");
        assertThat(t.settings().time("idle_before")).contains(Duration.ofSeconds(30));
        assertThat(s.settings().get("size")).isEmpty();

        CapacityParameters c = CapacityParameters.defaults();
        assertThat(c).isEqualTo(new CapacityParameters(Optional.empty(), Optional.empty(), true));
        CapacityParameters c2 = c.withSize(DataSize.ofGibibytes(1))
                .withDuration(Duration.ofMinutes(10)).withDirect(false);
        assertThat(c2.settings().byName().keySet()).containsExactly("size", "runtime", "direct");
        assertThat(c2.settings().flag("direct")).contains(false);
        assertThat(c.settings().byName().keySet()).containsExactly("direct");

        CapacityProbeParameters probe = CapacityProbeParameters.defaults();
        assertThat(probe).isEqualTo(new CapacityProbeParameters(false, DataSize.ofMebibytes(256)));
        assertThat(probe.withForce(true).withCacheBound(DataSize.ofMebibytes(64)).settings().size(
                "cache_bound")).contains(DataSize.ofMebibytes(64));
        assertThatThrownBy(() -> probe.withCacheBound(DataSize.ofBytes(0)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void settingsKeepTheirOrderAndRefuseNulls() {
        Map<String, Setting> byName = new LinkedHashMap<>();
        byName.put("z", new Setting.Count(1));
        byName.put("a", new Setting.Flag(false));
        assertThat(new Settings(byName).byName().keySet()).containsExactly("z", "a");

        byName.put("n", null);
        assertThatThrownBy(() -> new Settings(byName)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("n");
    }
}
