package io.github.drivespeed.report;

import io.github.drivespeed.report.medium.CacheCliff;
import io.github.drivespeed.report.medium.RateDrop;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.SequentialParameters;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A write rate that fell mid-pass while another process used the drive is not called the drive's
 * write cache filling: the text says the fall may be the other I/O's doing.
 */
class CliffOnSharedDriveTest {

    private static final long SECOND = 1_000_000_000L;

    private static SpeedReport withCliff(Set<Warning> writeWarnings) {
        CacheCliff cliff = new CacheCliff(new RateDrop(64L << 20, SECOND / 4, 256e6, 20e6),
                CacheCliff.Cause.DRIVE_WRITE_CACHE);
        Sample write = Sample.of(1, 256_000_000L, 3 * SECOND).withCacheCliff(Optional.of(cliff));
        Set<Warning> warnings = EnumSet.of(Warning.WRITE_CACHE_CLIFF);
        warnings.addAll(writeWarnings);
        return new SpeedReport(TargetInfo.builder(Path.of("/media/usb0")).build(),
                new SequentialParameters(DataSize.ofMebibytes(8), 32, 1, true, false,
                        DataPattern.RANDOM, true, false, false, Optional.empty()), new BackendInfo("java", "test", Optional.empty()),
                PassResult.of(PassKind.WRITE, List.of(write), warnings),
                PassResult.of(PassKind.READ, List.of(Sample.of(1, 256_000_000L, SECOND)),
                        writeWarnings), Optional.empty(), Instant.EPOCH, Optional.empty(), 0);
    }

    @Test
    void onADriveOfItsOwnTheFallIsTheWriteCache() {
        String text = withCliff(Set.of()).details();
        assertThat(text).contains("[WRITE CACHE FILLED: the median mixes two speeds]")
                .doesNotContain("WRITE RATE FELL").doesNotContain("another process");
    }

    @ParameterizedTest
    @EnumSource(value = Warning.class, names = {"FOREIGN_IO", "CONCURRENT_MEASUREMENT"})
    void withAnotherProcessOnTheDriveTheFallMayBeItsDoing(Warning sharing) {
        String text = withCliff(Set.of(sharing)).details();
        assertThat(text).contains("[WRITE RATE FELL: the drive's cache, or the other I/O on it]")
                .doesNotContain("WRITE CACHE FILLED")
                .contains("another process used the drive during that pass"
                        + " (CONCURRENT_MEASUREMENT, FOREIGN_IO): the fall may be its doing,"
                        + " not the drive's cache; measure again with the drive to itself");
    }
}
