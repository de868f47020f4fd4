package io.github.drivespeed.internal.preflight;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.InvalidSettingException.Reason;
import io.github.drivespeed.error.UnsafeTargetException;
import io.github.drivespeed.internal.probe.DeviceUsage;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.BlockDeviceRequest;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.FileHandle;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The checks before a block device may be opened for writing, in order: the caller confirmed it
 * by naming the same device again; the backend can open it exclusively; nothing uses it (no mount
 * of it, its partitions or anything stacked on them, no swap, no device-mapper or md holder),
 * forced or not; and it carries no partition table or file-system signature
 * ({@link DeviceSignatures}), unless forced.
 */
public final class DeviceWriteGuard {

    private DeviceWriteGuard() {
    }

    /**
     * Checks that the device may be opened for writing: confirmed by name, opened exclusively, used
     * by nothing, and with no signature unless forced.
     *
     * @param t the examined device
     * @param confirmation the path the caller named to allow writes, if any
     * @param force whether a signature may be overwritten
     * @throws UnsafeTargetException if writing is refused, with the reason
     * @throws IllegalArgumentException if the backend cannot write block devices
     * @throws IOException if the device's first bytes cannot be read
     */
    public static void check(DeviceTarget t, Optional<Path> confirmation, boolean force)
            throws IOException {
        if (t.readOnly()) {
            throw new UnsafeTargetException(t.given(), "it is read-only: the kernel refuses"
                    + " writes to it (sysfs ro, ioctl BLKROGET: a write-protect switch, a loop"
                    + " device attached with losetup -r, blockdev --setro)");
        }
        confirmed(t.given(), t.device(), confirmation);
        if (!t.io().capabilities().contains(Capability.BLOCK_DEVICE_WRITE)) {
            throw new InvalidSettingException("write", null, Reason.of("cannot be done by the "
                    + t.io().name() + " backend: it never writes block devices (it cannot open"
                    + " one exclusively with O_EXCL, which the kernel refuses for a device in"
                    + " use); use the native ").setting("backend"), null);
        }
        if (t.sysfsName().isEmpty()) {
            throw new UnsafeTargetException(t.given(), "cannot check whether it is mounted or in"
                    + " use: sysfs has no block device " + t.number());
        }
        DeviceUsage usage = DeviceUsage.of(t.sysfsName().get());
        if (usage.inUse()) {
            throw new UnsafeTargetException(t.given(), "it is in use (" + usage.describe()
                    + "); a device in use is never written, forced or not");
        }
        List<String> signatures = DeviceSignatures.find(head(t));
        if (!signatures.isEmpty() && !force) {
            throw new UnsafeTargetException(t.given(), Reason.of("it carries " + String.join(", ",
                    signatures) + "; writing would destroy it; ").setting("force")
                    .then(" writes anyway"));
        }
    }

    /**
     * Checks the caller's opt-in to writing, which needs no open of the device: writes allowed to
     * {@code given} by naming it again (compared after resolving symbolic links). A device that
     * does not exist is left to the examination, which refuses it as missing.
     *
     * @param given the device as the caller gave it
     * @param confirmation the path the caller named to allow writes, if any
     * @throws UnsafeTargetException if the opt-in is missing or names another device
     */
    public static void checkConfirmation(Path given, Optional<Path> confirmation)
            throws UnsafeTargetException {
        Optional<Path> device = realPath(given);
        if (device.isPresent()) {
            confirmed(given, device.get(), confirmation);
        }
    }

    private static void confirmed(Path given, Path device, Optional<Path> confirmation)
            throws UnsafeTargetException {
        if (confirmation.isEmpty()) {
            throw new UnsafeTargetException(given, Reason.of("writing destroys everything on"
                    + " it; to confirm, name the device again: ").setting("allowWritesTo")
                    .then(" " + given));
        }
        Path confirmed = confirmation.get();
        Optional<Path> real = realPath(confirmed);
        if (real.isEmpty() || !real.get().equals(device)) {
            throw new UnsafeTargetException(given, "writes were allowed to " + confirmed
                    + (real.map(r -> " (" + r + ")").orElse(", which does not exist"))
                    + ", not to this device (" + device + "); name the same device twice");
        }
    }

    /** Reads the device's first {@link DeviceSignatures#BYTES_NEEDED} bytes, read-only. */
    private static byte[] head(DeviceTarget t) throws IOException {
        int length = (int) Math.min(DeviceSignatures.BYTES_NEEDED, t.sizeBytes());
        byte[] head = new byte[length];
        if (length == 0) {
            return head;
        }
        try (FileHandle f = t.io().openBlockDevice(new BlockDeviceRequest(t.device(), false,
                false));
             AlignedBuffer buffer = t.io().allocate(length, Preflight.MIN_BUFFER_ALIGNMENT)) {
            long done = 0;
            while (done < length) {
                long n = f.read(buffer, done, length - done, done);
                if (n < 0) {
                    break;
                }
                done += n;
            }
            ByteBuffer view = buffer.window(0, length);
            view.get(head, 0, (int) done);
        }
        return head;
    }

    private static Optional<Path> realPath(Path p) {
        try {
            return Files.exists(p) ? Optional.of(p.toRealPath()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
