package io.github.drivespeed.internal.probe;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.target.DeviceNumber;
import io.github.drivespeed.target.MountInfo;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MountTableTest {

    private static Optional<MountInfo> find(MountTable t, String path, String dev) {
        return t.find(Path.of(path), Optional.ofNullable(dev).map(DeviceNumber::parse));
    }

    @Test
    void parsesTheDocumentedExampleLine() {
        // proc(5)
        MountTable t = MountTable.parse("36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3"
                + " /dev/root rw,errors=continue\n");
        MountInfo m = t.mounts().get(0);
        assertThat(m.deviceNumber()).isEqualTo(new DeviceNumber(98, 0));
        assertThat(m.root()).isEqualTo("/mnt1");
        assertThat(m.mountPoint()).isEqualTo(Path.of("/mnt2"));
        assertThat(m.mountOptions()).containsExactly("rw", "noatime");
        assertThat(m.fileSystemType()).isEqualTo("ext3");
        assertThat(m.source()).isEqualTo("/dev/root");
        assertThat(m.superOptions()).containsExactly("rw", "errors=continue");
        assertThat(m.options()).containsExactly("rw", "noatime", "errors=continue");
    }

    @Test
    void takesAnyNumberOfOptionalFieldsAndSkipsMalformedLines() {
        MountTable t = MountTable.parse(String.join("\n",
                "1 0 8:1 / / rw - ext4 /dev/sda1 rw",
                "2 1 8:2 / /a rw shared:1 master:2 propagate_from:3 unbindable - xfs /dev/sda2 rw",
                "garbage line without separator",
                "3 1 x:y / /b rw - ext4 /dev/sdb1 rw",
                "4 1 0:5 / /c rw - tmpfs"));
        assertThat(t.mounts()).extracting(MountInfo::fileSystemType).containsExactly("ext4", "xfs");
    }

    @Test
    void decodesOctalEscapes() {
        assertThat(MountTable.unescape("/media/My\\040Disk")).isEqualTo("/media/My Disk");
        assertThat(MountTable.unescape("a\\011b\\012c\\134d")).isEqualTo("a\tb\nc\\d");
        assertThat(MountTable.unescape("trailing\\04")).isEqualTo("trailing\\04");
        assertThat(MountTable.unescape("\\999")).isEqualTo("\\999");
        MountTable t = MountTable.parse(
                "5 1 8:17 / /media/a\\040b rw - vfat /dev/sdb1 rw,sync\n");
        assertThat(find(t, "/media/a b/c", null).orElseThrow().mountPoint())
                .isEqualTo(Path.of("/media/a b"));
    }

    @Test
    void theLongestMountPointHolds() {
        MountTable t = MountTable.parse(String.join("\n",
                "1 0 8:1 / / rw - ext4 /dev/sda1 rw",
                "2 1 8:2 / /home rw - ext4 /dev/sda2 rw",
                "3 2 8:3 / /home/alice/data rw - ext4 /dev/sda3 rw"));
        assertThat(find(t, "/home/alice/data/x", "8:3").orElseThrow().source())
                .isEqualTo("/dev/sda3");
        assertThat(find(t, "/home/alice", "8:2").orElseThrow().source()).isEqualTo("/dev/sda2");
        // component-wise: /home/alice/database is not under /home/alice/data
        assertThat(find(t, "/home/alice/database", null).orElseThrow().source())
                .isEqualTo("/dev/sda2");
        assertThat(find(t, "/etc", "8:1").orElseThrow().source()).isEqualTo("/dev/sda1");
    }

    @Test
    void ofMountsOnOnePointTheLastIsOnTop() {
        MountTable t = MountTable.parse(String.join("\n",
                "1 0 8:1 / / rw - ext4 /dev/sda1 rw",
                "2 1 0:20 / /mnt rw - tmpfs first rw",
                "3 2 0:21 / /mnt rw - tmpfs second rw"));
        assertThat(find(t, "/mnt/x", null).orElseThrow().source()).isEqualTo("second");
        assertThat(find(t, "/mnt/x", "0:21").orElseThrow().source()).isEqualTo("second");
    }

    @Test
    void aMountHiddenUnderALaterMountOnAnAncestorIsSkippedByDeviceNumber() {
        // /mnt/a/b was mounted first, then /mnt/a on top of its parent: /mnt/a/b is no longer seen
        MountTable t = MountTable.parse(String.join("\n",
                "1 0 8:1 / / rw - ext4 /dev/sda1 rw",
                "2 1 0:30 / /mnt/a/b rw - tmpfs hidden rw",
                "3 1 0:31 / /mnt/a rw - tmpfs visible rw"));
        assertThat(find(t, "/mnt/a/b", "0:31").orElseThrow().source()).isEqualTo("visible");
    }

    @Test
    void syncIsFoundInEitherOptionField() {
        MountTable t = MountTable.parse(String.join("\n",
                "1 0 8:1 / /a rw,sync - ext4 /dev/sda1 rw",
                "2 0 8:2 / /b rw - ext4 /dev/sda2 rw,sync",
                "3 0 8:3 / /c rw - nfs4 srv:/x rw,async",
                "4 0 8:4 / /d rw - ext4 /dev/sda4 rw,dirsync"));
        assertThat(t.mounts()).extracting(m -> m.hasOption("sync"))
                .containsExactly(true, true, false, false);
    }
}
