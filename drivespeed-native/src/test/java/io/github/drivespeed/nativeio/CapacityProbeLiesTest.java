package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.CapacityProbeReport.BadRange;
import io.github.drivespeed.report.DataLossKind;
import io.github.drivespeed.report.MediumKind;
import io.github.drivespeed.testing.FakeFlash;
import io.github.drivespeed.unit.DataSize;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The capacity probe against the media that beat a probe which reads back soon after writing
 * ({@code testbed/fake-flash --fs none}): a cache of the last writes past the real size, writes
 * that fail with EIO past it, reads that do, and a hole in the middle. Each case says what the
 * probe wrote and how long it took.
 */
@Tag("privileged")
class CapacityProbeLiesTest {

    private static final long MIB = DataSize.MEBIBYTE;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} of {1}, cache of recent writes {2}")
    @CsvSource({"limbo, 64M, 256M, 8M", "limbo, 64M, 256M, 48M", "wrap, 64M, 256M, 16M"})
    void aCacheOfRecentWritesPastTheRealSizeDoesNotHideIt(String mode, String real,
            String claimed, String cache) throws Exception {
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", claimed, "--real", real,
                "--mode", mode, "--recent-cache", cache, "--fs", "none")) {
            CapacityProbeReport r = probe(medium, null);
            long truth = medium.realBytes();
            if (mode.equals("wrap")) {
                assertThat(r.kind()).isEqualTo(MediumKind.WRAP);
                assertThat(r.wrapPeriodBytes()).isEqualTo(truth);
            } else {
                assertThat(r.kind()).isEqualTo(MediumKind.LIMBO);
                assertThat(r.usableBytes()).isEqualTo(truth);
                assertThat(r.firstBadKind()).contains(DataLossKind.ZEROS);
                assertThat(r.badRanges()).containsExactly(
                        new BadRange(truth, medium.claimedBytes() - truth));
            }
            assertThat(r.cacheRuledOutBytes()).isEqualTo(64 * MIB);
            assertThat(r.toString()).contains("a cache of up to 64.0 MiB ruled out");
        }
    }

    @Test
    void aCacheLargerThanTheBoundIsNotRuledOutUnlessTheBoundIsRaised() throws Exception {
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "512M", "--real", "64M",
                "--mode", "limbo", "--recent-cache", "96M", "--fs", "none")) {
            // the report claims no more than it checked: 64 MiB, which a 96 MiB cache outlasts
            CapacityProbeReport fooled = probe(medium, null);
            assertThat(fooled.kind()).isEqualTo(MediumKind.GENUINE);
            assertThat(fooled.cacheRuledOutBytes()).isEqualTo(64 * MIB);

            CapacityProbeReport r = probe(medium, DataSize.ofMebibytes(128));
            assertThat(r.kind()).isEqualTo(MediumKind.LIMBO);
            assertThat(r.usableBytes()).isEqualTo(64 * MIB);
            assertThat(r.cacheRuledOutBytes()).isEqualTo(128 * MIB);
        }
    }

    @Test
    void onASmallDeviceTheProbeSaysWhichCacheItCouldNotRuleOut() throws Exception {
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "128M", "--mode", "honest",
                "--fs", "none")) {
            CapacityProbeReport r = probe(medium, null);
            assertThat(r.kind()).isEqualTo(MediumKind.GENUINE);
            assertThat(r.cacheRuledOutBytes()).isEqualTo(32 * MIB);
            assertThat(r.defaultCacheRuledOut()).isFalse();
            assertThat(r.toString()).contains("a cache over 32.0 MiB could not be ruled out (the"
                    + " device is too small to write 64.0 MiB between a unit and its read-back)");
        }
    }

    @ParameterizedTest(name = "{0} from 64M")
    @CsvSource({"--write-eio-from, UNWRITABLE", "--read-eio-from, UNREADABLE"})
    void failingWritesOrReadsPastTheRealSizeAreAFinding(String option, DataLossKind kind)
            throws Exception {
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "256M", "--real", "64M",
                "--mode", "limbo", option, "64M", "--fs", "none")) {
            CapacityProbeReport r = probe(medium, null);
            assertThat(r.kind()).isEqualTo(MediumKind.LIMBO);
            assertThat(r.usableBytes()).isEqualTo(64 * MIB);
            assertThat(r.firstBadOffsetBytes()).isEqualTo(64 * MIB);
            assertThat(r.firstBadKind()).contains(kind);
            assertThat(r.firstWriteFailureOffsetBytes())
                    .isEqualTo(kind == DataLossKind.UNWRITABLE ? 64 * MIB : -1);
            assertThat(r.bytesRead()).isPositive();
        }
    }

    @Test
    void aHoleInTheMiddleLosesItsOwnSizeOnly() throws Exception {
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "256M", "--mode", "honest",
                "--hole", "96M+64M", "--fs", "none")) {
            CapacityProbeReport r = probe(medium, null);
            assertThat(r.kind()).isEqualTo(MediumKind.DAMAGED);
            assertThat(r.usableBytes()).isEqualTo(96 * MIB);
            assertThat(r.badRanges()).isEqualTo(List.of(new BadRange(96 * MIB, 64 * MIB)));
            assertThat(r.lostBytes()).isEqualTo(64 * MIB);
            assertThat(r.missingBytes()).isEqualTo(160 * MIB);
        }
    }

    private static CapacityProbeReport probe(FakeFlash medium, DataSize bound) throws Exception {
        Path dev = medium.device();
        var plan = DriveSpeed.onDevice(dev).allowWritesTo(dev);
        long start = System.nanoTime();
        CapacityProbeReport r = (bound == null ? plan : plan.cacheBound(bound)).probeCapacity();
        System.out.printf("probe%s: %s (test %.2f s)%n",
                bound == null ? "" : " with cacheBound " + bound, r,
                (System.nanoTime() - start) / 1e9);
        return r;
    }
}
