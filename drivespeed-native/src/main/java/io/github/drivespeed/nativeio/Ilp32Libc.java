package io.github.drivespeed.nativeio;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;

/**
 * {@link Libc} for 32-bit Linux (arm EABI): pointers, {@code size_t} and {@code ssize_t} are 32
 * bits and map to Java {@code int}; offsets use glibc's large-file functions ({@code pread64},
 * {@code pwrite64}, {@code lseek64}, {@code posix_fadvise64}, {@code mmap64}), whose
 * {@code off64_t} is 64 bits. Counts never exceed {@link LinuxConstants#MAX_RW_COUNT}, which fits
 * an {@code int}. Written against glibc's prototypes (the widths are checked against the arm
 * cross compiler by the tests) and run by CI on Debian's armhf JVM under qemu's user-mode
 * emulation.
 */
final class Ilp32Libc extends LinuxLibc {

    /** Direct-mapped glibc functions whose pointer and size types are 32 bits. */
    static final class Calls {
        static {
            Native.register(Calls.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
        }

        private Calls() {
        }

        static native int pread64(int fd, int buf, int count, long offset);

        static native int pwrite64(int fd, int buf, int count, long offset);

        static native long lseek64(int fd, long offset, int whence);

        static native int posix_fadvise64(int fd, long offset, long len, int advice);

        static native int ioctl(int fd, int request, int arg);

        static native int mmap64(int addr, int length, int prot, int flags, int fd, long offset);

        static native int munmap(int addr, int length);

        static native int madvise(int addr, int length, int advice);

        static native int mincore(int addr, int length, int vec);

        static native int statvfs64(byte[] path, int buf);

        // syscall(2) is variadic; on arm EABI 32-bit integer arguments travel in r0-r3 and then
        // on the stack either way, and glibc's syscall() reads them as (32-bit) longs.
        static native int syscall(int number, int a1, int a2, int a3, int a4, int a5);
    }

    /** statx(3), bound on first use: glibc before 2.28 lacks it. */
    static final class StatxCall {
        static {
            Native.register(StatxCall.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
        }

        private StatxCall() {
        }

        static native int statx(int dirfd, byte[] path, int flags, int mask, int statxbuf);
    }

    /** preadv64v2(2), bound on first use: glibc before 2.26 lacks it. */
    static final class Preadv2Call {
        static {
            Native.register(Preadv2Call.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
        }

        private Preadv2Call() {
        }

        static native int preadv64v2(int fd, int iov, int iovcnt, long offset, int flags);
    }

    @Override
    public long preadv2(int fd, long iovAddress, int iovCount, long offset, int flags) {
        return Preadv2Call.preadv64v2(fd, narrow(iovAddress), iovCount, offset, flags);
    }

    private static int narrow(long value) {
        if (value < 0 || value > 0xffffffffL) {
            throw new IllegalArgumentException("does not fit a 32-bit address or size: " + value);
        }
        return (int) value;
    }

    /** A C long's bits: a value that fits 32 bits as signed (-1, AT_FDCWD) or unsigned (addresses). */
    private static int word(long value) {
        if (value < Integer.MIN_VALUE || value > 0xffffffffL) {
            throw new IllegalArgumentException("does not fit a 32-bit long: " + value);
        }
        return (int) value;
    }

    @Override
    public long syscall(long number, long a1, long a2, long a3, long a4, long a5) {
        return Calls.syscall(word(number), word(a1), word(a2), word(a3), word(a4), word(a5));
    }

    @Override
    public long pread(int fd, long address, long count, long offset) {
        return Calls.pread64(fd, narrow(address), narrow(count), offset);
    }

    @Override
    public long pwrite(int fd, long address, long count, long offset) {
        return Calls.pwrite64(fd, narrow(address), narrow(count), offset);
    }

    @Override
    public long sizeBySeekToEnd(int fd) {
        return Calls.lseek64(fd, 0, LinuxConstants.SEEK_END);
    }

    @Override
    public int posixFadvise(int fd, long offset, long length, int advice) {
        return Calls.posix_fadvise64(fd, offset, length, advice);
    }

    @Override
    public int ioctl(int fd, long request, long argumentAddress) {
        return Calls.ioctl(fd, (int) request, narrow(argumentAddress));
    }

    @Override
    public long mmap(long address, long length, int prot, int flags, int fd, long offset) {
        int a = Calls.mmap64(narrow(address), narrow(length), prot, flags, fd, offset);
        return a == -1 ? -1 : Integer.toUnsignedLong(a);
    }

    @Override
    public int munmap(long address, long length) {
        return Calls.munmap(narrow(address), narrow(length));
    }

    @Override
    public int madvise(long address, long length, int advice) {
        return Calls.madvise(narrow(address), narrow(length), advice);
    }

    @Override
    public int mincore(long address, long length, long vectorAddress) {
        return Calls.mincore(narrow(address), narrow(length), narrow(vectorAddress));
    }

    @Override
    public int statvfs(byte[] path, long bufferAddress) {
        return Calls.statvfs64(path, narrow(bufferAddress));
    }

    @Override
    public int statx(int dirfd, byte[] path, int flags, int mask, long bufferAddress) {
        return StatxCall.statx(dirfd, path, flags, mask, narrow(bufferAddress));
    }
}
