package io.github.drivespeed.internal.preflight;

import io.github.drivespeed.error.TargetNotFoundException;
import io.github.drivespeed.error.TargetNotWritableException;
import io.github.drivespeed.error.UnsupportedTargetException;
import io.github.drivespeed.error.UnsupportedTargetException.FileKind;
import io.github.drivespeed.internal.io.IoFailures;
import io.github.drivespeed.internal.javaio.JdkErrno;
import io.github.drivespeed.spi.ErrnoIoException;
import io.github.drivespeed.target.MountInfo;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AccessMode;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/** Checks a target before anything is written; never creates or changes anything. */
public final class TargetChecks {

    /** File-type bits of st_mode (stat(2), inode(7)). */
    private static final int S_IFMT = 0170000;
    private static final int S_IFSOCK = 0140000;
    private static final int S_IFBLK = 0060000;
    private static final int S_IFCHR = 0020000;
    private static final int S_IFIFO = 0010000;

    /**
     * Kernel pseudo file systems: they hold no drive, and writing a test file there either fails
     * oddly or pokes kernel interfaces.
     */
    private static final Set<String> PSEUDO_FILE_SYSTEMS = Set.of("proc", "sysfs", "cgroup",
            "cgroup2", "devpts", "debugfs", "tracefs", "securityfs", "pstore", "bpf", "configfs",
            "fusectl", "mqueue", "binfmt_misc", "efivarfs", "selinuxfs", "autofs", "nsfs",
            "rpc_pipefs", "hugetlbfs");

    private TargetChecks() {
    }

    /**
     * Resolves {@code target} to the real path of an existing directory.
     *
     * @param target the path the caller gave
     * @return its real path (symbolic links resolved)
     * @throws TargetNotFoundException if it does not exist (a dangling link included)
     * @throws UnsupportedTargetException if it exists but is not a directory
     * @throws IOException if it cannot be examined
     */
    public static Path requireDirectory(Path target) throws IOException {
        if (!Files.exists(target)) {
            throw new TargetNotFoundException(target);
        }
        if (!Files.isDirectory(target)) {
            FileKind kind = Files.isRegularFile(target) ? FileKind.REGULAR_FILE
                    : kindOf(fileType(target));
            throw new UnsupportedTargetException(target, kind, FileKind.DIRECTORY,
                    describeNonDirectory(target));
        }
        return target.toRealPath();
    }

    private static String describeNonDirectory(Path target) {
        if (Files.isRegularFile(target)) {
            return "it is a regular file; give the directory to test in"
                    + " (drivespeed creates and removes its own test file there)";
        }
        switch (fileType(target)) {
            case S_IFBLK:
                return "it is a block device; give a directory on a mounted file system"
                        + " (raw block devices are measured by DriveSpeed.onDevice, read-only)";
            case S_IFCHR:
                return "it is a character device (such as /dev/null or a terminal), not a drive;"
                        + " give a directory";
            case S_IFIFO:
                return "it is a named pipe, not a drive; give a directory";
            case S_IFSOCK:
                return "it is a socket, not a drive; give a directory";
            default:
                return "it is not a directory";
        }
    }

    /** The kind of file of these S_IFMT bits. */
    private static FileKind kindOf(int fileType) {
        switch (fileType) {
            case S_IFBLK:
                return FileKind.BLOCK_DEVICE;
            case S_IFCHR:
                return FileKind.CHARACTER_DEVICE;
            case S_IFIFO:
                return FileKind.PIPE;
            case S_IFSOCK:
                return FileKind.SOCKET;
            default:
                return FileKind.OTHER;
        }
    }

    /** @return the S_IFMT bits of {@code target}'s st_mode, or -1 where they cannot be read */
    private static int fileType(Path target) {
        try {
            return ((Integer) Files.getAttribute(target, "unix:mode")) & S_IFMT;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return -1;
        }
    }

    /**
     * Resolves {@code target} to the real path of an existing block device.
     *
     * @param target the path the caller gave
     * @return its real path (symbolic links such as {@code /dev/disk/by-id/...} resolved)
     * @throws TargetNotFoundException if it does not exist (it is never created)
     * @throws UnsupportedTargetException if it exists but is not a block device
     * @throws IOException if it cannot be examined
     */
    public static Path requireBlockDevice(Path target) throws IOException {
        if (!Files.exists(target)) {
            throw new TargetNotFoundException(target);
        }
        if (Files.isDirectory(target)) {
            throw new UnsupportedTargetException(target, FileKind.DIRECTORY,
                    FileKind.BLOCK_DEVICE, "it is a directory; a device test needs a"
                    + " block device such as /dev/sdb (to measure the file system holding a"
                    + " directory, use DriveSpeed.on(directory))");
        }
        if (Files.isRegularFile(target)) {
            throw new UnsupportedTargetException(target, FileKind.REGULAR_FILE,
                    FileKind.BLOCK_DEVICE, "it is a regular file, not a block"
                    + " device; drivespeed never reads or writes an existing file (give a block"
                    + " device such as /dev/sdb, or a directory to DriveSpeed.on)");
        }
        switch (fileType(target)) {
            case S_IFBLK:
                return target.toRealPath();
            case S_IFCHR:
                throw new UnsupportedTargetException(target, FileKind.CHARACTER_DEVICE,
                        FileKind.BLOCK_DEVICE, "it is a character device (such as"
                        + " /dev/null or a terminal), not a block device");
            case S_IFIFO:
                throw new UnsupportedTargetException(target, FileKind.PIPE,
                        FileKind.BLOCK_DEVICE, "it is a named pipe, not a block"
                        + " device");
            case S_IFSOCK:
                throw new UnsupportedTargetException(target, FileKind.SOCKET,
                        FileKind.BLOCK_DEVICE, "it is a socket, not a block device");
            default:
                throw new UnsupportedTargetException(target, FileKind.OTHER,
                        FileKind.BLOCK_DEVICE, "it is not a block device");
        }
    }

    /**
     * Refuses a directory on a kernel pseudo file system (proc, sysfs, cgroup, devpts, ...).
     *
     * @param directory an existing directory
     * @param store its file store
     * @throws UnsupportedTargetException if the file system is a pseudo file system
     */
    public static void requireDriveBacked(Path directory, FileStore store)
            throws UnsupportedTargetException {
        if (PSEUDO_FILE_SYSTEMS.contains(store.type())) {
            throw new UnsupportedTargetException(directory, FileKind.PSEUDO_FILE_SYSTEM_DIRECTORY,
                    FileKind.DIRECTORY, "it is on the " + store.type()
                    + " pseudo file system, which holds no drive; give a directory on a drive");
        }
    }

    /**
     * Checks that a test file can be created in {@code directory}.
     *
     * @param directory an existing directory
     * @param store its file store
     * @param mount the mount holding it, where known, to name a read-only one
     * @throws TargetNotWritableException if the mount is read-only or the process may not write
     *     there (no permission, or an immutable directory); the message names the errno, and a
     *     read-only mount by its mount point, saying whether the mount or its super block is
     *     read-only
     */
    public static void requireWritable(Path directory, FileStore store, Optional<MountInfo> mount)
            throws TargetNotWritableException {
        // once the kernel has said read-only, the mount table's entry names the mount
        if (store.isReadOnly()) {
            throw new TargetNotWritableException(directory, mount.flatMap(m -> ReadOnlyMount
                    .reason(m, "")).orElse(IoFailures.READ_ONLY), null);
        }
        // access(2) W_OK, with its errno: FileStore.isReadOnly() reads the mount table entry the
        // JDK matched, which for a read-only bind mount is often the writable mount beneath it.
        try {
            directory.getFileSystem().provider().checkAccess(directory, AccessMode.WRITE);
        } catch (AccessDeniedException e) {
            throw new TargetNotWritableException(directory, "permission denied (EACCES: the"
                    + " directory's permissions do not let this user create files)", e);
        } catch (IOException e) {
            IOException errno = JdkErrno.translate("access(W_OK)", directory, e);
            if (ErrnoIoException.is(errno, "EROFS")) {
                throw new TargetNotWritableException(directory, mount.flatMap(m -> ReadOnlyMount
                        .reason(m, " (EROFS)")).orElse(IoFailures.READ_ONLY + " (EROFS)"), e);
            }
            if (ErrnoIoException.is(errno, "EPERM")) {
                throw new TargetNotWritableException(directory, IoFailures.NOT_PERMITTED, e);
            }
            throw new TargetNotWritableException(directory, errno.getMessage(), e);
        }
    }
}
