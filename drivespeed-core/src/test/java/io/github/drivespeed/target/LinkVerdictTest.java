package io.github.drivespeed.target;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.SequentialParameters;
import io.github.drivespeed.report.BackendInfo;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The report's verdict that the link, not the drive, is the limit. */
class LinkVerdictTest {

    private static final long SECOND = 1_000_000_000L;
    private static final Link SATA_3G = new Link.Sata("ata1", 3.0, 6.0); // 300 MB/s

    private static BlockDevice disk(String name, int minor, Link link) {
        return BlockDevice.builder(name, new DeviceNumber(8, minor), BlockDevice.Kind.DISK)
                .link(link).build();
    }

    private static PassResult pass(PassKind kind, long... megabytesInOneSecond) {
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < megabytesInOneSecond.length; i++) {
            samples.add(Sample.of(i + 1, megabytesInOneSecond[i] * 1_000_000L, SECOND));
        }
        return PassResult.of(kind, samples, Set.of());
    }

    private static SpeedReport report(TargetInfo target, PassResult write, PassResult read) {
        return new SpeedReport(target, new SequentialParameters(DataSize.ofMebibytes(8), 32, 3, true,
                false, DataPattern.RANDOM, true, false, false, Optional.empty()), new BackendInfo("java", "test", Optional.empty()),
                write, read, Optional.empty(), Instant.EPOCH, Optional.empty(), 0);
    }

    private static TargetInfo onOneDisk(Link link) {
        return TargetInfo.builder(Path.of("/data")).device(disk("sda", 0, link)).build();
    }

    @Test
    void aReadMedianAtNinetyFivePercentOfTheCeilingIsLinkLimited() {
        SpeedReport r = report(onOneDisk(SATA_3G), pass(PassKind.WRITE, 150, 160, 155),
                pass(PassKind.READ, 280, 285, 290));
        assertThat(r.warnings()).containsExactly(Warning.LINK_LIMITED);
        assertThat(r.details())
                .contains("LINK_LIMITED: ")
                .contains("read median 285.0 MB/s (271.8 MiB/s) is 95 % of SATA 3.0 Gb/s on ata1"
                        + " (port supports 6.0 Gb/s), ceiling 300.0 MB/s (286.1 MiB/s)")
                .doesNotContain("write median");
        assertThat(r.target().warnings()).as("the verdict needs the figures").isEmpty();
    }

    @Test
    void belowNinetyPercentThereIsNoVerdict() {
        SpeedReport r = report(onOneDisk(SATA_3G), pass(PassKind.WRITE, 260, 269, 300),
                pass(PassKind.READ, 200));
        assertThat(r.warnings()).doesNotContain(Warning.LINK_LIMITED);
        assertThat(r.details()).contains("warnings:   none");
    }

    @Test
    void aChainOverTwoDisksHasNoSingleLinkToJudge() {
        BlockDevice md = BlockDevice.builder("md0", new DeviceNumber(9, 0),
                BlockDevice.Kind.MD_RAID).lower(List.of(disk("sda", 0, SATA_3G),
                        disk("sdb", 16, SATA_3G))).build();
        TargetInfo target = TargetInfo.builder(Path.of("/srv")).device(md).build();
        SpeedReport r = report(target, pass(PassKind.WRITE, 290), pass(PassKind.READ, 590));
        assertThat(target.link()).isEmpty();
        assertThat(r.warnings()).doesNotContain(Warning.LINK_LIMITED);
    }

    @Test
    void aUsb2LinkIsTheLimitNearFortyEightMegabytesPerSecond() {
        Link usb2 = new Link.Usb("0781", "5571", Optional.empty(), Optional.empty(),
                Optional.empty(), "2.00", 480, 1);
        SpeedReport r = report(onOneDisk(usb2), pass(PassKind.WRITE, 20),
                pass(PassKind.READ, 48));
        assertThat(r.warnings()).containsExactly(Warning.LINK_LIMITED);
        assertThat(r.details()).contains("read median 48.0 MB/s (45.8 MiB/s) is 90 % of USB");
    }
}
