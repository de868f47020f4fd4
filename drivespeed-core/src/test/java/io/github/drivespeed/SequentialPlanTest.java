package io.github.drivespeed;

import io.github.drivespeed.parameters.IoMode;
import io.github.drivespeed.error.InvalidSettingException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.DeviceParameters;
import io.github.drivespeed.parameters.Limits;
import io.github.drivespeed.parameters.SequentialParameters;
import io.github.drivespeed.parameters.RunLength;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.unit.DataSize;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class SequentialPlanTest {

    private final SequentialPlan base = DriveSpeed.on(Path.of("/nonexistent/never/touched"));

    @Test
    void defaultsAreTheCarefulMeasurement() {
        SequentialParameters p = base.parameters();
        assertThat(p.blockSize()).isEqualTo(DataSize.ofMebibytes(8));
        assertThat(p.count()).isEqualTo(32);
        assertThat(p.bytesPerPass()).isEqualTo(DataSize.ofMebibytes(256));
        assertThat(p.runs()).isEqualTo(3);
        assertThat(p.direct()).isTrue();
        assertThat(p.dsync()).isFalse();
        assertThat(p.dataPattern()).isEqualTo(DataPattern.RANDOM);
        assertThat(p.verify()).isTrue();
        assertThat(p.dropCaches()).isFalse();
        assertThat(p.bufferedFallback()).isFalse();
    }

    @Test
    void theReadSettingsAreInTheParametersTheReportRecords() {
        SequentialParameters p = base.noVerify().buffered().dropCaches().parameters();
        assertThat(p.verify()).isFalse();
        assertThat(p.dropCaches()).isTrue();
        assertThat(base.directOrBuffered().parameters().bufferedFallback()).isTrue();
        assertThat(base.directOrBuffered().direct().parameters().bufferedFallback()).isFalse();
        assertThat(p.withDirect(true)).isEqualTo(new SequentialParameters(p.blockSize(), p.count(),
                p.runs(), true, p.dsync(), p.dataPattern(), false, true, false, Optional.empty()));
    }

    @Test
    void eachFlagHasItsInverseSoAPlanBuiltOnAnotherCanBeSetBack() {
        SequentialPlan unchecked = base.noVerify().buffered().zeros();
        assertThat(unchecked.parameters().verify()).isFalse();
        SequentialParameters back = unchecked.verify().direct().randomData().parameters();
        assertThat(back).isEqualTo(base.parameters());
    }

    @Test
    void settersReturnNewPlansAndLeaveTheBaseAlone() {
        SequentialPlan small = base.blockSize("4K").count(10).runs(1).buffered().dsync().zeros();
        assertThat(small).isNotSameAs(base);
        assertThat(base.parameters().blockSize()).isEqualTo(DataSize.ofMebibytes(8));
        assertThat(base.parameters().direct()).isTrue();
        assertThat(small.parameters()).isEqualTo(new SequentialParameters(DataSize.ofKibibytes(4), 10, 1,
                false, true, DataPattern.ZEROS, true, false, false, Optional.empty()));
        assertThat(small.direct().randomData().parameters().direct()).isTrue();
        assertThat(small.parameters().direct()).isFalse();
    }

    @Test
    void badValuesAreRefusedAtTheCallNamingSettingAndValue() {
        assertThatThrownBy(() -> base.blockSize("-1"))
                .isInstanceOfSatisfying(InvalidSettingException.class, e -> {
                    assertThat(e.setting()).isEqualTo("blockSize");
                    assertThat(e.value()).hasValue("-1");
                    assertThat(e.reason()).startsWith("is not a data size: ");
                });
        assertThatThrownBy(() -> base.blockSize("0"))
                .hasMessage("blockSize is too small (must be a positive multiple of 512 bytes, one sector): 0 B");
        assertThatThrownBy(() -> base.blockSize("8 furlongs"))
                .hasMessageContaining("blockSize").hasMessageContaining("8 furlongs");
        assertThatThrownBy(() -> base.blockSize("1000"))
                .hasMessage("blockSize must be a multiple of 512 bytes (one sector): 1000 bytes");
        assertThatThrownBy(() -> base.count(0)).hasMessage("count is too small (must be >= 1): 0");
        assertThatThrownBy(() -> base.count(-3)).hasMessage("count is too small (must be >= 1): -3");
        assertThatThrownBy(() -> base.runs(0)).hasMessage("runs is too small (must be in [1, 1000]): 0");
        assertThatThrownBy(() -> base.runs(-1)).hasMessage("runs is too small (must be in [1, 1000]): -1");
        assertThatThrownBy(() -> base.runs(1001))
                .hasMessage("runs is too large (must be in [1, 1000]): 1001");
        assertThat(base.runs(Limits.MAX_RUNS).parameters().runs()).isEqualTo(1000);
    }

    @Test
    void passSizeOverflowIsRefusedWhicheverSetterCausesIt() {
        assertThatThrownBy(() -> base.count(Long.MAX_VALUE))
                .hasMessage("count is too large: times blockSize 8 MiB it exceeds "
                        + Long.MAX_VALUE + " bytes: " + Long.MAX_VALUE);
        SequentialPlan many = base.blockSize("512").count(Long.MAX_VALUE / 1024);
        assertThatThrownBy(() -> many.blockSize("1M"))
                .hasMessageStartingWith("count is too large: times blockSize 1 MiB it exceeds");
    }

    @Test
    void anEmptyPathIsRefusedRatherThanMeaningTheCurrentDirectory() {
        assertThatThrownBy(() -> DriveSpeed.on(Path.of("")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("directory must not be empty");
        assertThatThrownBy(() -> DriveSpeed.workload(Path.of("")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("directory must not be empty");
        assertThatThrownBy(() -> DriveSpeed.probe(Path.of("")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("directory must not be empty");
    }

    @Test
    void recordsHoldTheirOwnInvariantsWhoeverBuildsThem() {
        assertThatThrownBy(() -> new SequentialParameters(DataSize.ofBytes(1000), 1, 1, true,
                false, DataPattern.RANDOM, true, false, false, Optional.empty()))
                .hasMessage("blockSize must be a multiple of 512 bytes (one sector): 1000 bytes");
        assertThatThrownBy(() -> new SequentialParameters(DataSize.ofMebibytes(1), 0, 1, true,
                false, DataPattern.RANDOM, true, false, false, Optional.empty())).hasMessage("count is too small (must be >= 1): 0");
        assertThatThrownBy(() -> new SequentialParameters(DataSize.ofMebibytes(1), 1, 0, true,
                false, DataPattern.RANDOM, true, false, false, Optional.empty())).hasMessage("runs is too small (must be in [1, 1000]): 0");
        assertThatThrownBy(() -> new DeviceParameters(DataSize.ofMebibytes(1),
                OptionalLong.of(0), Optional.empty(), 1, true, false, false, true, false, Optional.empty()))
                .hasMessage("count is too small (must be >= 1): 0");
        WorkloadParameters w = DriveSpeed.workload(Path.of(".")).parameters();
        assertThatThrownBy(() -> new WorkloadParameters(w.pattern(), 101, w.blockSize(), w.size(), new RunLength(w.length().count(), w.length().duration(), w.length().rampTime(), Optional.empty()), w.threads(), w.queueDepth(), w.seed(),
                w.runs(), IoMode.DEFAULT.withDirect(w.direct(), false), w.recording(), true, 0, Optional.empty()))
                .hasMessage("readPercent is too large (must be in [0, 100]): 101");
        assertThatThrownBy(() -> new WorkloadParameters(w.pattern(), 100, w.blockSize(), w.size(), new RunLength(OptionalLong.of(5), w.length().duration(), w.length().rampTime(), Optional.empty()), w.threads(), w.queueDepth(),
                w.seed(), w.runs(), IoMode.DEFAULT.withDirect(w.direct(), false), w.recording(), true, 0, Optional.empty()))
                .isInstanceOfSatisfying(InvalidSettingException.class, e -> {
                    assertThat(e.setting()).isEqualTo("duration");
                    assertThat(e.settings()).containsExactly("count");
                })
                .hasMessage("duration excludes count 5: a workload is size-based or time-based,"
                        + " not both: PT5S");
    }

    @Test
    void parametersPrintWithUnits() {
        assertThat(base.parameters().toString())
                .isEqualTo("8 MiB x 32 (256 MiB per pass), 3 runs, O_DIRECT, fdatasync timed, random data");
    }
}
