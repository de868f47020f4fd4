package io.github.drivespeed.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.io.IOException;

/**
 * A file's inode flags through ioctl(2) FS_IOC_GETFLAGS and FS_IOC_SETFLAGS
 * ({@code include/uapi/linux/fs.h}; what {@code lsattr} and {@code chattr} use). The request
 * numbers carry {@code sizeof(long)}, but the kernel reads and writes an {@code int}.
 */
final class FileFlags {

    private FileFlags() {
    }

    /**
     * Adds FS_NOCOW_FL to an open, empty file's flags ({@code chattr +C}) and reads them back.
     *
     * @param libc the C library
     * @param c the architecture's ioctl numbers
     * @param fd the open file
     * @param name the file, for messages
     * @return whether the flag is set now; false where the file system has no such flags or
     *     refused this one (ENOTTY, EOPNOTSUPP, EINVAL)
     * @throws IOException naming the call and errno, for any other failure
     */
    static boolean setNoCow(Libc libc, LinuxConstants c, int fd, String name) throws IOException {
        try (Memory flags = new Memory(Long.BYTES)) {
            flags.setLong(0, 0);
            long address = Pointer.nativeValue(flags);
            if (!call(libc, fd, c.fsIocGetflags(), address, "ioctl(FS_IOC_GETFLAGS)", name)) {
                return false;
            }
            int before = flags.getInt(0);
            if ((before & LinuxConstants.FS_NOCOW_FL) != 0) {
                return true;
            }
            flags.setInt(0, before | LinuxConstants.FS_NOCOW_FL);
            if (!call(libc, fd, c.fsIocSetflags(), address, "ioctl(FS_IOC_SETFLAGS)", name)
                    || !call(libc, fd, c.fsIocGetflags(), address, "ioctl(FS_IOC_GETFLAGS)",
                            name)) {
                return false;
            }
            return (flags.getInt(0) & LinuxConstants.FS_NOCOW_FL) != 0;
        }
    }

    /** The call; false for the errors that mean "no such flags here", an exception otherwise. */
    private static boolean call(Libc libc, int fd, long request, long address, String operation,
            String name) throws IOException {
        if (libc.ioctl(fd, request, address) == 0) {
            return true;
        }
        int errno = libc.errno();
        if (errno == Errno.ENOTTY || errno == Errno.EOPNOTSUPP || errno == Errno.EINVAL) {
            return false;
        }
        throw Errno.exception(libc, operation, name, errno);
    }
}
