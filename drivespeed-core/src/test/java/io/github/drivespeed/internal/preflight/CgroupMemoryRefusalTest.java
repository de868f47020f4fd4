package io.github.drivespeed.internal.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.error.CgroupMemoryLimitException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The memory refusal, built by the preflight although its factory is not API. */
class CgroupMemoryRefusalTest {

    private static final long MIB = 1L << 20;

    @Test
    void thePreflightBuildsTheRefusalWithItsFiguresAndWords() {
        CgroupMemoryLimitException e = CgroupMemoryCheck.beforeWriting(Path.of("/dev/shm"),
                "tmpfs", 1024 * MIB, 512 * MIB, 60 * MIB, 4 * MIB, 96 * MIB, "/app",
                "memory.limit_in_bytes", List.of("blockSize", "count"));

        assertThat(e.neededBytes()).isEqualTo(1024 * MIB);
        assertThat(e.leftBytes()).isEqualTo((512 - 56) * MIB);
        assertThat(e.settings()).containsExactly("blockSize", "count");
        assertThat(e.getMessage()).isEqualTo("not enough memory for the test file in /dev/shm:"
                + " tmpfs keeps its files in memory, charged to this process's memory cgroup"
                + " /app, limited to 512.0 MiB (memory.limit_in_bytes); 60.0 MiB charged, 4.0 MiB"
                + " of it inactive file pages, so 456.0 MiB left, less 96.0 MiB kept for the JVM"
                + " and its buffers: 360.0 MiB for a test file of 1024.0 MiB; lower blockSize or"
                + " count (writing on, the cgroup's OOM killer would end the process)");
    }
}
