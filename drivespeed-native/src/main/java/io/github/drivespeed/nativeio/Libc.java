package io.github.drivespeed.nativeio;

/**
 * The C library calls the native backend makes, with Java types wide enough for every
 * architecture in {@link LinuxConstants}: addresses, sizes and offsets are {@code long}. Calls
 * return what the C function returns; on failure read {@link #errno()} at once, on the same
 * thread. Implementations bind with JNA direct mapping ({@link com.sun.jna.Native#register}).
 */
interface Libc {

    /** open(2); {@code path} is NUL-terminated. */
    int open(byte[] path, int flags, int mode);

    /** close(2). */
    int close(int fd);

    /** pread(2) into native memory at {@code address}; at most {@link LinuxConstants#MAX_RW_COUNT} bytes. */
    long pread(int fd, long address, long count, long offset);

    /** pwrite(2) from native memory at {@code address}; at most {@link LinuxConstants#MAX_RW_COUNT} bytes. */
    long pwrite(int fd, long address, long count, long offset);

    /**
     * preadv2(2) through glibc (2.26+) into the iovecs at {@code iovAddress}.
     *
     * @throws UnsatisfiedLinkError if the C library has no preadv2
     */
    long preadv2(int fd, long iovAddress, int iovCount, long offset, int flags);

    /** fdatasync(2). */
    int fdatasync(int fd);

    /** lseek(2) with SEEK_END and offset 0: the file's size. */
    long sizeBySeekToEnd(int fd);

    /** posix_fadvise(2); returns 0 or the error number (it does not set errno). */
    int posixFadvise(int fd, long offset, long length, int advice);

    /** sync(2). */
    void sync();

    /** ioctl(2) whose third argument is a pointer to native memory. */
    int ioctl(int fd, long request, long argumentAddress);

    /** mmap(2); returns the address, or -1 (MAP_FAILED). */
    long mmap(long address, long length, int prot, int flags, int fd, long offset);

    /** madvise(2); returns 0, or -1 with errno. */
    int madvise(long address, long length, int advice);

    /** munmap(2). */
    int munmap(long address, long length);

    /** mincore(2): one byte per page into {@code vectorAddress}, bit 0 set when resident. */
    int mincore(long address, long length, long vectorAddress);

    /**
     * statx(2) through glibc (2.28+).
     *
     * @throws UnsatisfiedLinkError if the C library has no statx
     */
    int statx(int dirfd, byte[] path, int flags, int mask, long bufferAddress);

    /**
     * statvfs(3) ({@code statvfs64} on 32-bit Linux) into native memory at {@code bufferAddress},
     * at least {@link FileSystemStats#STATVFS_BYTES} bytes.
     */
    int statvfs(byte[] path, long bufferAddress);

    /**
     * glibc's {@code syscall(2)}, for the system calls it has no wrapper for (Linux AIO,
     * io_uring, cachestat): the kernel's result, or -1 with errno. Each argument is a C
     * {@code long}, as wide as a pointer: on 32-bit Linux it must fit 32 bits, signed or
     * unsigned (addresses, counts, descriptors and flags do).
     *
     * @throws IllegalArgumentException on 32-bit Linux, for an argument wider than 32 bits
     */
    long syscall(long number, long a1, long a2, long a3, long a4, long a5);

    /** geteuid(2). */
    int geteuid();

    /** getpagesize(2). */
    int pageSize();

    /** strerror(3). */
    String strerror(int errno);

    /** @return errno as the last call on this thread left it */
    int errno();
}
