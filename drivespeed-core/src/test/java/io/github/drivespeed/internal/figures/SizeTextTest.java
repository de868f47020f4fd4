package io.github.drivespeed.internal.figures;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SizeTextTest {

    @Test
    void formatsAByteCountInMegabytesAndMebibytes() {
        assertThat(SizeText.megabytes(256L << 20)).isEqualTo("268.4 MB (256.0 MiB)");
        assertThat(SizeText.megabytes(1_000_000)).isEqualTo("1.0 MB (1.0 MiB)");
        assertThat(SizeText.megabytes(0)).isEqualTo("0.0 MB (0.0 MiB)");
    }

    @Test
    void formatsAByteCountInMebibytesAsTheMemoryRefusalsDo() {
        assertThat(SizeText.mebibytes(512L << 20)).isEqualTo("512.0 MiB");
        assertThat(SizeText.mebibytes(3L << 19)).isEqualTo("1.5 MiB");
    }
}
