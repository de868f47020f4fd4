package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A read-only target, on real mounts: {@code --probe} warns (exit 0) and shows the mount options
 * and the super-block options apart; a measurement is refused before its header (exit 2),
 * naming the mount and which of the two is read-only, and writes nothing.
 */
@Tag("privileged")
class ReadOnlyTargetTest {

    @TempDir
    Path parent;

    @BeforeEach
    void needsRoot() {
        Privileged.requireRoot();
    }

    @Test
    void aFileSystemMountedReadOnlyIsWarnedOfByTheProbeAndRefusedByAMeasurement()
            throws IOException {
        try (Mounts.Mount ro = Mounts.mount(parent, "tmpfs", "ro,size=16m")) {
            Path dir = ro.dir().toRealPath();
            CommandRun probe = CommandRun.of("--probe", dir.toString());
            assertThat(probe.exitCode()).as(probe.err()).isZero();
            assertThat(probe.out()).contains("  mount:    " + dir + " (tmpfs from tmpfs, ")
                    .contains("), mount options ro,relatime, super-block options ro,size=16384k\n")
                    .contains("  - READ_ONLY_MOUNT: the target's mount is read-only");
            for (String[] measurement : List.of(
                    new String[] {dir.toString(), "--bs", "64K", "--count", "4", "--runs", "1"},
                    new String[] {dir.toString(), "--rw", "read", "--size", "1M", "--runtime",
                        "1"},
                    new String[] {dir.toString(), "--sustained", "--size", "4M"})) {
                CommandRun run = CommandRun.of(measurement);
                assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
                assertThat(run.out()).isEmpty();
                assertThat(run.errLines()).containsExactly("drivespeed: cannot create a test"
                        + " file in " + dir + ": the file system tmpfs from tmpfs is mounted"
                        + " read-only at " + dir + " (mount option ro, super-block option ro);"
                        + " remount it read-write or give a directory on a writable mount");
                assertThat(entries(dir)).isEmpty();
            }
        }
    }

    @Test
    void aReadOnlyBindMountIsNamedAsTheMountThatIsReadOnly() throws IOException {
        Path source = Files.createDirectory(parent.resolve("source"));
        Files.writeString(source.resolve("kept.txt"), "kept");
        try (Mounts.Mount ro = Mounts.bind(parent, source, true)) {
            Path dir = ro.dir().toRealPath();
            CommandRun probe = CommandRun.of("--probe", dir.toString());
            assertThat(probe.exitCode()).as(probe.err()).isZero();
            assertThat(probe.out()).containsPattern("mount options ro[,a-z]*, super-block"
                    + " options rw[,=a-z0-9_]*\n")
                    .contains("  - READ_ONLY_MOUNT: ");
            CommandRun run = CommandRun.of(dir.toString(), "--bs", "64K", "--count", "4",
                    "--runs", "1");
            assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
            assertThat(run.out()).isEmpty();
            assertThat(run.errLines()).singleElement().asString()
                    .startsWith("drivespeed: cannot create a test file in " + dir + ": the mount "
                            + dir + " is read-only (mount option ro) over a file system mounted"
                            + " read-write (")
                    .endsWith("): a read-only bind mount (EROFS); give a directory on a"
                            + " writable mount");
        }
        try (Stream<Path> left = Files.list(source)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly("kept.txt");
        }
        assertThat(Files.readString(source.resolve("kept.txt"))).isEqualTo("kept");
    }

    @Test
    void aWritableMountHasNoReadOnlyWarning() throws IOException {
        try (Mounts.Mount rw = Mounts.mount(parent, "tmpfs", "size=16m")) {
            CommandRun probe = CommandRun.of("--probe", rw.dir().toString());
            assertThat(probe.exitCode()).isZero();
            assertThat(probe.out()).doesNotContain("READ_ONLY_MOUNT")
                    .contains("mount options rw,");
        }
    }

    private static List<Path> entries(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }
}
