package io.github.drivespeed.internal.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** drop_caches, the opt-in for root: it lets even the pure-Java backend read from the drive. */
@Tag("privileged")
class DropCachesTest {

    @TempDir
    Path dir;

    @Test
    void aBufferedReadAfterDropCachesComesFromTheDriveEvenWithThePureJavaBackend()
            throws IOException {
        Privileged.requireRoot();
        SpeedReport r = DriveSpeed.on(dir).blockSize("1M").count(16).runs(2).buffered()
                .dropCaches().backend("java").run();
        Privileged.require(r.target().blockDevice().isPresent(), "the temporary directory on a block"
                + " device (" + r.target() + ")");
        for (Sample s : r.read().samples()) {
            assertThat(s.accounting().cacheHandling()).isEqualTo(CacheHandling.CACHES_DROPPED);
            assertThat(s.deviceCoverage(PassKind.READ)).isGreaterThanOrEqualTo(0.9);
        }
        assertThat(r.warnings()).doesNotContain(Warning.READ_MAY_INCLUDE_PAGE_CACHE,
                Warning.READ_SERVED_FROM_CACHE);
        assertThat(r.details()).contains("buffered, after drop_caches; device ");
        assertThat(TestFiles.names(dir)).isEmpty();
    }
}
