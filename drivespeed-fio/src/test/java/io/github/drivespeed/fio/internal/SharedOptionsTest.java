package io.github.drivespeed.fio.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.parameters.AccessPattern;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.unit.DataSize;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The rows both command lines share: each setting with a fio spelling has its setter, and its
 * conversion unless it is a whole number; a value read with the row's conversion and set with
 * its setter is what the plan holds.
 */
class SharedOptionsTest {

    private static final List<SharedOption<?>> WHOLE_NUMBERS = List.of(SharedOptions.IODEPTH,
            SharedOptions.THREADS, SharedOptions.RWMIXREAD);

    @Test
    void everyFioSpelledRowHasItsSetterAndEveryValueNotAWholeNumberItsConversion() {
        for (SharedOption<?> row : SharedOptions.fioSpelled()) {
            assertThat(row.workloadSetter()).as("%s's setter", row).isPresent();
            boolean converts = row.takesValue() && !WHOLE_NUMBERS.contains(row);
            assertThat(row.conversion().isPresent()).as("%s's conversion", row)
                    .isEqualTo(converts);
        }
    }

    @Test
    void aValueReadByItsRowAndSetByItsSetterIsWhatThePlanHolds() {
        WorkloadPlan p = DriveSpeed.workload(Path.of("."));
        p = set(p, SharedOptions.BLOCK_SIZE, "64K");
        p = set(p, SharedOptions.SIZE, "8M");
        p = set(p, SharedOptions.RW, "RandRW");
        p = SharedOptions.RWMIXREAD.setter().apply(p, 70);
        p = set(p, SharedOptions.IOENGINE, "libaio");
        p = set(p, SharedOptions.DURATION, "2");
        WorkloadParameters w = p.parameters();
        assertThat(w.blockSize()).isEqualTo(DataSize.ofKibibytes(64));
        assertThat(w.size()).isEqualTo(DataSize.ofMebibytes(8));
        assertThat(w.pattern()).isEqualTo(AccessPattern.RANDOM);
        assertThat(w.readPercent()).isEqualTo(70);
        assertThat(w.length().duration()).hasValue(Duration.ofSeconds(2));
        assertThat(p.ioEngine()).hasValue(IoEngine.LIBAIO);
        assertThat(SharedOptions.RAMP_TIME.convert("500ms")).isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void aMixWithoutAShareOfReadsIsHalfReads() {
        WorkloadPlan p = set(DriveSpeed.workload(Path.of(".")), SharedOptions.RW, "readwrite");
        assertThat(p.parameters().readPercent()).isEqualTo(ReadWriteMode.DEFAULT_READ_PERCENT);
        assertThat(p.parameters().pattern()).isEqualTo(AccessPattern.SEQUENTIAL);
    }

    @Test
    void aValueThatDoesNotReadIsRefusedWithTheReasonOrTheSettingNamed() {
        assertThatThrownBy(() -> SharedOptions.RW.convert("trim"))
                .hasMessage("expected read, write, rw, randread, randwrite or randrw");
        assertThatThrownBy(() -> SharedOptions.BLOCK_SIZE.convert("4X"))
                .isInstanceOf(InvalidSettingException.class)
                .satisfies(e -> assertThat(((InvalidSettingException) e).setting())
                        .isEqualTo("blockSize"));
        assertThatThrownBy(() -> SharedOptions.IOENGINE.convert("sync"))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("must be one of psync, libaio, io_uring, null");
        assertThatThrownBy(() -> SharedOptions.THREADS.convert("2"))
                .isInstanceOf(IllegalStateException.class);
    }

    private static <V> WorkloadPlan set(WorkloadPlan p, SharedOption<V> row, String text) {
        return row.setter().apply(p, row.convert(text));
    }
}
