package io.github.drivespeed.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import io.github.drivespeed.spi.BlockDeviceGeometry;
import java.io.IOException;
import java.nio.file.Path;

/** A block device's size and sector sizes through ioctl(2) (linux/fs.h); nothing is written. */
final class BlockDeviceIoctls {

    private BlockDeviceIoctls() {
    }

    /**
     * @param libc the C library
     * @param c the architecture's flags and ioctl numbers
     * @param device the device node
     * @return BLKGETSIZE64, BLKSSZGET, BLKPBSZGET and BLKROGET
     * @throws IOException naming the failed call and errno (ENOTTY: not a block device)
     */
    static BlockDeviceGeometry geometry(Libc libc, LinuxConstants c, Path device)
            throws IOException {
        String name = device.toString();
        int fd = libc.open(PathBytes.of(device), c.oRdonly() | c.oCloexec(), 0);
        if (fd < 0) {
            throw Errno.pathException(libc, "open(O_RDONLY)", name, libc.errno());
        }
        try (Memory out = new Memory(Long.BYTES)) {
            long address = Pointer.nativeValue(out);
            ioctl(libc, fd, c.blkGetSize64(), address, "ioctl(BLKGETSIZE64)", name);
            long size = out.getLong(0);
            ioctl(libc, fd, c.blkSszGet(), address, "ioctl(BLKSSZGET)", name);
            int logical = out.getInt(0);
            ioctl(libc, fd, c.blkPbszGet(), address, "ioctl(BLKPBSZGET)", name);
            int physical = out.getInt(0);
            ioctl(libc, fd, LinuxConstants.BLKROGET, address, "ioctl(BLKROGET)", name);
            boolean readOnly = out.getInt(0) != 0;
            return new BlockDeviceGeometry(size, logical, physical, readOnly);
        } finally {
            libc.close(fd);
        }
    }

    private static void ioctl(Libc libc, int fd, long request, long address, String operation,
            String name) throws IOException {
        if (libc.ioctl(fd, request, address) != 0) {
            throw Errno.exception(libc, operation, name, libc.errno());
        }
    }
}
