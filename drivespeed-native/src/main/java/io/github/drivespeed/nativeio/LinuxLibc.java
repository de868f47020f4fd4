package io.github.drivespeed.nativeio;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;

/**
 * The {@link Libc} calls whose C types are the same width on every supported architecture
 * ({@code int} file descriptors and results, NUL-terminated paths); subclasses bind the calls
 * whose pointers, sizes and offsets differ between 64-bit and 32-bit Linux.
 */
abstract class LinuxLibc implements Libc {

    /** Direct-mapped glibc functions with the same prototype everywhere. */
    static final class Calls {
        static {
            Native.register(Calls.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
        }

        private Calls() {
        }

        // open64(2) is variadic; on x86_64, aarch64 and arm Linux the mode argument travels like
        // a fixed int argument, so a fixed three-argument prototype is what glibc reads. The 64
        // variant adds O_LARGEFILE on 32-bit systems and is the same function on 64-bit ones.
        static native int open64(byte[] path, int flags, int mode);

        static native int close(int fd);

        static native int fdatasync(int fd);

        static native void sync();

        static native int geteuid();

        static native int getpagesize();

        static native Pointer strerror(int errnum);
    }

    @Override
    public final int open(byte[] path, int flags, int mode) {
        return Calls.open64(path, flags, mode);
    }

    @Override
    public final int close(int fd) {
        return Calls.close(fd);
    }

    @Override
    public final int fdatasync(int fd) {
        return Calls.fdatasync(fd);
    }

    @Override
    public final void sync() {
        Calls.sync();
    }

    @Override
    public final int geteuid() {
        return Calls.geteuid();
    }

    @Override
    public final int pageSize() {
        return Calls.getpagesize();
    }

    @Override
    public final String strerror(int errno) {
        Pointer p = Calls.strerror(errno);
        return p == null ? null : p.getString(0);
    }

    @Override
    public final int errno() {
        return Native.getLastError();
    }
}
