package io.github.drivespeed.nativeio;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;

/**
 * glibc's {@code long syscall(long number, ...)}, for the system calls glibc has no wrapper for
 * (Linux AIO, cachestat). 64-bit Linux only (x86_64, aarch64), where every argument travels as a
 * {@code long} in a register.
 */
final class Syscall {

    static {
        Native.register(Syscall.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
    }

    private Syscall() {
    }

    // syscall(2) is variadic; on x86_64 and aarch64 Linux integer arguments travel in the same
    // registers either way, and glibc's syscall() reads them as longs.
    static native long syscall(long number, long a1, long a2, long a3, long a4, long a5);
}
