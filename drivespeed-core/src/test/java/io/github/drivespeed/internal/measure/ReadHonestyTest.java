package io.github.drivespeed.internal.measure;

import io.github.drivespeed.error.InvalidSettingException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.DeviceIo;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import io.github.drivespeed.test.backend.ForwardingBackend;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a read figure says about itself, on real files with the pure-Java backend: what was done
 * about the page cache, what the device under the file system moved (its kernel counters), and the
 * cached-read figure.
 */
class ReadHonestyTest {

    @TempDir
    Path dir;

    /** The pure-Java backend without the drop_caches capability, as for a user who is not root. */
    private static final class NotRoot extends ForwardingBackend {
        @Override
        protected TestFile wrap(TestFile file, TestFileRequest request) {
            return file;
        }

        @Override
        public Set<Capability> capabilities() {
            Set<Capability> c = EnumSet.copyOf(super.capabilities());
            c.remove(Capability.DROP_CACHES);
            return c;
        }
    }

    private static boolean onABlockDevice(SpeedReport r) {
        return r.target().blockDevice().isPresent();
    }

    @Test
    void anODirectReadSaysSoAndItsDeviceMovedEveryByteInRequestsOfAKnownSize() throws IOException {
        SpeedReport r = DriveSpeed.on(dir).blockSize("1M").count(16).runs(2).run();
        Privileged.require(onABlockDevice(r), "the temporary directory on a block device ("
                + r.target() + ")");
        String device = r.target().blockDevice().get().sysfsName();
        for (Sample s : r.read().samples()) {
            assertThat(s.accounting().cacheHandling()).isEqualTo(CacheHandling.DIRECT_IO);
            DeviceIo d = s.accounting().deviceIo().orElseThrow();
            assertThat(d.deviceName()).isEqualTo(device);
            // Other I/O on the same disk only adds to the counters.
            assertThat(d.readBytes()).isGreaterThanOrEqualTo(s.bytes());
            assertThat(d.readRequests()).isPositive();
            assertThat(d.averageRequestBytes(PassKind.READ)).isPositive();
            assertThat(s.servedFromCache(PassKind.READ)).isFalse();
        }
        for (Sample s : r.write().samples()) {
            assertThat(s.accounting().cacheHandling()).isEqualTo(CacheHandling.DIRECT_IO);
            assertThat(s.accounting().deviceIo().orElseThrow().writeBytes())
                    .isGreaterThanOrEqualTo(s.bytes());
        }
        assertThat(r.warnings()).doesNotContain(Warning.READ_SERVED_FROM_CACHE,
                Warning.READ_MAY_INCLUDE_PAGE_CACHE);
        assertThat(r.details()).containsPattern("(?m)^read: .*\\n            O_DIRECT; device "
                + device + " read \\d+\\.\\d MB \\(\\d+\\.\\d MiB\\) in \\d+ requests \\(avg \\d+"
                + " KiB\\) over 2 runs$");
    }

    @Test
    void onAMemoryFileSystemThereIsNoDeviceToCount() throws IOException {
        Path shm = Path.of("/dev/shm");
        Privileged.require(Files.isDirectory(shm) && Files.isWritable(shm), "/dev/shm");
        SpeedReport r = DriveSpeed.on(shm).blockSize("64K").count(4).runs(1).buffered()
                .backend(new NotRoot()).run();
        Sample read = r.read().samples().get(0);
        assertThat(read.accounting().deviceIo()).isEmpty();
        assertThat(read.deviceCoverage(PassKind.READ)).isNaN();
        assertThat(read.accounting().cacheHandling()).isEqualTo(CacheHandling.NOT_EVICTED);
        assertThat(r.warnings()).contains(Warning.MEMORY_FILE_SYSTEM,
                Warning.READ_MAY_INCLUDE_PAGE_CACHE).doesNotContain(Warning.READ_SERVED_FROM_CACHE);
    }

    @Test
    void theCachedReadFigureIsMeasuredLabelledAndLeavesNoFile() throws IOException {
        SpeedReport r = DriveSpeed.on(dir).blockSize("256K").count(4).runs(1)
                .cachedRead(Duration.ofMillis(300)).run();
        PassResult cached = r.cachedRead().orElseThrow();
        assertThat(cached.kind()).isEqualTo(PassKind.CACHED_READ);
        assertThat(cached.warnings()).containsExactly(Warning.PAGE_CACHE_FIGURE);
        Sample s = cached.samples().get(0);
        assertThat(s.accounting().cacheHandling()).isEqualTo(CacheHandling.FROM_CACHE);
        assertThat(s.bytes()).isPositive().isEqualTo(s.ios() * CachedRead.REGION_BYTES);
        assertThat(s.elapsedNanos()).isGreaterThanOrEqualTo(Duration.ofMillis(300).toNanos());
        s.accounting().deviceIo().ifPresent(d -> assertThat(d.readBytes())
                .as("re-reading 2 MiB from the page cache reads next to nothing from the disk")
                .isLessThan(s.bytes() / 10));
        assertThat(r.warnings()).contains(Warning.PAGE_CACHE_FIGURE);
        assertThat(r.details()).containsPattern("(?m)^cached read: median ")
                .contains("from the page cache on purpose (memory speed, not the drive)");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void dropCachesWithoutRootIsRefusedBeforeAnyIo() throws IOException {
        assertThatThrownBy(() -> DriveSpeed.on(dir).blockSize("64K").count(4).runs(1).buffered()
                .dropCaches().backend(new NotRoot()).run())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("dropCaches cannot be done by the java-test backend here:"
                        + " writing /proc/sys/vm/drop_caches needs root");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void dropCachesWithODirectReadsIsRefusedBeforeAnyIo() throws IOException {
        assertThatThrownBy(() -> DriveSpeed.on(dir).blockSize("64K").count(4).runs(1)
                .dropCaches().run())
                .isInstanceOf(IllegalArgumentException.class)
                .isInstanceOfSatisfying(InvalidSettingException.class, e -> {
                    assertThat(e.value()).isEmpty();
                    assertThat(e.settings()).containsExactly("buffered", "directOrBuffered");
                })
                .hasMessage("dropCaches applies to buffered reads; O_DIRECT reads bypass the"
                        + " page cache: add buffered or directOrBuffered");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aPlanSaysWhatItWillDoAboutTheCache() {
        assertThat(DriveSpeed.on(dir).parameters().dropCaches()).isFalse();
        assertThat(DriveSpeed.on(dir).dropCaches().parameters().dropCaches()).isTrue();
        assertThat(DriveSpeed.on(dir).cachedReadDuration()).isEmpty();
        assertThat(DriveSpeed.on(dir).cachedRead().cachedReadDuration())
                .contains(Duration.ofSeconds(2));
        assertThat(DriveSpeed.on(dir).dropCaches().cachedRead(Duration.ofMillis(5)).toString())
                .endsWith(", drop_caches before buffered reads, cached reads for 5 ms]");
        assertThatThrownBy(() -> DriveSpeed.on(dir).cachedRead(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cachedRead is too short (must be in [1 ms, 24 h]): 0");
    }
}
