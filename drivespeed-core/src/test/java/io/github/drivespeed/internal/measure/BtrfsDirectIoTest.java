package io.github.drivespeed.internal.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.target.BtrfsData;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * btrfs and O_DIRECT writes with the pure-Java backend, which cannot make a file NOCOW (root,
 * btrfs on loop devices): the probe reads the data profile and checksums; on checksummed data the
 * writes are {@link Warning#DIRECT_IO_EMULATED}, on a DUP profile too, and on a file system
 * mounted {@code nodatasum} they are not; the second copy DUP writes is not taken for
 * {@link Warning#FOREIGN_IO}. (The native backend, which makes its test file NOCOW,
 * and the page cache that shows the difference: {@code BtrfsNoCowTest} in drivespeed-native.)
 */
@Tag("privileged")
class BtrfsDirectIoTest {

    @TempDir
    Path dir;

    @BeforeEach
    void needsRoot() {
        Privileged.requireRoot();
    }

    @Test
    void checksummedDataIsProbedAndItsDirectWritesAreEmulatedWithoutNoCow() throws Exception {
        try (Mounts.Mount fs = Mounts.btrfs(dir, 256, "single", "rw")) {
            TargetInfo probe = DriveSpeed.probe(fs.dir());
            assertThat(probe.btrfsData()).hasValue(new BtrfsData(List.of("single"), true));
            assertThat(probe.details()).contains("  btrfs:    data profile single, data"
                    + " checksummed: O_DIRECT writes to a checksummed file go through the page"
                    + " cache; a NOCOW test file (chattr +C) avoids it\n");
            SpeedReport r = DriveSpeed.on(fs.dir()).backend("java").blockSize("1M").count(16)
                    .runs(1).run();
            assertThat(r.parameters().direct()).isTrue();
            assertThat(r.target().testFileNoCow()).isFalse();
            assertThat(r.write().warnings()).contains(Warning.DIRECT_IO_EMULATED);
            assertThat(r.read().warnings()).doesNotContain(Warning.DIRECT_IO_EMULATED);
            assertThat(r.verdict().reasons()).as("a caution: still the drive's writes")
                    .doesNotContain(Warning.DIRECT_IO_EMULATED);

            SpeedReport buffered = DriveSpeed.on(fs.dir()).backend("java").blockSize("1M")
                    .count(16).runs(1).buffered().run();
            assertThat(buffered.write().warnings()).doesNotContain(Warning.DIRECT_IO_EMULATED);

            WorkloadReport w = DriveSpeed.workload(fs.dir()).backend("java").random().write()
                    .blockSize("4K").size("8M").duration(Duration.ofMillis(200)).runs(1).run();
            assertThat(w.write().orElseThrow().warnings()).contains(Warning.DIRECT_IO_EMULATED);
        }
    }

    @Test
    void aDupProfileEmulatesAndANodatasumMountDoesNot() throws Exception {
        try (Mounts.Mount dup = Mounts.btrfs(dir, 512, "dup", "rw")) {
            TargetInfo probe = DriveSpeed.probe(dup.dir());
            assertThat(probe.btrfsData()).hasValue(new BtrfsData(List.of("dup"), true));
            assertThat(probe.btrfsData().orElseThrow().dataCopies()).isEqualTo(2);
            assertThat(probe.details()).contains("data profile dup, data checksummed: O_DIRECT"
                    + " writes go through the page cache, NOCOW or not");
            SpeedReport r = DriveSpeed.on(dup.dir()).backend("java").blockSize("1M").count(64)
                    .runs(1).run();
            assertThat(r.write().warnings()).contains(Warning.DIRECT_IO_EMULATED);
            // the loop device wrote both copies, twice the pass: the profile's, not other I/O
            assertThat(r.write().samples().get(0).accounting().deviceIo().orElseThrow()
                    .writeBytes())
                    .isGreaterThanOrEqualTo(2 * (64L << 20));
            assertThat(r.write().warnings()).doesNotContain(Warning.FOREIGN_IO);
        }
        try (Mounts.Mount plain = Mounts.btrfs(dir, 256, "single", "rw,nodatasum")) {
            TargetInfo probe = DriveSpeed.probe(plain.dir());
            assertThat(probe.btrfsData()).hasValue(new BtrfsData(List.of("single"), false));
            SpeedReport r = DriveSpeed.on(plain.dir()).backend("java").blockSize("1M").count(8)
                    .runs(1).run();
            assertThat(r.write().warnings()).doesNotContain(Warning.DIRECT_IO_EMULATED);
        }
    }
}
