package io.github.drivespeed.internal.probe;

import io.github.drivespeed.target.MountInfo;
import io.github.drivespeed.target.TargetInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The block device under a FUSE file system whose daemon reads and writes it (exfat-fuse,
 * ntfs-3g, fusefat): such a daemon opens the device without O_DIRECT, so the device's page cache
 * holds what it just wrote, and a read-back through the mount may come from memory however the
 * file is opened. Found from the mount table for type {@code fuseblk} (its source is the device,
 * as {@code mount.exfat-fuse} and {@code ntfs-3g} mount it), else from the daemon: the one process
 * whose command line names the mount point and which holds exactly one block device open
 * ({@code /proc/PID/cmdline}, {@code /proc/PID/fd}; other processes' descriptors are readable by
 * root only). Pure Java, no child processes; {@code /proc} injectable for tests.
 */
public final class FuseBackingDevice {

    /** The st_mode file-type bits, and the block-device type (sys/stat.h). */
    private static final int S_IFMT = 0170000;
    private static final int S_IFBLK = 0060000;

    private final Path proc;

    /**
     * Looks processes up under {@code proc}.
     *
     * @param proc the proc file system's root, {@code /proc} outside tests
     */
    public FuseBackingDevice(Path proc) {
        this.proc = proc;
    }

    /**
     * {@return whether the file-system type is FUSE's: {@code fuse}, {@code fuseblk} or
     * {@code fuse.*}, as mountinfo(5) names them}
     *
     * @param fileSystemType a mountinfo file-system type
     */
    public static boolean isFuse(String fileSystemType) {
        return fileSystemType.equals("fuse") || fileSystemType.equals("fuseblk")
                || fileSystemType.startsWith("fuse.");
    }

    /**
     * {@return the block device the FUSE daemon of the target's mount reads, or empty when there
     * is none to be found (not FUSE, a FUSE file system over files or the network, or a daemon
     * whose descriptors this process may not read)}
     *
     * @param target the probed target
     */
    public Optional<Path> of(TargetInfo target) {
        String type = target.fileSystemType();
        if (!isFuse(type)) {
            return Optional.empty();
        }
        Path source = Path.of("/").resolve(target.fileSystemSource());
        if (type.equals("fuseblk") && isBlockDevice(source)) {
            return Optional.of(source);
        }
        return target.mount().map(MountInfo::mountPoint).flatMap(this::heldByDaemonOf);
    }

    /**
     * {@return whether the target is a FUSE file system with no block device of this machine
     * under it: not {@code fuseblk} over a device, and its daemon (the processes whose command
     * line names the mount point) found, every descriptor of it readable, and none a block
     * device; as sshfs (the network) and FUSE file systems over files or directories. False
     * where that cannot be told (no daemon found, or its descriptors unreadable: not root)}
     *
     * @param target the probed target
     */
    public boolean holdsNoBlockDevice(TargetInfo target) {
        String type = target.fileSystemType();
        if (!isFuse(type) || (type.equals("fuseblk")
                && isBlockDevice(Path.of("/").resolve(target.fileSystemSource())))) {
            return false;
        }
        return target.mount().map(MountInfo::mountPoint).flatMap(this::devicesOfDaemon)
                .map(Set::isEmpty).orElse(false);
    }

    /** The one block device held open by the processes whose command line names the mount. */
    private Optional<Path> heldByDaemonOf(Path mountPoint) {
        Set<Path> devices = devicesOfDaemon(mountPoint).orElse(Set.of());
        return devices.size() == 1 ? Optional.of(devices.iterator().next()) : Optional.empty();
    }

    /**
     * The block devices held open by the processes whose command line names the mount; empty
     * when no such process was found or the descriptors of one could not be read.
     */
    private Optional<Set<Path>> devicesOfDaemon(Path mountPoint) {
        Set<Path> devices = new TreeSet<>();
        boolean found = false;
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(proc, "[0-9]*")) {
            for (Path pid : pids) {
                if (namesMount(pid, mountPoint)) {
                    Optional<Set<Path>> held = blockDevicesHeld(pid);
                    if (held.isEmpty()) {
                        return Optional.empty();
                    }
                    devices.addAll(held.get());
                    found = true;
                }
            }
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
        return found ? Optional.of(devices) : Optional.empty();
    }

    /** Whether an argument of the process, taken from its working directory, is the mount point. */
    private static boolean namesMount(Path pid, Path mountPoint) {
        try {
            String cmdline = new String(Files.readAllBytes(pid.resolve("cmdline")),
                    StandardCharsets.UTF_8);
            Path cwd = Files.readSymbolicLink(pid.resolve("cwd"));
            for (String arg : cmdline.split("\0")) {
                if (!arg.isEmpty() && cwd.resolve(arg).normalize().equals(mountPoint)) {
                    return true;
                }
            }
            return false;
        } catch (IOException | UncheckedIOException | java.nio.file.InvalidPathException e) {
            return false;
        }
    }

    /** The block devices among the process's open descriptors; empty when they are unreadable. */
    private static Optional<Set<Path>> blockDevicesHeld(Path pid) {
        Set<Path> devices = new TreeSet<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(pid.resolve("fd"))) {
            for (Path fd : fds) {
                try {
                    Path target = Files.readSymbolicLink(fd);
                    if (target.startsWith("/dev") && isBlockDevice(target)) {
                        devices.add(target);
                    }
                } catch (IOException e) {
                    // closed meanwhile
                }
            }
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
        return Optional.of(devices);
    }

    /** Whether the path is a block device (stat(2) st_mode, through the JDK's "unix" view). */
    static boolean isBlockDevice(Path path) {
        try {
            Object mode = Files.getAttribute(path, "unix:mode");
            return mode instanceof Integer m && (m & S_IFMT) == S_IFBLK;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }
}
