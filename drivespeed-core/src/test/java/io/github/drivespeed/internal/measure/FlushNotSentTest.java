package io.github.drivespeed.internal.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.DeviceIo;
import io.github.drivespeed.report.DiskFlushes;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.Verdict;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.requirement.RequirementCheck;
import io.github.drivespeed.requirement.StorageRequirement;
import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.Throughput;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A disk the kernel treats as write through gets no FLUSH from fdatasync (root, loop devices):
 * its write-cache mode is in the probe, and a write pass on it carries
 * {@link Warning#FLUSH_NOT_SENT} with the disk's flush counter showing 0, is flagged and left out
 * of a requirement; the same kind of disk left write back completes a FLUSH in every write pass
 * and gets no such warning ({@code DeviceTruthTest} in drivespeed-native holds the device write
 * test to the same). A loop device is request-based and counts its flushes (field 16 of
 * its {@code stat}), and counts only its own I/O, so this holds on a busy machine too.
 */
@Tag("privileged")
class FlushNotSentTest {

    @TempDir
    Path dir;

    @BeforeEach
    void needsRoot() {
        Privileged.requireRoot();
    }

    private static DiskFlushes onlyDisk(Sample s) {
        DeviceIo d = s.accounting().deviceIo().orElseThrow();
        assertThat(d.flushes()).hasSize(1);
        return d.flushes().get(0);
    }

    @Test
    void aWriteThroughDiskIsShownSoAndItsWriteFigureIsFlaggedAndLeftOutOfRequirements()
            throws Exception {
        try (Mounts.Mount fs = Mounts.writeThroughExt4(dir, 128)) {
            TargetInfo probe = DriveSpeed.probe(fs.dir());
            BlockDevice loop = probe.wholeDisks().get(0);
            assertThat(loop.writeCache()).hasValue(BlockDevice.WriteCache.WRITE_THROUGH);
            assertThat(loop.fua()).hasValue(false);
            assertThat(probe.details()).contains("write cache write through (the kernel sends it"
                    + " no FLUSH), no FUA");

            SpeedReport r = DriveSpeed.on(fs.dir()).blockSize("1M").count(32).runs(2).run();
            assertThat(r.write().warnings()).contains(Warning.FLUSH_NOT_SENT);
            assertThat(r.read().warnings()).doesNotContain(Warning.FLUSH_NOT_SENT);
            for (Sample s : r.write().samples()) {
                DiskFlushes f = onlyDisk(s);
                assertThat(f.deviceName()).isEqualTo(loop.sysfsName());
                assertThat(f.flushRequests()).hasValue(0);
                assertThat(f.writeBytes()).isGreaterThanOrEqualTo(32 * DataSize.MEBIBYTE);
            }
            assertThat(r.verdict().outcome()).isEqualTo(Verdict.Outcome.FLAGGED);
            assertThat(r.verdict().reasons()).contains(Warning.FLUSH_NOT_SENT);
            RequirementCheck c = StorageRequirement.named("card")
                    .minSequentialWrite(Throughput.ofBytesPerSecond(1)).check(r);
            assertThat(c.results().get(0).status())
                    .isEqualTo(RequirementCheck.Status.NOT_JUDGED);
            assertThat(c.results().get(0).whyNotJudged())
                    .contains(RequirementCheck.NotJudged.NOT_THE_DRIVES);
            assertThat(c.results().get(0).note().orElseThrow()).contains("FLUSH_NOT_SENT");
            assertThat(r.details()).containsPattern("FLUSH_NOT_SENT: .*\\n    write run 1: "
                    + loop.sysfsName() + " \\(write cache write through\\) completed 0 flush"
                    + " requests while it wrote \\d+\\.\\d MB \\(\\d+\\.\\d MiB\\)\\n");
        }
    }

    @Test
    void theSameKindOfDiskLeftWriteBackCompletesAFlushInEveryWritePass() throws Exception {
        try (Mounts.Mount fs = Mounts.ext4(dir, 128, "rw", null)) {
            TargetInfo probe = DriveSpeed.probe(fs.dir());
            assertThat(probe.wholeDisks().get(0).writeCache())
                    .hasValue(BlockDevice.WriteCache.WRITE_BACK);
            SpeedReport r = DriveSpeed.on(fs.dir()).blockSize("1M").count(32).runs(2).run();
            assertThat(r.write().warnings()).doesNotContain(Warning.FLUSH_NOT_SENT);
            for (Sample s : r.write().samples()) {
                assertThat(onlyDisk(s).flushRequests().orElseThrow()).isPositive();
            }
        }
    }

    @Test
    void aWorkloadsWritesOnAWriteThroughDiskAreFlaggedToo() throws Exception {
        try (Mounts.Mount fs = Mounts.writeThroughExt4(dir, 128)) {
            WorkloadReport r = DriveSpeed.workload(fs.dir()).random().write().blockSize("4K")
                    .size("16M").duration(Duration.ofMillis(300)).runs(1).run();
            assertThat(r.write().orElseThrow().warnings()).contains(Warning.FLUSH_NOT_SENT);
            assertThat(onlyDisk(r.write().orElseThrow().samples().get(0)).flushRequests())
                    .hasValue(0);
        }
    }
}
