package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.testing.ThrottledDisk;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code --require A1 --buffered} on a medium that fails A1 (reads capped at 4 MiB/s by
 * {@code testbed/throttled-disk}: about 1000 random 4 KiB reads a second, A1 asks 1500): the
 * buffered figures must not pass it. Before buffered workloads were evicted, hinted and random-
 * mapped, readahead and the page cache made such a run report hundreds of thousands of IOPS.
 * The cap is the bed's cgroup's, and the failed criterion names it: this process cannot do more.
 * A1's sustained 10 MB/s is judged on the sustained write the requirement runs first (O_DIRECT,
 * whatever the workloads do), against the disk's 20 MiB/s cap: passed.
 */
@Tag("privileged")
class ThrottledRequirementTest {

    @Test
    void aBufferedRunDoesNotPassARequirementTheDriveFails() throws Exception {
        ThrottledDisk disk = ThrottledDisk.upInNewDirectory("throttled-requirement-test-",
                20L << 20, 4L << 20);
        try {
            Map<String, String> r = disk.runMainExit(Main.class, disk.mountDir().toString(),
                    "--require", "A1", "--buffered", "--size", "64M", "--duration", "2",
                    "--runs", "1");
            String out = r.get("output");
            assertThat(r.get("exitCode")).as(out).isEqualTo("1");
            assertThat(out).contains("(A1) not met:")
                    .contains("passed: sustained write >= 10.0 MB/s")
                    .contains("failed: random 4 KiB read IOPS >= 1500 IOPS")
                    .contains("not met: the cgroup caps reads at 4.19 MB/s (4.00 MiB/s)")
                    .contains("CGROUP_IO_LIMIT")
                    // the buffered random writes met the page cache: not the drive's figure
                    .contains("WRITE_SERVED_BY_PAGE_CACHE")
                    .contains("not judged: random 4 KiB write IOPS >= 500 IOPS: figures left out"
                            + " as not the drive's: WRITE_SERVED_BY_PAGE_CACHE");
        } finally {
            disk.closeAndRemove();
        }
    }
}
