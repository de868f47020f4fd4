package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.testing.FakeFlash;
import io.github.drivespeed.testing.SshfsLoopback;
import io.github.drivespeed.testing.TestFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the command line says, and its exit code, on the beds of this round's findings: exFAT over
 * FUSE on a medium that wraps (a verdict, exit code 1, not an I/O error) and sshfs as root (not
 * verified, with what is true of sshfs rather than "run as root").
 */
@Tag("privileged")
class MediaFindingsCommandTest {

    @TempDir
    Path dir;

    @Test
    void exfatOverFuseOnAWrappingMediumIsDataLostExitOneNotAnIoError() throws Exception {
        // before: "drivespeed: close and remove of ... failed: close ...: EIO (Input/output
        // error)", exit code 3
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "128M", "--real", "32M",
                "--mode", "wrap", "--fs", "exfat-fuse")) {
            Path fs = medium.mountDir();
            CommandRun test = CommandRun.of(fs.toString(), "--block-size", "4M", "--count", "16",
                    "--runs", "1", "--backend", "native");
            System.out.println(test.out() + test.err());
            assertThat(test.exitCode()).as(test.err()).isEqualTo(1);
            assertThat(test.out()).contains("DATA LOST: the test file read back did not give back"
                    + " what was written.", "  then:             closing a test file failed with"
                    + " EIO (");
            // the warm-up (64 MiB, as the pass) lost data too: the totals count its read-back
            assertThat(test.out()).containsPattern("(?m)^  lost: {13}\\d+ B \\(.*\\) of"
                    + " 134217728 B \\(128.0 MiB\\) read back \\([0-9.]+ %\\), the untimed"
                    + " warm-up file's 67108864 B \\(64.0 MiB\\) included \\(data it lost is lost"
                    + " all the same\\)$");
            assertThat(test.errLines()).last().asString().startsWith("drivespeed: DATA LOST: ");
            assertThat(test.err()).doesNotContain("close and remove");

            CommandRun check = CommandRun.of(fs.toString(), "--verify-capacity", "--backend",
                    "native");
            System.out.println(check.out() + check.err());
            assertThat(check.exitCode()).as(check.err()).isEqualTo(1);
            assertThat(check.out()).contains("result:     DATA LOST");
            assertThat(TestFiles.testFiles(fs)).isEmpty();
        }
    }

    @Test
    void sshfsAsRootSaysTheMediumIsOnTheServerNotRunAsRoot() throws Exception {
        // before: "... Run as root, or check the device itself (--verify-capacity on it)."
        try (SshfsLoopback sshfs = SshfsLoopback.up(dir)) {
            CommandRun test = CommandRun.of(sshfs.mountDir().toString(), "--block-size", "1M",
                    "--count", "16", "--runs", "1");
            System.out.println(test.out() + test.err());
            assertThat(test.exitCode()).isEqualTo(1);
            assertThat(test.errLines()).containsExactly("drivespeed: NOT VERIFIED: "
                    + sshfs.mountDir() + " is a FUSE file system with no block device of this"
                    + " machine under it (a network file system: the data is on the server):"
                    + " what was read back came through its daemon from the server, whose page"
                    + " cache drivespeed cannot drop, so it may have come from memory. Running as"
                    + " root changes nothing here; measure where the medium is (on the server, in"
                    + " the directory it exports).");
            assertThat(test.out()).doesNotContainIgnoringCase("run as root")
                    .contains("through FUSE, with no block device of this machine under it");
        }
    }
}
