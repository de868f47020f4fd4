package io.github.drivespeed.internal.probe;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.target.DeviceNumber;
import io.github.drivespeed.target.MountInfo;
import io.github.drivespeed.target.TargetInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whether a FUSE mount has no block device of this machine under it, from a {@code /proc} tree
 * made in a temporary directory: sshfs's daemon, whose descriptors are /dev/fuse, a socket and a
 * file, holds none; a daemon whose descriptors cannot be read (not root) or no daemon at all
 * tells nothing; a mount that is not FUSE is not asked about.
 */
class FuseBackingDeviceTest {

    private static final Path MOUNT = Path.of("/media/remote");

    @TempDir
    Path proc;

    @Test
    void sshfsWhoseDaemonHoldsNoBlockDeviceHasNoneUnderIt() throws IOException {
        daemon(101, "sshfs\0root@127.0.0.1:/srv\0/media/remote\0", "/dev/fuse", "socket:[4711]",
                "/root/.ssh/known_hosts");
        daemon(102, "bash\0", "/dev/pts/0");
        FuseBackingDevice fuse = new FuseBackingDevice(proc);
        assertThat(fuse.holdsNoBlockDevice(sshfs())).isTrue();
        assertThat(fuse.of(sshfs())).isEmpty();
    }

    @Test
    void aDaemonWhoseDescriptorsCannotBeReadTellsNothing() throws IOException {
        Path pid = daemon(101, "sshfs\0root@127.0.0.1:/srv\0/media/remote\0", "/dev/fuse");
        try (var fds = Files.list(pid.resolve("fd"))) {
            for (Path fd : fds.toList()) {
                Files.delete(fd);
            }
        }
        Files.delete(pid.resolve("fd"));
        assertThat(new FuseBackingDevice(proc).holdsNoBlockDevice(sshfs())).isFalse();
    }

    @Test
    void noDaemonFoundOrAMountThatIsNotFuseTellsNothing() throws IOException {
        daemon(102, "bash\0", "/dev/pts/0");
        FuseBackingDevice fuse = new FuseBackingDevice(proc);
        assertThat(fuse.holdsNoBlockDevice(sshfs())).isFalse();
        daemon(101, "sshfs\0root@127.0.0.1:/srv\0/media/remote\0", "/dev/fuse");
        TargetInfo ext4 = TargetInfo.builder(MOUNT).fileSystemType("ext4")
                .fileSystemSource("/dev/sdb1").mount(mount("ext4", "/dev/sdb1")).build();
        assertThat(fuse.holdsNoBlockDevice(ext4)).isFalse();
    }

    private static TargetInfo sshfs() {
        return TargetInfo.builder(MOUNT).fileSystemType("fuse.sshfs")
                .fileSystemSource("root@127.0.0.1:/srv").mount(mount("fuse.sshfs",
                        "root@127.0.0.1:/srv")).build();
    }

    private static MountInfo mount(String type, String source) {
        return new MountInfo(MOUNT, "/", new DeviceNumber(0, 51), type, source, List.of("rw"),
                List.of("rw"));
    }

    /** A process under the fake /proc: its command line, working directory and descriptors. */
    private Path daemon(int pid, String cmdline, String... fds) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Integer.toString(pid)));
        Files.writeString(dir.resolve("cmdline"), cmdline, StandardCharsets.UTF_8);
        Files.createSymbolicLink(dir.resolve("cwd"), Path.of("/"));
        Path fd = Files.createDirectories(dir.resolve("fd"));
        for (int i = 0; i < fds.length; i++) {
            Files.createSymbolicLink(fd.resolve(Integer.toString(i)), Path.of(fds[i]));
        }
        return dir;
    }
}
