package io.github.drivespeed.examples.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.requirement.StorageRequirement;
import io.github.drivespeed.testing.SharedDisk;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/** The health indicator on a real directory: UP above its threshold, DOWN below, cached. */
class DriveSpeedHealthIndicatorTest {

    @TempDir
    Path dir;

    @AfterEach
    void nothingLeftBehind() throws IOException {
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    private SequentialPlan plan(Path target) {
        return DriveSpeed.on(target).blockSize("64K").count(16).runs(1).directOrBuffered();
    }

    private DriveSpeedHealthIndicator indicator(Path target, String threshold, Duration cacheFor) {
        return new DriveSpeedHealthIndicator(plan(target), StorageRequirement.parse(threshold),
                cacheFor);
    }

    /**
     * A drive above the threshold is UP, with the figures and no failures. It measures the
     * shared disk ({@code @TempDir}): where another build's measurement or writer used it
     * meanwhile, the figures are rightly flagged {@code CONCURRENT_MEASUREMENT} or
     * {@code FOREIGN_IO} and left out, and the drive is then DOWN for that reason alone.
     */
    @Test
    void aDriveAboveTheThresholdIsUp() {
        Health health = indicator(dir, "write=1kB/s,read=1kB/s", Duration.ofMinutes(10)).health();
        assertThat(health.getDetails()).containsEntry("path", dir.toString())
                .containsEntry("exists", true).containsKeys("write", "read", "measuredAt",
                        "warnings", "threshold");
        assertThat((String) health.getDetails().get("write")).endsWith(" MiB/s)");
        if (SharedDisk.flagsNamed(warnings(health)).isEmpty()) {
            assertThat(health.getStatus()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).doesNotContainKey("failures");
        } else {
            assertThat(health.getStatus()).isEqualTo(Status.DOWN);
            assertThat(failures(health)).isNotEmpty().allSatisfy(f -> assertThat(f)
                    .startsWith("not measured: ").containsPattern(SharedDisk.LEFT_OUT_AS_SHARED));
        }
    }

    /**
     * A drive below the threshold is DOWN, naming the criterion: measured short, or, on the
     * shared disk with the figures flagged (as above), left out.
     */
    @Test
    void aDriveBelowTheThresholdIsDownNamingTheCriterion() {
        Health health = indicator(dir, "write=1000GB/s", Duration.ofMinutes(10)).health();
        assertThat(health.getStatus()).isEqualTo(Status.DOWN);
        String bound = "sequential write >= 1000000.0 MB/s (953674.3 MiB/s): ";
        if (SharedDisk.flagsNamed(warnings(health)).isEmpty()) {
            assertThat(failures(health)).singleElement().asString()
                    .startsWith("failed: " + bound + "measured ");
        } else {
            assertThat(failures(health)).singleElement().asString()
                    .startsWith("not measured: " + bound)
                    .containsPattern(SharedDisk.LEFT_OUT_AS_SHARED);
        }
    }

    @SuppressWarnings("unchecked")
    private static List<String> warnings(Health health) {
        return (List<String>) health.getDetails().get("warnings");
    }

    @SuppressWarnings("unchecked")
    private static List<String> failures(Health health) {
        return (List<String>) health.getDetails().get("failures");
    }

    @Test
    void theResultIsCachedForCacheForAndMeasuredAnewAfterIt() {
        DriveSpeedHealthIndicator cached = indicator(dir, "write=1kB/s", Duration.ofHours(1));
        Object first = cached.health().getDetails().get("measuredAt");
        assertThat(cached.health().getDetails().get("measuredAt")).isEqualTo(first);

        DriveSpeedHealthIndicator uncached = indicator(dir, "write=1kB/s", Duration.ZERO);
        Object once = uncached.health().getDetails().get("measuredAt");
        assertThat(uncached.health().getDetails().get("measuredAt")).isNotEqualTo(once);
    }

    @Test
    void anAbsentDirectoryIsDownWithoutMeasuring() {
        Path absent = dir.resolve("absent");
        Health health = indicator(absent, "write=1kB/s", Duration.ZERO).health();
        assertThat(health.getStatus()).isEqualTo(Status.DOWN);
        assertThat(health.getDetails()).containsEntry("exists", false)
                .doesNotContainKey("write");
        assertThat(absent).doesNotExist();
    }
}
