package io.github.drivespeed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.parameters.DeviceParameters;
import io.github.drivespeed.unit.DataSize;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The device-test plan: defaults, validation at the setter, immutability. */
class DevicePlanTest {

    private static final Path SDX = Path.of("/dev/sdx");

    @Test
    void defaultsAreHdparmsReadForThreeSecondsWithODirectAndReadOnly() {
        DevicePlan t = DriveSpeed.onDevice(SDX);
        assertThat(t.target()).isEqualTo(SDX);
        assertThat(t.parameters()).isEqualTo(new DeviceParameters(DataSize.ofMebibytes(8),
                OptionalLong.empty(), Optional.of(Duration.ofSeconds(3)), 3, true, false, false, true, false, Optional.empty()));
        assertThat(t.parameters().timeBased()).isTrue();
        assertThat(t.parameters().toString())
                .isEqualTo("8 MiB blocks, 3.000 s per run, 3 runs, O_DIRECT, read-only");
    }

    @Test
    void theReadSettingsAreInTheParametersTheReportRecords() {
        DevicePlan t = DriveSpeed.onDevice(SDX);
        assertThat(t.parameters().verify()).isTrue();
        assertThat(t.parameters().dropCaches()).isFalse();
        DeviceParameters p = t.noVerify().buffered().dropCaches().parameters();
        assertThat(p.verify()).isFalse();
        assertThat(p.dropCaches()).isTrue();
        assertThat(p.withBlockSize(DataSize.ofMebibytes(1)).blockSize())
                .isEqualTo(DataSize.ofMebibytes(1));
        assertThat(p.withBlockSize(DataSize.ofMebibytes(1)).verify()).isFalse();
    }

    @Test
    void writeOptInsWithoutAWriteAndDropCachesWithODirectAreRefusedBeforeTheDeviceIsOpened() {
        // /dev/sdx does not exist here: these are refused before anything looks at it
        assertThatThrownBy(() -> DriveSpeed.onDevice(SDX).allowWritesTo(SDX).run())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("allowWritesTo applies to a write test: add write, or leave it out"
                        + " for a read-only test: /dev/sdx");
        assertThatThrownBy(() -> DriveSpeed.onDevice(SDX).force().run())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("force applies to a write test: add write, or leave it out for a"
                        + " read-only test");
        assertThatThrownBy(() -> DriveSpeed.onDevice(SDX).dropCaches().run())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("dropCaches applies to buffered reads; O_DIRECT reads bypass the"
                        + " page cache: add buffered");
    }

    @Test
    void writeAndNoVerifyHaveTheirInversesReadAndVerify() {
        DevicePlan base = DriveSpeed.onDevice(SDX);
        DevicePlan written = base.write().noVerify();
        assertThat(written.parameters().write()).isTrue();
        assertThat(written.parameters().verify()).isFalse();
        assertThat(written.read().verify().parameters()).isEqualTo(base.parameters());
    }

    @Test
    void eachSetterReturnsANewPlanAndCountAndDurationReplaceEachOther() {
        DevicePlan base = DriveSpeed.onDevice(SDX);
        DevicePlan counted = base.blockSize("1M").count(128).runs(1).buffered();
        assertThat(base.parameters().blockSize()).isEqualTo(DataSize.ofMebibytes(8));
        assertThat(counted.parameters().count()).hasValue(128);
        assertThat(counted.parameters().duration()).isEmpty();
        assertThat(counted.parameters().toString())
                .isEqualTo("1 MiB x 128 (128 MiB per run), 1 run, buffered, read-only");
        DevicePlan timed = counted.duration(Duration.ofMillis(500));
        assertThat(timed.parameters().count()).isEmpty();
        assertThat(timed.parameters().duration()).contains(Duration.ofMillis(500));
        assertThat(counted.direct().parameters().direct()).isTrue();
        assertThat(counted.write().force().parameters().toString())
                .endsWith("buffered, write then read (forced)");
        assertThat(base.allowWritesTo(SDX).toString()).contains("writes allowed to /dev/sdx");
    }

    @Test
    void badValuesAreRefusedAtTheCallNamingSettingAndValue() {
        DevicePlan t = DriveSpeed.onDevice(SDX);
        assertThatThrownBy(() -> t.blockSize("0")).hasMessage("blockSize is too small (must be a positive multiple of 512 bytes, one sector): 0 B");
        assertThatThrownBy(() -> t.blockSize("1000"))
                .hasMessage("blockSize must be a multiple of 512 bytes (one sector): 1000 bytes");
        // the text once, after the rule
        assertThatThrownBy(() -> t.blockSize("8mb")).hasMessageStartingWith(
                "blockSize is not a data size: unknown unit 'mb' (").hasMessageEndingWith("): 8mb");
        assertThatThrownBy(() -> t.count(0)).hasMessage("count is too small (must be >= 1): 0");
        assertThatThrownBy(() -> t.count(Long.MAX_VALUE)).hasMessageStartingWith(
                "count is too large: times blockSize 8 MiB");
        assertThatThrownBy(() -> t.runs(0)).hasMessage("runs is too small (must be in [1, 1000]): 0");
        assertThatThrownBy(() -> t.runs(100_000_000))
                .hasMessage("runs is too large (must be in [1, 1000]): 100000000");
        assertThatThrownBy(() -> t.duration(Duration.ZERO))
                .hasMessage("duration is too short (must be in [1 ms, 24 h]): 0");
        assertThatThrownBy(() -> t.cachedRead(Duration.ofNanos(5)))
                .hasMessage("cachedRead is too short (must be in [1 ms, 24 h]): 5 ns");
        assertThatThrownBy(() -> DriveSpeed.onDevice(Path.of("")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DeviceParameters(DataSize.ofMebibytes(1),
                OptionalLong.of(1), Optional.of(Duration.ofSeconds(1)), 1, true, false, false, true, false, Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
