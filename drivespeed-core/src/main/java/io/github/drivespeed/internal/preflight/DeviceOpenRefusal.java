package io.github.drivespeed.internal.preflight;

import io.github.drivespeed.error.DeviceOpenRefusedException;
import io.github.drivespeed.internal.probe.MountTable;
import io.github.drivespeed.spi.ErrnoIoException;
import io.github.drivespeed.target.DeviceNumber;
import io.github.drivespeed.target.MountInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

/**
 * A block device's open(2) refused by the kernel before any I/O ({@code EACCES}, {@code EPERM}),
 * turned into a refusal that names the likely reason and what to try: a node on a file system
 * mounted {@code nodev} (mount(8)), a node whose mode and owner do not let this user open it, a
 * device cgroup or a container's device policy, or a security module.
 */
public final class DeviceOpenRefusal {

    private DeviceOpenRefusal() {
    }

    /**
     * {@return the refusal for a failed open of a block device}: a
     * {@link DeviceOpenRefusedException} for {@code EACCES} and {@code EPERM}, {@code failure}
     * itself for any other failure.
     *
     * @param given the device as the caller gave it
     * @param device its real path
     * @param failure the failed open (an {@link ErrnoIoException} or one caused by it)
     * @param writing whether it was opened for writing
     */
    public static IOException of(Path given, Path device, IOException failure, boolean writing) {
        Optional<ErrnoIoException> errno = ErrnoIoException.in(failure);
        if (errno.isEmpty() || !(errno.get().errnoName().equals("EACCES")
                || errno.get().errnoName().equals("EPERM"))) {
            return failure;
        }
        String name = errno.get().errnoName();
        return new DeviceOpenRefusedException(given, name, "the kernel refused to open it for "
                + (writing ? "writing" : "reading") + " (" + name + ", nothing was read or"
                + " written): " + likelyReason(device, name, writing), failure);
    }

    private static String likelyReason(Path device, String errnoName, boolean writing) {
        Optional<MountInfo> nodev = mountOf(device).filter(m -> m.hasOption("nodev"));
        if (nodev.isPresent()) {
            return "the file system holding the node (" + nodev.get().fileSystemType() + " on "
                    + nodev.get().mountPoint() + ") is mounted nodev, so no device opens"
                    + " through it; give the device's node under /dev";
        }
        if (errnoName.equals("EACCES")) {
            return "permission denied: " + modeAndOwner(device) + " do not let this user ("
                    + System.getProperty("user.name") + ") open it"
                    + (writing ? " for writing" : "") + "; run as root or as a member of the"
                    + " node's group (ls -l " + device + "), or, as root, see whether a security"
                    + " module (SELinux, AppArmor) denies it";
        }
        return "operation not permitted: a device cgroup or a container's device policy refuses"
                + " this device (give it to the container, for example docker run --device "
                + device + ", or allow it in the cgroup's device rules), or a security module"
                + " (SELinux, AppArmor, lockdown) denies it";
    }

    private static String modeAndOwner(Path device) {
        try {
            PosixFileAttributes a = Files.readAttributes(device, PosixFileAttributes.class);
            return "its mode " + PosixFilePermissions.toString(a.permissions()) + ", owner "
                    + a.owner().getName() + " and group " + a.group().getName();
        } catch (IOException | UnsupportedOperationException e) {
            return "its mode and owner";
        }
    }

    /** The mount holding the node, from /proc/self/mountinfo, if it can be read. */
    private static Optional<MountInfo> mountOf(Path device) {
        try {
            DeviceNumber stDev = DeviceNumber.fromStDev(
                    ((Number) Files.getAttribute(device, "unix:dev")).longValue());
            return MountTable.parse(Files.readString(Path.of("/proc/self/mountinfo")))
                    .find(device, Optional.of(stDev));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
