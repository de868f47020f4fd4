package io.github.drivespeed.target;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The sizes in the target line keep their significant digits on small file systems. */
class TargetInfoSizeTextTest {

    @Test
    void sizesBelowAGigabyteAreInMegabytesOrKilobytes() {
        assertThat(TargetInfo.decimal(270_600_000_000L)).isEqualTo("270.6 GB");
        assertThat(TargetInfo.decimal(1_000_000_000L)).isEqualTo("1.0 GB");
        assertThat(TargetInfo.decimal(16L << 20)).isEqualTo("16.8 MB");
        assertThat(TargetInfo.decimal(999_999_999L)).isEqualTo("1000.0 MB");
        assertThat(TargetInfo.decimal(4096)).isEqualTo("4.1 kB");
        assertThat(TargetInfo.decimal(512)).isEqualTo("512 B");
        assertThat(TargetInfo.decimal(0)).isEqualTo("0 B");
    }
}
