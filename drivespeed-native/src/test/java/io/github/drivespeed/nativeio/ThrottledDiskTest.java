package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.drivespeed.testing.ThrottledDisk;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Ground truth: figures against a device whose speed the kernel enforces
 * ({@code testbed/throttled-disk}: ext4 on a loop device, writes capped at 20 MiB/s, reads at
 * 40 MiB/s). Every measurement runs in a child process placed in the throttled cgroup by
 * {@code throttled-disk run}; the testbed is taken down after the last test whatever happens.
 * The tolerance is the one the kernel's throttle allows: 5 %. The caps are a cgroup's on the
 * child, so a figure at one also carries {@code CGROUP_IO_LIMIT} naming it: the accuracy these
 * tests pin is against that cap, and the warning says so to a user of the same numbers.
 */
@Tag("privileged")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ThrottledDiskTest {

    private static final long WRITE_CAP = 20L << 20;
    private static final long READ_CAP = 40L << 20;
    private static final long PASS_BYTES = 128L << 20;

    private ThrottledDisk disk;

    @BeforeAll
    void up() throws Exception {
        disk = ThrottledDisk.upInNewDirectory("throttled-disk-test-", WRITE_CAP, READ_CAP);
    }

    @AfterAll
    void down() throws Exception {
        if (disk != null) {
            disk.closeAndRemove();
        }
    }

    private Map<String, String> child(String... args) throws IOException, InterruptedException {
        return disk.runMain(ThrottledChild.class, args);
    }

    private static double rate(Map<String, String> figures, String key) {
        return Double.parseDouble(figures.get(key));
    }

    private static void assertWithinFivePercent(String label, Map<String, String> figures,
            String key, long cap) {
        System.out.printf("throttled-disk: %s %s %.0f B/s, cap %d B/s (%+.2f %%), %s%n", label,
                key, rate(figures, key), cap, 100 * (rate(figures, key) - cap) / cap,
                figures.get(key.replace("bytesPerSecond", "cacheHandling")));
        assertThat(rate(figures, key)).as(key + " against the cap of " + cap + " B/s\n"
                + figures.get("output")).isCloseTo(cap, within(0.05 * cap));
    }

    @ParameterizedTest(name = "{0} x {1}")
    @CsvSource({"1M, 128", "8M, 16"})
    void directWritesAndReadsLandWithinFivePercentOfTheCaps(String block, int count)
            throws IOException, InterruptedException {
        Map<String, String> f = child("speed", disk.mountDir().toString(), "native",
                block, Integer.toString(count), "direct");
        assertThat(Long.parseLong(f.get("write.bytes"))).isEqualTo(PASS_BYTES);
        assertThat(Long.parseLong(f.get("read.bytes"))).isEqualTo(PASS_BYTES);
        assertWithinFivePercent("file " + block, f, "write.bytesPerSecond", WRITE_CAP);
        assertWithinFivePercent("file " + block, f, "read.bytesPerSecond", READ_CAP);
        assertThat(f.get("read.cacheHandling")).isEqualTo("DIRECT_IO");
        assertThat(Long.parseLong(f.get("read.deviceBytes"))).isGreaterThanOrEqualTo(PASS_BYTES);
        assertThat(f.get("read.warnings")).isEqualTo("[]");
        // a constant cap is no write cache: a detector that always warned would fail here
        assertThat(f.get("write.warnings")).doesNotContain("WRITE_CACHE_CLIFF", "WRITE_STALL");
        // both figures are the cgroup's caps, and the report says so
        assertThat(f.get("warnings")).contains("CGROUP_IO_LIMIT");
        assertThat(f.get("ioLimitsReached")).isEqualTo("[WRITE MEDIAN, READ MEDIAN]");
    }

    @Test
    void aBufferedReadAfterEvictionLandsWithinFivePercentOfTheReadCap()
            throws IOException, InterruptedException {
        Map<String, String> f = child("speed", disk.mountDir().toString(), "native",
                "1M", "128", "buffered");
        assertWithinFivePercent("file buffered 1M", f, "read.bytesPerSecond", READ_CAP);
        assertThat(f.get("read.cacheHandling")).isEqualTo("EVICTED");
        assertThat(Long.parseLong(f.get("read.deviceBytes"))).isGreaterThanOrEqualTo(PASS_BYTES);
        assertThat(f.get("read.warnings")).isEqualTo("[]");
    }

    @Test
    void aBufferedReadWithoutEvictionIsFlaggedAsPossiblyCachedAndShownToBeCached()
            throws IOException, InterruptedException {
        // The pure-Java backend cannot evict: the read meets the pages the write left behind.
        Map<String, String> f = child("speed", disk.mountDir().toString(), "java",
                "1M", "128", "buffered");
        assertThat(f.get("read.cacheHandling")).isEqualTo("NOT_EVICTED");
        assertThat(f.get("read.warnings")).contains("READ_MAY_INCLUDE_PAGE_CACHE",
                "READ_SERVED_FROM_CACHE");
        // memory served the read, far above the cap: that figure is not the cap's
        assertThat(f.get("ioLimitsReached")).doesNotContain("READ");
        assertThat(Long.parseLong(f.get("read.deviceBytes"))).isLessThan(PASS_BYTES / 10);
        assertThat(f.get("output")).contains("READ_SERVED_FROM_CACHE: ")
                .containsPattern("read run 1: device loop\\d+ read \\d+\\.\\d MB \\(\\d+\\.\\d"
                        + " MiB\\) of the 134\\.2 MB \\(128\\.0 MiB\\) read \\(\\d %\\)");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"direct", "buffered"})
    void theRawDeviceReadReturnsTheBytesAskedForWithinFivePercentOfTheReadCap(String mode)
            throws IOException, InterruptedException {
        Map<String, String> f = child("device", disk.device().toString(), "native", "1M",
                "128", mode);
        assertThat(Long.parseLong(f.get("read.bytes"))).isEqualTo(PASS_BYTES);
        assertWithinFivePercent("device " + mode + " 1M", f, "read.bytesPerSecond", READ_CAP);
        assertThat(Long.parseLong(f.get("read.deviceBytes")))
                .isGreaterThanOrEqualTo(PASS_BYTES * 9 / 10);
        assertThat(f.get("read.warnings")).doesNotContain("READ_SERVED_FROM_CACHE");
        assertThat(f.get("ioLimitsReached")).isEqualTo("[READ MEDIAN]");
        // The device holds the testbed's mounted ext4, whose metadata pages no eviction can drop:
        // a buffered read says so, though the counters show the device moved the bytes.
        assertThat(f.get("read.cacheHandling"))
                .isEqualTo("direct".equals(mode) ? "DIRECT_IO" : "NOT_EVICTED");
    }

    @Test
    void aTimeBasedDeviceReadMovesWholeBlocksAndNothingPastTheEnd()
            throws IOException, InterruptedException {
        Map<String, String> f = child("device", disk.device().toString(), "native", "8M",
                "1500ms", "direct");
        long bytes = Long.parseLong(f.get("read.bytes"));
        assertThat(bytes).isPositive().isLessThanOrEqualTo(256L << 20);
        assertThat(bytes % (8L << 20)).isZero();
        assertThat(f.get("read.cacheHandling")).isEqualTo("DIRECT_IO");
    }
}
