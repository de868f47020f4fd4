/**
 * The native I/O backend for Linux: {@link io.github.drivespeed.nativeio.NativeIoBackend}, JNA
 * direct-mapped bindings to open(2) with O_DIRECT, O_DSYNC, O_TMPFILE and O_CLOEXEC,
 * pread(2)/pwrite(2) on page-aligned native memory, fdatasync(2), posix_fadvise(2), statx(2)
 * STATX_DIOALIGN, block-device ioctl(2)s and {@code /proc/sys/vm/drop_caches}. It is registered
 * for {@link java.util.ServiceLoader}, so with this module on the class path drivespeed uses it
 * wherever it is available and falls back to the pure-Java backend, saying why, elsewhere.
 */
package io.github.drivespeed.nativeio;
