package io.github.drivespeed.internal.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.medium.CacheCliff;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.testing.FakeFlash;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Past the write cache, on media whose truth is known ({@code testbed/fake-flash}: an honest
 * medium with a cache of {@code CACHE} bytes at the daemon's speed, then {@code --slow-bps}). The
 * tolerances are the issue's: cache size within 10 %, sustained rate within 5 % of the cap.
 */
@Tag("privileged")
class SustainedWriteTest {

    private static final long SLOW_BPS = 16L << 20;

    @TempDir
    Path dir;

    @Test
    void aSustainedWriteFindsTheCacheSizeAndTheSlowRate() throws Exception {
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "2G", "--mode", "honest",
                "--cache", "96M", "--slow-bps", Long.toString(SLOW_BPS), "--fs", "ext4")) {
            SustainedReport r = DriveSpeed.sustained(medium.mountDir()).size("400M").run();
            System.out.println(r.details());
            assertThat(r.stop()).isEqualTo(SustainedReport.Stop.STEADY_AFTER_DROP);
            assertThat(r.cacheExceeded()).isTrue();
            assertThat((double) r.cacheBytes().getAsLong())
                    .isCloseTo(medium.cacheBytes(), within(0.10 * medium.cacheBytes()));
            assertThat(r.sustained().get().bytesPerSecond())
                    .isCloseTo(SLOW_BPS, within(0.05 * SLOW_BPS));
            assertThat(r.burst().bytesPerSecond()).isGreaterThan(2 * SLOW_BPS);
            assertThat(r.warnings()).contains(Warning.WRITE_CACHE_CLIFF);
        }
    }

    @Test
    void theDefaultTestOnTmpfsFindsNoCliff() throws Exception {
        Privileged.requireRoot();
        try (Mounts.Mount tmpfs = Mounts.mount(dir, "tmpfs", "size=600m")) {
            SpeedReport r = DriveSpeed.on(tmpfs.dir()).run();
            assertThat(r.write().warnings()).as(r.details()).doesNotContain(Warning.WRITE_CACHE_CLIFF);
            assertThat(r.write().cacheCliff()).isEmpty();
        }
    }

    @Test
    void aDefaultRunWhoseCliffFallsInsideAPassSaysSo() throws Exception {
        // The warm-up spends 64 MiB of the 96 MiB cache: run 1's pass falls after 32 MiB.
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "512M", "--mode", "honest",
                "--cache", "96M", "--slow-bps", Long.toString(SLOW_BPS), "--fs", "ext4")) {
            SpeedReport r = DriveSpeed.on(medium.mountDir()).blockSize("1M").count(128).runs(1)
                    .run();
            System.out.println(r.details());
            assertThat(r.write().warnings()).contains(Warning.WRITE_CACHE_CLIFF);
            CacheCliff cliff = r.write().cacheCliff().orElseThrow();
            assertThat((double) cliff.drop().bytesBeforeDrop()).isCloseTo(32 << 20, within(0.10 * (32 << 20)));
            assertThat(cliff.drop().bytesPerSecondAfter()).isCloseTo(SLOW_BPS, within(0.05 * SLOW_BPS));
        }
    }
}
