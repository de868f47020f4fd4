package io.github.drivespeed.target;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A device's capacity keeps its digits from a small loop device to a large array. */
class BlockDeviceLinesTest {

    @Test
    void capacityIsInTheUnitThatKeepsItsDigits() {
        assertThat(BlockDeviceLines.capacity(64L << 20)).isEqualTo("67.1 MB (64.0 MiB)");
        assertThat(BlockDeviceLines.capacity(256L << 30)).isEqualTo("274.9 GB (256.0 GiB)");
        assertThat(BlockDeviceLines.capacity(4_000_787_030_016L)).isEqualTo("4.0 TB (3.6 TiB)");
        assertThat(BlockDeviceLines.capacity(999_999_999L)).isEqualTo("1000.0 MB (953.7 MiB)");
    }

    @Test
    void identityNamesTheDeviceItsKindAndItsCapacity() {
        BlockDevice loop = BlockDevice.builder("loop0", new DeviceNumber(7, 0),
                BlockDevice.Kind.LOOP).sizeBytes(64L << 20).backingFile("/tmp/hd.img").build();
        assertThat(loop.identity()).isEqualTo("loop0 (7:0), loop of /tmp/hd.img, 67.1 MB (64.0 MiB)");
    }
}
