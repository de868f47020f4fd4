package io.github.drivespeed.internal.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.unit.DataSize;
import org.junit.jupiter.api.Test;

/**
 * The free space a sustained write leaves scales with the file system: 5 % of its size in whole
 * MiB, rounded up, at least 16 MiB and at most 1 GiB (docs/genuine-media.md).
 */
class SustainedMarginTest {

    private static final long MIB = DataSize.MEBIBYTE;

    @Test
    void aSmallCardKeepsFivePercentAndALargeDriveOneGibibyte() {
        assertThat(SustainedMeasurement.keepFreeBytes(512 * MIB)).isEqualTo(26 * MIB);
        assertThat(SustainedMeasurement.keepFreeBytes(4096 * MIB)).isEqualTo(205 * MIB);
        assertThat(SustainedMeasurement.keepFreeBytes(20L * 1024 * MIB)).isEqualTo(1024 * MIB);
        assertThat(SustainedMeasurement.keepFreeBytes(64_000_000_000L)).isEqualTo(1024 * MIB);
    }

    @Test
    void aTinyFileSystemStillKeepsTheFloor() {
        assertThat(SustainedMeasurement.keepFreeBytes(100 * MIB)).isEqualTo(16 * MIB);
        assertThat(SustainedMeasurement.keepFreeBytes(320 * MIB)).isEqualTo(16 * MIB);
        assertThat(SustainedMeasurement.keepFreeBytes(321 * MIB)).isEqualTo(17 * MIB);
    }
}
