package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.CapacityProbeReport.BadRange;
import io.github.drivespeed.report.medium.DataLossKind;
import io.github.drivespeed.report.medium.FirstLoss;
import io.github.drivespeed.report.medium.CacheEstimate;
import io.github.drivespeed.report.medium.MediumKind;
import io.github.drivespeed.report.Verdict;
import io.github.drivespeed.testing.FakeFlash;
import io.github.drivespeed.unit.DataSize;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The capacity probe against the media that beat a probe which reads back soon after writing
 * ({@code testbed/fake-flash --fs none}): a cache of the last writes past the real size (found,
 * and its size estimated as f3probe does), one larger than the old 64 MiB bound, writes that fail
 * with EIO past it, reads that do, a hole in the middle, scattered small dead spots, and a
 * medium that aliases at no period. Each detail of a report is checked against the bed's truth
 * ({@code fake-flash info} and {@code where}); each case says what the probe wrote and how long
 * it took.
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
                assertThat(r.wrapPeriodBytes()).hasValue(truth);
            } else {
                assertThat(r.kind()).isEqualTo(MediumKind.LIMBO);
                assertThat(r.usableBytes()).isEqualTo(truth);
                assertThat(r.loss().firstLoss().map(FirstLoss::kind)).contains(DataLossKind.ZEROS);
                assertThat(r.loss().badRanges()).containsExactly(
                        new BadRange(truth, medium.claimedBytes() - truth));
            }
            // a quarter of the 256 MiB device
            assertThat(r.cacheRuledOutBytes()).isEqualTo(64 * MIB);
            // the cache's size, as f3probe's "Approximate cache size", to within one unit
            assertThat(r.cacheEstimate()).contains(new CacheEstimate(
                    Long.parseLong(medium.info("RECENT_CACHE_BYTES")), 4096, 64 * MIB));
            assertThat(r.details()).contains("a cache of the last "
                    + cache.replace("M", ".0 MiB") + " written (to within 4096 B)");
        }
    }

    @Test
    void aCacheOfOver64MibIsFoundByDefaultOnAGibibyteAndHiddenByTheOldBound() throws Exception {
        // the fake the old fixed 64 MiB bound passed as genuine: 192 MiB of recent writes kept
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "1G", "--real", "64M",
                "--mode", "limbo", "--recent-cache", "192M", "--fs", "none")) {
            CapacityProbeReport r = probe(medium, null);
            assertThat(r.kind()).isEqualTo(MediumKind.LIMBO);
            assertThat(r.usableBytes()).isEqualTo(medium.realBytes());
            assertThat(r.cacheRuledOutBytes()).isEqualTo(256 * MIB);
            assertThat(r.parameters().cacheBound().bytes()).isEqualTo(256 * MIB);
            assertThat(r.cacheEstimate()).contains(new CacheEstimate(
                    192 * MIB, 4096, 256 * MIB));
            assertThat(r.details()).contains("a cache of up to 256.0 MiB ruled out");

            // the report claims no more than it checked: 64 MiB, which 192 MiB outlasts
            CapacityProbeReport fooled = probe(medium, DataSize.ofMebibytes(64));
            assertThat(fooled.kind()).isEqualTo(MediumKind.GENUINE);
            assertThat(fooled.cacheRuledOutBytes()).isEqualTo(64 * MIB);
            assertThat(fooled.cacheEstimate()).isEmpty();
        }
    }

    @Test
    void aCacheOf256MibIsRuledOutByDefaultOnAGibibyteAndAQuarterOfASmallerDevice()
            throws Exception {
        // the default's formula, min(256 MiB, device / 4), at its edge: 256 MiB of recent writes
        // kept on a 1 GiB fake (every unit pushed out of it by the flush, the cache seen whole)
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "1G", "--real", "64M",
                "--mode", "limbo", "--recent-cache", "256M", "--fs", "none")) {
            CapacityProbeReport r = probe(medium, null);
            assertThat(r.kind()).isEqualTo(MediumKind.LIMBO);
            assertThat(r.usableBytes()).isEqualTo(medium.realBytes());
            assertThat(r.cacheRuledOutBytes()).isEqualTo(256 * MIB);
            assertThat(r.cacheEstimate()).contains(new CacheEstimate(256 * MIB, 4096,
                    256 * MIB));
            assertThat(r.cacheEstimate().orElseThrow().atLeast()).isTrue();
        }
        // 512 MiB claimed: a quarter, 128 MiB, is what the probe can write, and rules out
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "512M", "--real", "64M",
                "--mode", "limbo", "--recent-cache", "128M", "--fs", "none")) {
            CapacityProbeReport r = probe(medium, null);
            assertThat(r.kind()).isEqualTo(MediumKind.LIMBO);
            assertThat(r.usableBytes()).isEqualTo(medium.realBytes());
            assertThat(r.cacheRuledOutBytes()).isEqualTo(128 * MIB);
            assertThat(r.details()).contains("a cache over 128.0 MiB could not be ruled out (the"
                    + " device is too small to write 256.0 MiB between a unit and its read-back)");
        }
    }

    @Test
    void aLimboMediumWithoutACacheEstimatesNone() throws Exception {
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "256M", "--real", "64M",
                "--mode", "limbo", "--fs", "none")) {
            CapacityProbeReport r = probe(medium, null);
            assertThat(r.kind()).isEqualTo(MediumKind.LIMBO);
            assertThat(r.cacheEstimate()).contains(new CacheEstimate(0,
                    4096, 64 * MIB));
            assertThat(r.details()).contains("no cache of recent writes (none of the last 64.0"
                    + " MiB written read back)");
        }
    }

    @Test
    void aGenuineGibibyteRulesOut256MibAtTwiceThatWritten() throws Exception {
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "1G", "--mode", "honest",
                "--fs", "none")) {
            CapacityProbeReport r = probe(medium, null);
            assertThat(r.kind()).isEqualTo(MediumKind.GENUINE);
            assertThat(r.cacheRuledOutBytes()).isEqualTo(256 * MIB);
            assertThat(r.defaultCacheRuledOut()).isTrue();
            // 2F, and the units of the grid, of the dense region and of the flush region (5 MiB)
            assertThat(r.effort().writtenBytes()).isBetween(512 * MIB, 520 * MIB);
            assertThat(r.cacheEstimate()).isEmpty();
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
            assertThat(r.details()).contains("a cache over 32.0 MiB could not be ruled out (the"
                    + " device is too small to write 256.0 MiB between a unit and its read-back)");
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
            assertThat(r.loss().firstLoss()).contains(FirstLoss.at(64 * MIB, kind));
            assertThat(r.loss().firstWriteFailureOffsetBytes()).isEqualTo(
                    kind == DataLossKind.UNWRITABLE ? OptionalLong.of(64 * MIB) : OptionalLong.empty());
            assertThat(r.effort().readBytes()).isPositive();
            // writes past the real size fail: no run to size a cache with; reads fail: none held
            if (kind == DataLossKind.UNWRITABLE) {
                assertThat(r.cacheEstimate()).isEmpty();
            } else {
                assertThat(r.cacheEstimate()).map(CacheEstimate::bytes)
                        .contains(0L);
            }
        }
    }

    @Test
    void aHoleInTheMiddleLosesItsOwnSizeOnly() throws Exception {
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "256M", "--mode", "honest",
                "--hole", "96M+64M", "--fs", "none")) {
            CapacityProbeReport r = probe(medium, null);
            assertThat(r.kind()).isEqualTo(MediumKind.DAMAGED);
            assertThat(r.usableBytes()).isEqualTo(96 * MIB);
            assertThat(r.loss().badRanges()).isEqualTo(List.of(new BadRange(96 * MIB, 64 * MIB)));
            assertThat(r.loss().lostBytes()).isEqualTo(64 * MIB);
            assertThat(r.missingBytes()).isEqualTo(160 * MIB);
        }
    }

    @Test
    void scatteredSmallDeadSpotsCountTheirOwnSize() throws Exception {
        // eight dead spots of 64 KiB, two in the flush region's place at the end: before, five
        // were counted as 1 MiB each (a grid step) and those two not at all
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "256M", "--mode", "honest",
                "--hole", "20M+64K,52M+64K,84M+64K,116M+64K,148M+64K,180M+64K,212M+64K,244M+64K",
                "--fs", "none")) {
            CapacityProbeReport r = probe(medium, null);
            List<BadRange> truth = medium.holes().stream()
                    .map(h -> new BadRange(h[0], h[1])).toList();
            assertThat(r.kind()).isEqualTo(MediumKind.DAMAGED);
            assertThat(r.loss().badRanges()).isEqualTo(truth);
            assertThat(r.loss().lostBytes()).isEqualTo(truth.stream().mapToLong(BadRange::lengthBytes)
                    .sum());
            assertThat(r.usableBytes()).isEqualTo(truth.get(0).offsetBytes());
            assertThat(r.loss().firstLoss().map(FirstLoss::kind)).contains(DataLossKind.ZEROS);
        }
    }

    @Test
    void aMediumThatAliasesAtNoPeriodIsSaidAsFoundWithoutAPeriod() throws Exception {
        // before: "wrap (period 8388608 B)", "a write at offset X lands at X modulo that"
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "256M", "--real", "64M",
                "--mode", "scramble", "--seed", "5", "--fs", "none")) {
            CapacityProbeReport r = probe(medium, null);
            assertThat(r.kind()).isEqualTo(MediumKind.ALIASED);
            assertThat(r.wrapPeriodBytes()).isEmpty();
            FirstLoss first = r.loss().firstLoss().orElseThrow();
            assertThat(first.kind()).isEqualTo(DataLossKind.ALIASED);
            // the bed's truth: the offset found and the one whose data it held share a place
            long found = first.foundOffsetBytes().orElseThrow();
            long[] stored = medium.where(first.offsetBytes(), found);
            assertThat(stored[0]).isEqualTo(stored[1]).isNotNegative();
            assertThat(found).isNotEqualTo(first.offsetBytes());
            // the usable size is a bound the real size lies within (before: the first bad
            // offset, 1 MiB of the bed's 64 MiB), and the bound itself is past it: stored
            // elsewhere, as is all that is said to be lost after it
            assertThat(r.usableBytes()).isGreaterThanOrEqualTo(medium.realBytes())
                    .isLessThan(medium.claimedBytes());
            assertThat(medium.where(r.usableBytes())[0]).isNotEqualTo(r.usableBytes());
            assertThat(r.loss().badRanges()).containsExactly(new BadRange(r.usableBytes(),
                    medium.claimedBytes() - r.usableBytes()));
            assertThat(r.details()).contains("usable at most " + r.usableBytes() + " B",
                    "kind aliased", "holds the data written at offset "
                    + found).doesNotContain("period");
            assertThat(r.verdict().outcome()).isEqualTo(Verdict.Outcome.COUNTERFEIT);
        }
    }

    private static CapacityProbeReport probe(FakeFlash medium, DataSize bound) throws Exception {
        Path dev = medium.device();
        var plan = DriveSpeed.probeCapacity(dev).allowWritesTo(dev);
        long start = System.nanoTime();
        CapacityProbeReport r = (bound == null ? plan : plan.cacheBound(bound)).run();
        System.out.printf("probe%s: %s (test %.2f s)%n",
                bound == null ? "" : " with cacheBound " + bound, r,
                (System.nanoTime() - start) / 1e9);
        return r;
    }
}
