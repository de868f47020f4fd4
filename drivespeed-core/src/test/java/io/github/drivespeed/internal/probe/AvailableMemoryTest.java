package io.github.drivespeed.internal.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AvailableMemoryTest {

    @TempDir
    Path dir;

    @Test
    void memAvailableIsReadInBytesAndMissingIsUnknown() throws IOException {
        Path meminfo = dir.resolve("meminfo");
        Files.writeString(meminfo, "MemTotal:       24576000 kB\nMemFree:         1000 kB\n"
                + "MemAvailable:   20971520 kB\nBuffers:  12 kB\n");
        assertThat(AvailableMemory.bytes(meminfo)).hasValue(20971520L * 1024);
        Files.writeString(meminfo, "MemTotal:       24576000 kB\n");
        assertThat(AvailableMemory.bytes(meminfo)).isEmpty();
        assertThat(AvailableMemory.bytes(dir.resolve("absent"))).isEmpty();
    }

    @Test
    void thisMachinesFigureIsPositive() {
        assertThat(AvailableMemory.bytes()).isPresent();
        assertThat(AvailableMemory.bytes().getAsLong()).isPositive();
    }
}
