package io.github.drivespeed.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.report.medium.DataLossKind;
import io.github.drivespeed.report.medium.FirstLoss;
import io.github.drivespeed.report.medium.Verification;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class CapacityCheckPartsTest {

    private static final long MIB = 1L << 20;

    @Test
    void fillChecksItsFiguresAndGivesTheWriteRate() {
        CapacityCheckReport.Fill fill = new CapacityCheckReport.Fill(64 * MIB, 32 * MIB, 2, true,
                1_000_000_000L, CapacityCheckReport.Stop.SIZE);
        assertThat(fill.rate().bytesPerSecond()).isEqualTo(64.0 * MIB);
        assertThatThrownBy(() -> new CapacityCheckReport.Fill(-1, 32 * MIB, 2, true, 1,
                CapacityCheckReport.Stop.SIZE)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("figures must not be negative");
        assertThatThrownBy(() -> new CapacityCheckReport.Fill(64 * MIB, 0, 2, true, 1,
                CapacityCheckReport.Stop.SIZE)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("figures must not be negative");
        assertThatThrownBy(() -> new CapacityCheckReport.Fill(64 * MIB, 32 * MIB, 2, true, 1,
                null)).isInstanceOf(NullPointerException.class).hasMessage("stop");
    }

    @Test
    void readBackTakesCloseFailuresOnlyWithALoss() {
        Verification lost = new Verification(64 * MIB, 32 * MIB, Optional.of(new FirstLoss(
                32 * MIB, DataLossKind.ZEROS, OptionalLong.empty())),
                Map.of(DataLossKind.ZEROS, 32 * MIB));
        CapacityCheckReport.ReadBack readBack = new CapacityCheckReport.ReadBack(lost,
                500_000_000L, CacheHandling.DIRECT_IO, 2);
        assertThat(readBack.rate().bytesPerSecond()).isEqualTo(128.0 * MIB);
        assertThatThrownBy(() -> new CapacityCheckReport.ReadBack(Verification.NONE, 1,
                CacheHandling.DIRECT_IO, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("closeFailuresAfterLoss goes with a loss, and is at least 0: 1");
        assertThatThrownBy(() -> new CapacityCheckReport.ReadBack(lost, -1,
                CacheHandling.DIRECT_IO, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("figures must not be negative");
        assertThatThrownBy(() -> new CapacityCheckReport.ReadBack(lost, 1, null, 0))
                .isInstanceOf(NullPointerException.class).hasMessage("readHandling");
    }
}
