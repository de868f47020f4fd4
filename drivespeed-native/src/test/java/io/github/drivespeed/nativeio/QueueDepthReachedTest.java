package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.drivespeed.testing.ThrottledDisk;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Where the device, not the program, sets the pace, the depth asked for is in flight and neither
 * {@code QUEUE_DEPTH_NOT_REACHED} nor {@code TOOL_LIMITED} is given: a disk capped at 400 reads
 * per second by the kernel's throttle ({@code testbed/throttled-disk --read-iops}), whose queue
 * stays full while the throttle holds it, and the same loop device uncapped over its image in
 * memory, which completes 64 KiB reads from a kernel worker, not inside the submitting call.
 * Each run is a child process through the bed's {@code run}.
 */
@Tag("privileged")
class QueueDepthReachedTest {

    private static final int IOPS_CAP = 400;

    @Test
    void aDiskCappedInIopsKeepsTheQueueFullAndIsNotTheToolsLimit() throws Exception {
        ThrottledDisk disk = ThrottledDisk.upWithReadIops("queue-depth-capped-", IOPS_CAP);
        try {
            Map<String, String> f = randread(disk, "4K", "16M", "3000ms");
            double iops = Double.parseDouble(f.get("read.bytesPerSecond")) / 4096;
            assertThat(iops).as(f.get("output")).isCloseTo(IOPS_CAP, within(0.05 * IOPS_CAP));
            assertThat(Double.parseDouble(f.get("inFlight.mean"))).as(f.get("output"))
                    .isGreaterThanOrEqualTo(0.8 * 16);
            assertThat(f.get("warnings")).as(f.get("output"))
                    .doesNotContain("QUEUE_DEPTH_NOT_REACHED").doesNotContain("TOOL_LIMITED");
            assertThat(f.get("output")).containsPattern("1 thread x queue depth 16 \\(1\\d\\.\\d"
                    + " in flight on average, peak 16, submitting thread \\d+ % busy\\)");
        } finally {
            disk.closeAndRemove();
        }
    }

    @Test
    void anUncappedLoopDeviceOverCachedPagesReachesTheDepth() throws Exception {
        ThrottledDisk disk = ThrottledDisk.upWithReadIops("queue-depth-loop-", 0);
        try {
            Map<String, String> f = randread(disk, "64K", "64M", "2000ms");
            // 14.8 on a quiet machine, 12.2 in a loaded build: refills go in parts of 4, and
            // the mean counts the time they are prepared; the whole 16 are in the kernel at once
            assertThat(Double.parseDouble(f.get("inFlight.mean"))).as(f.get("output"))
                    .isGreaterThan(4.0);
            assertThat(Integer.parseInt(f.get("inFlight.peak"))).isEqualTo(16);
            assertThat(f.get("warnings")).as(f.get("output"))
                    .doesNotContain("QUEUE_DEPTH_NOT_REACHED").doesNotContain("TOOL_LIMITED");
        } finally {
            disk.closeAndRemove();
        }
    }

    private static Map<String, String> randread(ThrottledDisk disk, String block, String size,
            String duration) throws IOException, InterruptedException {
        return disk.runMain(ThrottledChild.class, "workload", disk.mountDir().toString(),
                "native", "randread", block, size, duration, "direct", "qd=16");
    }
}
