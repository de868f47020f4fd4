package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.drivespeed.cli.output.OutputSchema;
import io.github.drivespeed.testing.CgroupLimitsBed;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The command in a child process held by a cgroup of its own ({@code testbed/cgroup-limits}), as
 * a container is: an I/O cap on its drive is named in {@code --probe}, in a warning on the figure
 * held to it, and in the requirement it fails; a memory limit over a tmpfs refuses a test file
 * that would not fit (exit 2) instead of the OOM killer ending the JVM (exit 137). The machine's
 * io and memory controllers are cgroup v1, so these run v1; cgroup v2 is read from synthetic trees
 * ({@code CgroupLimitsProbeTest} in core).
 */
@Tag("privileged")
class CgroupLimitsTest {

    private static final long EIGHT_MIB = 8L << 20;

    @Test
    void anIoCapIsInTheProbeTheWarningAndTheRequirementsVerdict() throws Exception {
        // 8 MiB/s writes and 400 reads a second on the process's own cgroup; 1 MiB/s on its
        // parent, which cgroup v1 does not apply to the child (its throttle is flat)
        CgroupLimitsBed bed = CgroupLimitsBed.upInNewDirectory("cgroup-io-test-",
                "--size", "128M", "--write-bps", Long.toString(EIGHT_MIB), "--read-iops", "400",
                "--parent-write-bps", Long.toString(1L << 20));
        try {
            String dir = bed.mountDir().toString();
            String leaf = bed.info("IO_CGROUP_PATH");
            String version = bed.info("IO_VERSION");
            String device = Path.of(bed.info("DEVICE")).getFileName() + " ("
                    + bed.info("MAJMIN") + ")";

            Map<String, String> probe = bed.runMainExit(Main.class, "--probe", dir);
            assertThat(probe.get("exitCode")).as(probe.get("output")).isEqualTo("0");
            assertThat(probe.get("output"))
                    .contains("  cgroup:   writes capped at 8.39 MB/s (8.00 MiB/s) on " + device
                            + " by cgroup " + version + " " + leaf + " ("
                            + (version.equals("v1") ? "blkio.throttle.write_bps_device"
                                    : "io.max wbps") + ")\n")
                    .contains("  cgroup:   reads capped at 400 IOPS on " + device);
            if (version.equals("v1")) {
                assertThat(probe.get("output")).as("a v1 parent's limit holds no child")
                        .doesNotContain("1.05 MB/s");
            }

            Path json = bed.mountDir().getParent().resolve("run.json");
            Map<String, String> run = bed.runMainExit(Main.class, dir, "--require",
                    "write=20MB/s", "--block-size", "4M", "--count", "4", "--runs", "1",
                    "--json", "--output", json.toString());
            String out = run.get("output");
            assertThat(run.get("exitCode")).as(out).isEqualTo("1");
            assertThat(out).contains("CGROUP_IO_LIMIT: ")
                    // the warning's band is 90 to 110 % of the cap (a throttle's first burst
                    // passes above it): 7.55 to 9.23 MB/s
                    .containsPattern("    write median [789]\\.\\d\\d MB/s \\(\\d\\.\\d\\d MiB/s\\) is"
                            + " \\d+ % of the cap: writes capped at 8\\.39 MB/s \\(8\\.00 MiB/s\\)")
                    .contains("requirement write=20MB/s not met:")
                    .contains("(not met: the cgroup caps writes at 8.39 MB/s (8.00 MiB/s) (cgroup "
                            + version + " " + leaf);
            JsonNode doc = OutputSchema.read(json);
            JsonNode reached = doc.path("jobs").get(0).path("io_limits_reached");
            assertThat(reached).as(doc.toString()).hasSize(1);
            assertThat(reached.get(0).path("limit").path("bytes_per_second").asLong())
                    .isEqualTo(EIGHT_MIB);
            assertThat(reached.get(0).path("ratio").asDouble()).isCloseTo(reached.get(0)
                    .path("bytes_per_second").asDouble() / EIGHT_MIB, within(1e-6));
            assertThat(doc.path("requirement").path("results").get(0).path("cgroup_limit")
                    .path("cgroup").asText()).isEqualTo(leaf);

            // 4 KiB random reads are held to 400 IOPS
            Map<String, String> workload = bed.runMainExit(Main.class, dir, "--rw", "randread",
                    "--bs", "4k", "--iodepth", "8", "--size", "16M", "--duration", "1s");
            assertThat(workload.get("exitCode")).as(workload.get("output")).isEqualTo("0");
            assertThat(workload.get("output")).contains("CGROUP_IO_LIMIT: ")
                    .containsPattern("    read median \\d+ IOPS is \\d+ % of the cap: reads capped"
                            + " at 400 IOPS on ");
        } finally {
            bed.closeAndRemove();
        }
    }

    @Test
    void aTestFileLargerThanTheMemoryCgroupLeavesIsRefusedNotKilled() throws Exception {
        // a private tmpfs of 2 GiB, the writer's cgroup under a parent limited to 512 MiB
        CgroupLimitsBed bed = CgroupLimitsBed.upInNewDirectory("cgroup-memory-test-",
                "--tmpfs", "--size", "2G", "--memory", Long.toString(512L << 20));
        try {
            String dir = bed.mountDir().toString();
            String limited = bed.info("MEMORY_CGROUP_PATH");

            Map<String, String> probe = bed.runMainExit(Main.class, "--probe", dir);
            assertThat(probe.get("exitCode")).as(probe.get("output")).isEqualTo("0");
            assertThat(probe.get("output")).contains("  cgroup:   memory limited to 512.0 MiB by"
                    + " cgroup " + bed.info("MEMORY_VERSION") + " " + limited + " (");

            // 1 GiB: the sequential test, a workload's file, a sustained write
            for (String[] args : new String[][] {
                    {dir, "--block-size", "8M", "--count", "128"},
                    {dir, "--rw", "write", "--bs", "1M", "--size", "1G"},
                    {dir, "--sustained", "--size", "1G"}}) {
                Map<String, String> r = bed.runMainExit(Main.class, args);
                assertThat(r.get("exitCode")).as(String.join(" ", args) + "\n" + r.get("output"))
                        .isEqualTo("2");
                assertThat(r.get("output")).contains("not enough memory for the test file in "
                        + dir + ": tmpfs keeps its files in memory, charged to this process's"
                        + " memory cgroup " + limited + ", limited to 512.0 MiB (")
                        .contains("for a test file of 1024.0 MiB; lower ")
                        .contains("(writing on, the cgroup's OOM killer would end the process)");
            }
            try (Stream<Path> left = Files.list(bed.mountDir())) {
                assertThat(left).as("nothing written").isEmpty();
            }

            // what fits runs
            Map<String, String> fits = bed.runMainExit(Main.class, dir, "--block-size", "8M",
                    "--count", "4", "--runs", "1");
            assertThat(fits.get("exitCode")).as(fits.get("output")).isEqualTo("0");
            assertThat(fits.get("output")).contains("MEMORY_FILE_SYSTEM");
        } finally {
            bed.closeAndRemove();
        }
    }
}
