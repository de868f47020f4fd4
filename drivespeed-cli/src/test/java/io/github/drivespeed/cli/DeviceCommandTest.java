package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import io.github.drivespeed.cli.options.Form;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line's natural things: {@code drivespeed /dev/sdX} reads the device read-only, as
 * {@code hdparm -t}; {@code -T} adds the cached-read figure; writing a device needs its opt-ins.
 */
class DeviceCommandTest {

    @TempDir
    Path dir;

    private static CommandRun run(String... args) {
        return CommandRun.of(args);
    }

    @Test
    void aMissingDeviceIsBadInputAndNothingAppearsUnderDev() {
        CommandRun o = run("/dev/nosuch");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly("drivespeed: target does not exist: /dev/nosuch"
                + " (drivespeed never creates its target; check the path)");
        assertThat(Path.of("/dev/nosuch")).doesNotExist();
        CommandRun write = run("/dev/nosuch", "--write", "--allow-writes-to", "/dev/nosuch",
                "--force");
        assertThat(write.exitCode()).isEqualTo(2);
        assertThat(Path.of("/dev/nosuch")).doesNotExist();
    }

    @Test
    void aCharacterDeviceIsBadInput() {
        CommandRun o = run("/dev/null");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.err()).contains("it is a character device");
    }

    @Test
    void deviceWriteOptionsOnADirectoryAreBadInputAndWriteNothing() throws IOException {
        CommandRun o = run(dir.toString(), "--write", "--count", "1");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly("drivespeed: option '--write' applies to a block"
                + " device only, and " + dir + " is not one");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void cachedReadsOnADirectoryPrintTheMemoryFigureApart() throws IOException {
        CommandRun o = run(dir.toString(), "--block-size", "256K", "--count", "4", "--runs", "1",
                "-T");
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(o.out()).containsPattern("(?m)^cached read: median \\d+\\.\\d MB/s")
                .contains("PAGE_CACHE_FIGURE");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void cachedReadsDoNotApplyToWorkloads() {
        CommandRun o = run(dir.toString(), "--rw", "randread", "--size", "4M", "--duration", "100ms",
                "--cached-read");
        assertThat(o.exitCode()).isEqualTo(2);
        // only what was typed, as typed: not every option of the group
        assertThat(o.errLines()).containsExactly("drivespeed: option '--cached-read' applies to"
                + " the sequential and device tests, not to workloads");
        CommandRun two = run(dir.toString(), "--rw", "randread", "--size", "4M", "-T",
                "--drop-caches");
        assertThat(two.errLines()).containsExactly("drivespeed: options '-T' and '--drop-caches'"
                + " apply to the sequential and device tests, not to workloads");
    }

    @Test
    @Tag("privileged")
    void aDeviceIsReadReadOnlyAsHdparmDoesAndWritingNeedsItsOptIns() throws Exception {
        Privileged.requireRoot();
        try (Mounts.LoopDevice loop = Mounts.loopDevice(dir, 32, true, null)) {
            String device = loop.device().toString();
            byte[] before = Files.readAllBytes(loop.image());
            CommandRun read = run(device, "--duration", "300ms", "--runs", "2", "-T");
            assertThat(read.exitCode()).as(read.err()).isZero();
            assertThat(read.out())
                    .containsPattern("(?m)^drivespeed on " + device + ": 8 MiB blocks, 300\\.00 ms"
                            + " per run, 2 runs, O_DIRECT, read-only$")
                    .containsPattern("(?m)^test 1: read: \\d+\\.\\d MB/s \\(\\d+\\.\\d MiB/s\\),"
                            + " \\d+\\.\\d MB in \\d+\\.\\d\\d s, device loop\\d+: \\d+ requests,"
                            + " avg \\d+ KiB$")
                    .containsPattern("(?m)^ Timing cached reads: +\\d+ MB in \\d+\\.\\d\\d seconds"
                            + " = \\d+\\.\\d\\d MB/sec \\(memory, not the drive; MB = 2\\^20 bytes,"
                            + " as hdparm counts\\)$")
                    .containsPattern("(?m)^device: +" + device + ", 32 MiB")
                    .doesNotContainPattern("(?m)^device: .*read-only$");
            // hdparm's line: one run's own bytes (in hdparm's 2^20-byte MB), time and rate
            Matcher timing = Pattern.compile("(?m)^ Timing O_DIRECT disk reads: (\\d+) MB in"
                    + " (\\d+\\.\\d\\d) seconds = (\\d+\\.\\d\\d) MB/sec \\(run [12] of 2, the"
                    + " slower of the two middle runs, whose mean is the median; MB = 2\\^20"
                    + " bytes, as hdparm counts\\)$").matcher(read.out());
            assertThat(timing.find()).as(read.out()).isTrue();
            double seconds = Double.parseDouble(timing.group(2));
            if (seconds >= 0.10) {   // two decimals leave shorter times too coarse to recompute
                assertThat(Double.parseDouble(timing.group(1)) / seconds)
                        .isCloseTo(Double.parseDouble(timing.group(3)), withinPercentage(6));
            }

            // does not fit: a plan that cannot run, exit 2 as for a directory, in CLI words
            CommandRun tooMany = run(device, "--bs", "1M", "--count", "33");
            assertThat(tooMany.exitCode()).isEqualTo(2);
            assertThat(tooMany.errLines()).containsExactly("drivespeed: invalid value for option"
                    + " '--count': '33': does not fit: 33 blocks of --bs 1 MiB (33 MiB) exceed the"
                    + " size of " + device + " (33554432 bytes, 32 whole blocks); nothing past"
                    + " the end is read: give at most 32");
            assertThat(tooMany.out()).isEmpty();

            CommandRun noOptIn = run(device, "--write", "--count", "1");
            assertThat(noOptIn.exitCode()).isEqualTo(2);
            assertThat(noOptIn.errLines()).containsExactly("drivespeed: refusing to write to "
                    + device + ": writing destroys everything on it; to confirm, name the device"
                    + " again: --allow-writes-to " + device);
            CommandRun noForce = run(device, "--write", "--allow-writes-to", device, "--count", "1");
            assertThat(noForce.exitCode()).isEqualTo(2);
            assertThat(noForce.err()).contains("it carries ext2/3/4 file system")
                    .endsWith("; writing would destroy it; --force writes anyway\n");
            CommandRun optInAlone = run(device, "--allow-writes-to", device);
            assertThat(optInAlone.exitCode()).isEqualTo(2);
            assertThat(optInAlone.errLines()).containsExactly(
                    "drivespeed: option '--allow-writes-to' needs --write");
            assertThat(Files.readAllBytes(loop.image())).isEqualTo(before);

            CommandRun forced = run(device, "--write", "--allow-writes-to", device, "--force",
                    "--block-size", "1M", "--count", "2", "--runs", "1");
            assertThat(forced.exitCode()).as(forced.err()).isZero();
            assertThat(forced.out()).containsPattern("(?m)^test 1: write: .*; read: ")
                    .containsPattern("(?m)^write: +median ");
        }
    }

    /**
     * A device the kernel will not open (a node of a loop device on a tmpfs mounted
     * {@code nodev}: open(2) fails with EACCES, even for root) gets the write opt-in refusal
     * first, and, opted in or only read, exit 2 naming the errno, the nodev mount and what to
     * do; nothing is read or written.
     */
    @Test
    @Tag("privileged")
    void aDeviceTheKernelWillNotOpenIsRefusedAfterTheOptInCheckWithTheLikelyReason()
            throws Exception {
        Privileged.requireRoot();
        try (Mounts.LoopDevice loop = Mounts.loopDevice(dir, 16, false, null);
             Mounts.Mount nodev = Mounts.mount(dir, "tmpfs", "size=1m,nodev")) {
            String[] number = Files.readString(Path.of("/sys/class/block",
                    loop.device().getFileName().toString(), "dev")).strip().split(":");
            String node = nodev.dir().resolve("disk").toString();
            Mounts.execOrThrow("mknod", node, "b", number[0], number[1]);
            byte[] before = Files.readAllBytes(loop.image());

            CommandRun noOptIn = run(node, "--write", "--count", "1");
            assertThat(noOptIn.exitCode()).as(noOptIn.err()).isEqualTo(2);
            assertThat(noOptIn.errLines()).containsExactly("drivespeed: refusing to write to "
                    + node + ": writing destroys everything on it; to confirm, name the device"
                    + " again: --allow-writes-to " + node);
            String refused = "drivespeed: cannot open " + node + ": the kernel refused to open it"
                    + " for reading (EACCES, nothing was read or written): the file system"
                    + " holding the node (tmpfs on " + nodev.dir() + ") is mounted nodev, so no"
                    + " device opens through it; give the device's node under /dev";
            CommandRun optedIn = run(node, "--write", "--allow-writes-to", node, "--count", "1");
            assertThat(optedIn.exitCode()).as(optedIn.err()).isEqualTo(2);
            assertThat(optedIn.out()).isEmpty();
            assertThat(optedIn.errLines()).containsExactly(refused);
            CommandRun read = run(node, "--count", "1");
            assertThat(read.exitCode()).as(read.err()).isEqualTo(2);
            assertThat(read.errLines()).containsExactly(refused);
            assertThat(Files.readAllBytes(loop.image())).isEqualTo(before);
        }
    }

    @Test
    void dsyncDoesNotApplyToADevice() throws IOException {
        // any block device will do: the option is refused before the device is opened
        Path device;
        try (var nodes = Files.list(Path.of("/dev"))) {
            device = nodes.filter(Form::isBlockDevice).findFirst().orElse(null);
        }
        Privileged.require(device != null, "a block device under /dev");
        CommandRun o = run(device.toString(), "--dsync");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly("drivespeed: option '--dsync' does not apply to"
                + " a block device test");
    }

    @Test
    @Tag("privileged")
    void aReadOnlyDeviceIsRefusedForWritingBeforeTheHeaderAndItsProbeSaysReadOnly()
            throws Exception {
        Privileged.requireRoot();
        try (Mounts.LoopDevice ro = Mounts.readOnlyLoopDevice(dir, 16)) {
            String device = ro.device().toString();
            CommandRun write = run(device, "--write", "--allow-writes-to", device, "--force",
                    "--count", "1");
            assertThat(write.exitCode()).isEqualTo(2);
            assertThat(write.out()).isEmpty();
            assertThat(write.errLines()).containsExactly("drivespeed: refusing to write to "
                    + device + ": it is read-only: the kernel refuses writes to it (sysfs ro,"
                    + " ioctl BLKROGET: a write-protect switch, a loop device attached with"
                    + " losetup -r, blockdev --setro)");
            // the destructive capacity probe too: refused before its header
            CommandRun probe = run(device, "--verify-capacity", "--allow-writes-to", device,
                    "--force");
            assertThat(probe.exitCode()).isEqualTo(2);
            assertThat(probe.out()).isEmpty();
            assertThat(probe.errLines()).singleElement().asString().startsWith(
                    "drivespeed: refusing to write to " + device + ": it is read-only");
            CommandRun read = run(device, "--bs", "1M", "--count", "4", "--runs", "1");
            assertThat(read.exitCode()).as(read.err()).isZero();
            assertThat(read.out()).containsPattern("(?m)^device: +" + device
                    + ", 16 MiB \\(16777216 bytes\\), logical block \\d+ B, read-only$");
        }
    }
}
