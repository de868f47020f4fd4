package io.github.drivespeed.internal.preflight;

import io.github.drivespeed.target.MountInfo;
import java.util.Optional;

/**
 * Why a mount is read-only, from its two option fields in {@code /proc/self/mountinfo} (proc(5)):
 * the per-mount options ({@code ro} on a read-only bind mount, {@code mount -o remount,bind,ro})
 * and the super block's ({@code ro} where the file system itself is mounted read-only, or was
 * remounted read-only by the kernel after an error, {@code errors=remount-ro}).
 */
final class ReadOnlyMount {

    private ReadOnlyMount() {
    }

    /**
     * {@return the refusal's reason naming the mount and which field says {@code ro}, then what
     * to do; empty where neither does}
     *
     * @param m the mount holding the target
     * @param errno the errno that told, as {@code " (EROFS)"}, or empty
     */
    static Optional<String> reason(MountInfo m, String errno) {
        boolean mountRo = m.mountOptions().contains("ro");
        boolean superRo = m.superOptions().contains("ro");
        String fileSystem = m.fileSystemType() + " from " + m.source();
        if (mountRo && !superRo) {
            return Optional.of("the mount " + m.mountPoint() + " is read-only (mount option ro)"
                    + " over a file system mounted read-write (" + fileSystem + ", super-block"
                    + " options " + String.join(",", m.superOptions()) + "): a read-only bind"
                    + " mount" + errno + "; give a directory on a writable mount");
        }
        if (mountRo) {
            return Optional.of("the file system " + fileSystem + " is mounted read-only at "
                    + m.mountPoint() + " (mount option ro, super-block option ro)" + errno
                    + "; remount it read-write or give a directory on a writable mount");
        }
        if (superRo) {
            return Optional.of("the file system " + fileSystem + " is read-only in its super"
                    + " block (super-block option ro) though the mount " + m.mountPoint()
                    + " says rw" + errno + ": mounted read-only elsewhere, or remounted"
                    + " read-only by the kernel after an error (see dmesg)");
        }
        return Optional.empty();
    }
}
