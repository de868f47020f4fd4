package io.github.drivespeed.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.SequentialParameters;
import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.DeviceNumber;
import io.github.drivespeed.target.Link;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The report's plausibility verdicts on read figures: faster than the link can carry, faster than
 * cached reads of the same machine, and the device counters' verdict that a cache served a read.
 */
class ReadVerdictsTest {

    private static final long SECOND = 1_000_000_000L;
    private static final Link USB2 = new Link.Usb("0781", "5571", Optional.empty(),
            Optional.empty(), Optional.empty(), "2.00", 480, 1); // 53.2 MB/s

    private static PassResult pass(PassKind kind, Set<Warning> warnings, Sample... samples) {
        return PassResult.of(kind, List.of(samples), warnings);
    }

    private static Sample megabytes(int run, long megabytesInOneSecond) {
        return Sample.of(run, megabytesInOneSecond * 1_000_000L, SECOND);
    }

    private static TargetInfo onDisk(Link link) {
        return TargetInfo.builder(Path.of("/media/usb0")).device(BlockDevice.builder("sdb",
                new DeviceNumber(8, 16), BlockDevice.Kind.DISK).link(link).build()).build();
    }

    private static SpeedReport report(TargetInfo target, PassResult write, PassResult read,
            Optional<PassResult> cached) {
        return new SpeedReport(target, new SequentialParameters(DataSize.ofMebibytes(8), 32, 3, true,
                false, DataPattern.RANDOM, true, false, false, Optional.empty()), new BackendInfo("java", "test", Optional.empty()),
                write, read, cached, Instant.EPOCH, Optional.empty(), 0);
    }

    @Test
    void aReadFasterThanTheLinkCanCarryIsFlaggedWithTheNumbers() {
        SpeedReport r = report(onDisk(USB2), pass(PassKind.WRITE, Set.of(), megabytes(1, 20)),
                pass(PassKind.READ, Set.of(), megabytes(1, 40), megabytes(2, 41),
                        megabytes(3, 900)), Optional.empty());
        assertThat(r.warnings()).containsExactly(Warning.ABOVE_LINK_CEILING);
        assertThat(r.details()).contains("ABOVE_LINK_CEILING: ")
                .contains("read max 900.0 MB/s (858.3 MiB/s) is 1690 % of USB");
    }

    @Test
    void aReadFasterThanCachedReadsIsFlaggedAndTheCachedFigureIsNeverTheDrives() {
        PassResult cached = pass(PassKind.CACHED_READ, Set.of(Warning.PAGE_CACHE_FIGURE),
                megabytes(1, 10_000));
        SpeedReport r = report(TargetInfo.builder(Path.of("/data")).build(),
                pass(PassKind.WRITE, Set.of(), megabytes(1, 500)),
                pass(PassKind.READ, Set.of(), megabytes(1, 900), megabytes(2, 12_000)),
                Optional.of(cached));
        assertThat(r.cachedRead()).contains(cached);
        assertThat(r.warnings()).containsExactly(Warning.PAGE_CACHE_FIGURE,
                Warning.FASTER_THAN_CACHED_READS);
        assertThat(r.details())
                .containsPattern("(?m)^cached read: median 10000\\.0 MB/s")
                .contains("read max 12000.0 MB/s (11444.1 MiB/s) is above cached reads"
                        + " 10000.0 MB/s (9536.7 MiB/s)");
    }

    @Test
    void readsSlowerThanCachedReadsAndTheLinkGetNoVerdict() {
        PassResult cached = pass(PassKind.CACHED_READ, Set.of(Warning.PAGE_CACHE_FIGURE),
                megabytes(1, 10_000));
        SpeedReport r = report(onDisk(new Link.Sata("ata1", 6.0, 6.0)),
                pass(PassKind.WRITE, Set.of(), megabytes(1, 400)),
                pass(PassKind.READ, Set.of(), megabytes(1, 500)), Optional.of(cached));
        assertThat(r.warnings()).containsExactly(Warning.PAGE_CACHE_FIGURE);
    }

    @Test
    void aReadTheDeviceBarelySawIsExplainedRunByRun() {
        DeviceIo barely = new DeviceIo("sdb", 12_000_000, 3, 0, 0, Optional.empty(), List.of());
        DeviceIo all = new DeviceIo("sdb", 268_435_456, 64, 0, 0, Optional.empty(), List.of());
        Sample cachedRun = Sample.of(1, 268_435_456, SECOND / 10).withAccounting(
                CacheHandling.NOT_EVICTED, Optional.of(barely));
        Sample driveRun = Sample.of(2, 268_435_456, SECOND).withAccounting(
                CacheHandling.NOT_EVICTED, Optional.of(all));
        assertThat(cachedRun.servedFromCache(PassKind.READ)).isTrue();
        assertThat(driveRun.servedFromCache(PassKind.READ)).isFalse();
        assertThat(cachedRun.deviceCoverage(PassKind.READ)).isCloseTo(0.0447, within(0.0001));
        PassResult read = pass(PassKind.READ, Set.of(Warning.READ_MAY_INCLUDE_PAGE_CACHE,
                Warning.READ_SERVED_FROM_CACHE), cachedRun, driveRun);
        SpeedReport r = report(TargetInfo.builder(Path.of("/data")).build(),
                pass(PassKind.WRITE, Set.of(), megabytes(1, 100)), read, Optional.empty());
        String text = r.details();
        assertThat(text)
                .contains("read run 1: device sdb read 12.0 MB (11.4 MiB) of the 268.4 MB"
                        + " (256.0 MiB) read (4 %)")
                .doesNotContain("read run 2: device")
                .contains("buffered, pages not evicted (may be served from the page cache);"
                        + " device sdb read 280.4 MB (267.4 MiB) in 67 requests (avg 4088 KiB)"
                        + " over 2 runs");
    }

    @Test
    void deviceCountersSayWhatAPassMovedAndTheAverageRequest() {
        DeviceIo d = new DeviceIo("vda", 268_435_456, 64, 1_048_576, 2, Optional.empty(), List.of());
        assertThat(d.bytes(PassKind.READ)).isEqualTo(268_435_456);
        assertThat(d.bytes(PassKind.CACHED_READ)).isEqualTo(268_435_456);
        assertThat(d.bytes(PassKind.WRITE)).isEqualTo(1_048_576);
        assertThat(d.averageRequestBytes(PassKind.READ)).isEqualTo(4_194_304.0);
        assertThat(d.averageRequestBytes(PassKind.WRITE)).isEqualTo(524_288.0);
        assertThat(new DeviceIo("vda", 0, 0, 0, 0, Optional.empty(), List.of())
                .averageRequestBytes(PassKind.READ)).isNaN();
        assertThat(d.describe(PassKind.READ))
                .isEqualTo("vda read 268.4 MB (256.0 MiB) in 64 requests (avg 4096 KiB)");
        assertThat(d.describe(PassKind.WRITE))
                .isEqualTo("vda wrote 1.0 MB (1.0 MiB) in 2 requests (avg 512 KiB)");
        List<Sample> none = new ArrayList<>();
        none.add(Sample.of(1, 100, SECOND));
        assertThat(none.get(0).deviceCoverage(PassKind.READ)).isNaN();
        assertThat(none.get(0).servedFromCache(PassKind.READ)).isFalse();
        assertThat(none.get(0).accounting().cacheHandling()).isEqualTo(CacheHandling.NOT_RECORDED);
    }

    private static org.assertj.core.data.Offset<Double> within(double d) {
        return org.assertj.core.data.Offset.offset(d);
    }
}
