package io.github.drivespeed.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the system's own tools (coreutils {@code stat}, util-linux {@code findmnt} and
 * {@code lsblk}) say about a path: an independent reading against which tests check the probe.
 * Tests only; the library never starts a process.
 */
public final class SystemTools {

    /**
     * statfs(2) {@code f_type} magic numbers ({@code <linux/magic.h>}) and the mountinfo types
     * that carry them. {@code stat -f -c %T} prints one name per magic ({@code ext2/ext3} for
     * ext4 too), so tests compare through the magic.
     */
    private static final Map<String, Set<String>> TYPES_BY_MAGIC = Map.ofEntries(
            Map.entry("ef53", Set.of("ext2", "ext3", "ext4")),
            Map.entry("1021994", Set.of("tmpfs", "devtmpfs")),
            Map.entry("858458f6", Set.of("ramfs")),
            Map.entry("9123683e", Set.of("btrfs")),
            Map.entry("58465342", Set.of("xfs")),
            Map.entry("6969", Set.of("nfs", "nfs4")),
            Map.entry("794c7630", Set.of("overlay")),
            Map.entry("65735546", Set.of("fuse", "fuseblk")),
            Map.entry("2fc12fc1", Set.of("zfs")),
            Map.entry("4d44", Set.of("vfat", "msdos")),
            Map.entry("f2f52010", Set.of("f2fs")),
            Map.entry("ca451a4e", Set.of("bcachefs")),
            Map.entry("9fa0", Set.of("proc")));

    private SystemTools() {
    }

    private static String run(String... command) throws IOException {
        return Mounts.execOrThrow(command).output();
    }

    /**
     * @param path a file
     * @return its {@code st_dev} as {@code major:minor}, from {@code stat -c %Hd:%Ld}
     * @throws IOException if stat fails
     */
    public static String deviceNumber(Path path) throws IOException {
        return run("stat", "-c", "%Hd:%Ld", path.toString()).strip();
    }

    /**
     * @param path a file
     * @return the mountinfo type names that the file system's statfs magic stands for, from
     *     {@code stat -f -c %t}; empty when the magic is not in the table
     * @throws IOException if stat fails
     */
    public static Set<String> typesByStatfsMagic(Path path) throws IOException {
        String magic = run("stat", "-f", "-c", "%t", path.toString()).strip();
        return TYPES_BY_MAGIC.getOrDefault(magic, Set.of());
    }

    /**
     * A mount as {@code findmnt -r} prints it.
     *
     * @param target the mount point
     * @param fileSystemType the type
     * @param source the source
     * @param majorMinor {@code major:minor}
     * @param options all options, per-mount and file-system ones
     */
    public record FoundMount(String target, String fileSystemType, String source,
            String majorMinor, List<String> options) { }

    /**
     * @param path a file
     * @return the mount holding it per {@code findmnt -T}, of several stacked there the one
     *     whose device number is the file's
     * @throws IOException if findmnt fails or lists none of that device
     */
    public static FoundMount findmnt(Path path) throws IOException {
        String dev = deviceNumber(path);
        String out = run("findmnt", "-n", "-r", "-o", "TARGET,FSTYPE,SOURCE,MAJ:MIN,OPTIONS",
                "-T", path.toString());
        for (String line : out.split("\n")) {
            String[] f = line.strip().split(" ");
            if (f.length == 5 && f[3].equals(dev)) {
                return new FoundMount(unhex(f[0]), f[1], unhex(f[2]), f[3],
                        Arrays.asList(f[4].split(",")));
            }
        }
        throw new IOException("findmnt -T " + path + " lists no mount of " + dev + ": " + out);
    }

    /** findmnt -r writes unsafe characters as {@code \x20}. */
    private static String unhex(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            if (s.startsWith("\\x", i) && i + 4 <= s.length()) {
                sb.append((char) Integer.parseInt(s.substring(i + 2, i + 4), 16));
                i += 3;
            } else {
                sb.append(s.charAt(i));
            }
        }
        return sb.toString();
    }

    /**
     * A block device as {@code lsblk -r} prints it.
     *
     * @param name the kernel name
     * @param majorMinor {@code major:minor}
     * @param logicalBlockBytes {@code LOG-SEC}
     * @param physicalBlockBytes {@code PHY-SEC}
     * @param rotational {@code ROTA}
     * @param scheduler {@code SCHED}, empty when none
     */
    public record ListedBlockDevice(String name, String majorMinor, long logicalBlockBytes,
            long physicalBlockBytes, boolean rotational, String scheduler) { }

    /**
     * @param majorMinor a device number
     * @return the block device of that number per {@code lsblk}, if listed
     * @throws IOException if lsblk fails
     */
    public static Optional<ListedBlockDevice> lsblk(String majorMinor) throws IOException {
        String out = run("lsblk", "-n", "-r", "-o", "NAME,MAJ:MIN,LOG-SEC,PHY-SEC,ROTA,SCHED");
        for (String line : out.split("\n")) {
            String[] f = line.split(" ", -1);
            if (f.length >= 5 && f[1].equals(majorMinor)) {
                return Optional.of(new ListedBlockDevice(f[0], f[1], Long.parseLong(f[2]),
                        Long.parseLong(f[3]), "1".equals(f[4]), f.length > 5 ? f[5] : ""));
            }
        }
        return Optional.empty();
    }
}
