package io.github.drivespeed.nativeio;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;

/**
 * {@link Libc} for 64-bit Linux (x86_64, aarch64): pointers, {@code size_t}, {@code ssize_t} and
 * {@code off_t} are all 64 bits, so they map to Java {@code long} and every call passes
 * primitives only (JNA's fastest path: no objects built per call).
 */
final class Lp64Libc extends LinuxLibc {

    /** Direct-mapped glibc functions whose pointer, size and offset types are 64 bits. */
    static final class Calls {
        static {
            Native.register(Calls.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
        }

        private Calls() {
        }

        static native long pread(int fd, long buf, long count, long offset);

        static native long pwrite(int fd, long buf, long count, long offset);

        static native long lseek(int fd, long offset, int whence);

        static native int posix_fadvise(int fd, long offset, long len, int advice);

        static native int ioctl(int fd, long request, long arg);

        static native long mmap(long addr, long length, int prot, int flags, int fd, long offset);

        static native int munmap(long addr, long length);

        static native int madvise(long addr, long length, int advice);

        static native int mincore(long addr, long length, long vec);

        static native int statvfs(byte[] path, long buf);

        // syscall(2) is variadic; on x86_64 and aarch64 Linux integer arguments travel in the
        // same registers either way, and glibc's syscall() reads them as longs.
        static native long syscall(long number, long a1, long a2, long a3, long a4, long a5);
    }

    /** statx(3), bound on first use: glibc before 2.28 lacks it. */
    static final class StatxCall {
        static {
            Native.register(StatxCall.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
        }

        private StatxCall() {
        }

        static native int statx(int dirfd, byte[] path, int flags, int mask, long statxbuf);
    }

    /** preadv2(2), bound on first use: glibc before 2.26 lacks it. */
    static final class Preadv2Call {
        static {
            Native.register(Preadv2Call.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
        }

        private Preadv2Call() {
        }

        static native long preadv2(int fd, long iov, int iovcnt, long offset, int flags);
    }

    @Override
    public long preadv2(int fd, long iovAddress, int iovCount, long offset, int flags) {
        return Preadv2Call.preadv2(fd, iovAddress, iovCount, offset, flags);
    }

    @Override
    public long pread(int fd, long address, long count, long offset) {
        return Calls.pread(fd, address, count, offset);
    }

    @Override
    public long pwrite(int fd, long address, long count, long offset) {
        return Calls.pwrite(fd, address, count, offset);
    }

    @Override
    public long sizeBySeekToEnd(int fd) {
        return Calls.lseek(fd, 0, LinuxConstants.SEEK_END);
    }

    @Override
    public int posixFadvise(int fd, long offset, long length, int advice) {
        return Calls.posix_fadvise(fd, offset, length, advice);
    }

    @Override
    public int ioctl(int fd, long request, long argumentAddress) {
        return Calls.ioctl(fd, request, argumentAddress);
    }

    @Override
    public long mmap(long address, long length, int prot, int flags, int fd, long offset) {
        return Calls.mmap(address, length, prot, flags, fd, offset);
    }

    @Override
    public int munmap(long address, long length) {
        return Calls.munmap(address, length);
    }

    @Override
    public int madvise(long address, long length, int advice) {
        return Calls.madvise(address, length, advice);
    }

    @Override
    public int mincore(long address, long length, long vectorAddress) {
        return Calls.mincore(address, length, vectorAddress);
    }

    @Override
    public int statvfs(byte[] path, long bufferAddress) {
        return Calls.statvfs(path, bufferAddress);
    }

    @Override
    public long syscall(long number, long a1, long a2, long a3, long a4, long a5) {
        return Calls.syscall(number, a1, a2, a3, a4, a5);
    }

    @Override
    public int statx(int dirfd, byte[] path, int flags, int mask, long bufferAddress) {
        return StatxCall.statx(dirfd, path, flags, mask, bufferAddress);
    }
}
