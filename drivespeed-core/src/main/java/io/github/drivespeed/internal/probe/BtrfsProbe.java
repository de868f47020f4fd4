package io.github.drivespeed.internal.probe;

import io.github.drivespeed.target.BtrfsData;
import io.github.drivespeed.target.MountInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What sysfs says of a mounted btrfs file system ({@code Documentation/ABI/testing/sysfs-fs-btrfs}):
 * its directory {@code /sys/fs/btrfs/<uuid>/}, found by a device of it among its
 * {@code devices/}; the devices of the file system; and how it keeps its data
 * ({@link BtrfsData}: a directory per data profile under {@code allocation/data/}, and the mount's
 * {@code nodatasum} and {@code nodatacow}).
 */
final class BtrfsProbe {

    /** The profile names btrfs gives its block groups (sysfs, btrfs-balance(8)). */
    private static final List<String> PROFILES = List.of("single", "dup", "raid0", "raid1",
            "raid1c3", "raid1c4", "raid10", "raid5", "raid6");

    private BtrfsProbe() {
    }

    /**
     * @param sysRoot where sysfs is mounted
     * @param deviceName the kernel name of a device of the file system
     * @return its directory under {@code fs/btrfs/}, or empty where none lists that device
     */
    static Optional<Path> fileSystemDir(Path sysRoot, String deviceName) {
        for (Path fs : SysfsFiles.entries(sysRoot.resolve("fs").resolve("btrfs"))) {
            if (devices(fs).contains(deviceName)) {
                return Optional.of(fs);
            }
        }
        return Optional.empty();
    }

    /**
     * @param fileSystemDir a file system's directory under {@code fs/btrfs/}
     * @return the kernel names of its devices ({@code devices/})
     */
    static List<String> devices(Path fileSystemDir) {
        List<String> all = new ArrayList<>();
        for (Path d : SysfsFiles.entries(fileSystemDir.resolve("devices"))) {
            all.add(d.getFileName().toString());
        }
        return all;
    }

    /**
     * How the file system holding {@code deviceName} keeps its data.
     *
     * @param sysRoot where sysfs is mounted
     * @param deviceName the kernel name of a device of the file system (the mount's source)
     * @param mount the mount, for {@code nodatasum} and {@code nodatacow}
     * @return the data's profiles (those holding space; all listed where none says) and whether
     *     new data is checksummed; empty where sysfs has no such file system
     */
    static Optional<BtrfsData> data(Path sysRoot, String deviceName, Optional<MountInfo> mount) {
        Optional<Path> fs = fileSystemDir(sysRoot, deviceName);
        if (fs.isEmpty()) {
            return Optional.empty();
        }
        Path data = fs.get().resolve("allocation").resolve("data");
        List<String> listed = new ArrayList<>();
        List<String> holding = new ArrayList<>();
        for (String profile : PROFILES) {
            Path dir = data.resolve(profile);
            if (Files.isDirectory(dir)) {
                listed.add(profile);
                OptionalLong total = SysfsFiles.number(dir.resolve("total_bytes"));
                if (total.isEmpty() || total.getAsLong() > 0) {
                    holding.add(profile);
                }
            }
        }
        boolean checksums = mount.filter(m -> m.hasOption("nodatasum")
                || m.hasOption("nodatacow")).isEmpty();
        return Optional.of(new BtrfsData(holding.isEmpty() ? listed : holding, checksums));
    }
}
