package io.github.drivespeed.target;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The mount holding a target: one line of {@code /proc/self/mountinfo} (proc(5); kernel
 * {@code Documentation/filesystems/proc.rst}, "/proc/&lt;pid&gt;/mountinfo"), with its octal escapes
 * ({@code \040} for a space) decoded.
 *
 * @param mountPoint where the file system is mounted, relative to the process's root (field 5)
 * @param root the directory of the file system that is mounted there (field 4): {@code /} for a
 *     whole file system, a subdirectory for a bind mount of one, a subvolume path for btrfs
 * @param deviceNumber {@code st_dev} of files in this mount (field 3); major 0 for file systems
 *     without a block device of their own (tmpfs, NFS, btrfs)
 * @param fileSystemType the file-system type (the field after {@code -}), for example {@code ext4},
 *     {@code nfs4}, {@code fuse.sshfs}
 * @param source what was mounted (the field after the type), for example {@code /dev/sda1},
 *     {@code server:/export} or {@code tmpfs}
 * @param mountOptions per-mount options (field 6), for example {@code rw,nosuid,relatime}
 * @param superOptions per-super-block options (the last field), where the file system's own
 *     options and {@code sync} appear, for example {@code rw,sync,size=1024k}
 * @since 0.1.0
 */
public record MountInfo(Path mountPoint, String root, DeviceNumber deviceNumber,
        String fileSystemType, String source, List<String> mountOptions,
        List<String> superOptions) {

    /**
     * Checks that no field is null and copies the lists.
     *
     * @param mountPoint where the file system is mounted, relative to the process's root (field 5)
     * @param root the directory of the file system that is mounted there (field 4): {@code /} for a
     *     whole file system, a subdirectory for a bind mount of one, a subvolume path for btrfs
     * @param deviceNumber {@code st_dev} of files in this mount (field 3); major 0 for file systems
     *     without a block device of their own (tmpfs, NFS, btrfs)
     * @param fileSystemType the file-system type (the field after {@code -}), for example {@code ext4},
     *     {@code nfs4}, {@code fuse.sshfs}
     * @param source what was mounted (the field after the type), for example {@code /dev/sda1},
     *     {@code server:/export} or {@code tmpfs}
     * @param mountOptions per-mount options (field 6), for example {@code rw,nosuid,relatime}
     * @param superOptions per-super-block options (the last field), where the file system's own
     *     options and {@code sync} appear, for example {@code rw,sync,size=1024k}
     */
    public MountInfo {
        Objects.requireNonNull(mountPoint, "mountPoint");
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(deviceNumber, "deviceNumber");
        Objects.requireNonNull(fileSystemType, "fileSystemType");
        Objects.requireNonNull(source, "source");
        mountOptions = List.copyOf(mountOptions);
        superOptions = List.copyOf(superOptions);
    }

    /**
     * Both option fields in one list: the per-mount options, then the super-block options that
     * are not already there. {@code sync} may sit in either field, so look here for it.
     *
     * @return the effective options, in order, each once
     */
    public List<String> options() {
        Set<String> all = new LinkedHashSet<>(mountOptions);
        all.addAll(superOptions);
        return List.copyOf(new ArrayList<>(all));
    }

    /**
     * Whether an option is set, as a flag ({@code sync}) or with a value ({@code compress=zstd:3}).
     *
     * @param name the option name, without {@code =}
     * @return true if {@link #options()} holds {@code name} or {@code name=...}
     */
    public boolean hasOption(String name) {
        Objects.requireNonNull(name, "name");
        return options().stream().anyMatch(o -> o.equals(name) || o.startsWith(name + "="));
    }

    /**
     * The value of an option set as {@code name=value}.
     *
     * @param name the option name, without {@code =}
     * @return the value of the first such option, or empty when it is absent or a bare flag
     */
    public Optional<String> optionValue(String name) {
        Objects.requireNonNull(name, "name");
        String prefix = name + "=";
        return options().stream().filter(o -> o.startsWith(prefix))
                .map(o -> o.substring(prefix.length())).findFirst();
    }

    /**
     * For example {@code / (ext4 from /dev/vda, 254:0), mount options rw,relatime, super-block
     * options rw,discard}: the two fields apart, as a read-only bind mount ({@code ro} in the
     * mount options only) differs from a file system mounted read-only ({@code ro} in both); a
     * bind mount of a subdirectory adds {@code , root /sub}.
     */
    @Override
    public String toString() {
        return mountPoint + " (" + fileSystemType + " from " + source + ", " + deviceNumber
                + ("/".equals(root) ? "" : ", root " + root) + "), mount options "
                + String.join(",", mountOptions) + ", super-block options "
                + String.join(",", superOptions);
    }
}
