package io.github.drivespeed.nativeio;

import java.util.Locale;
import java.util.Optional;

/**
 * The numbers the backend passes to the Linux kernel that differ between architectures, keyed by
 * architecture. An architecture without an entry gets no native backend: a flag value is never
 * guessed.
 *
 * <p>O_LARGEFILE is not in the table: the calls go through glibc's {@code open64}, which adds it
 * where it is needed (32-bit systems).
 *
 * <p>Sources (kernel uapi headers):
 * <ul>
 *   <li>open(2) flags: {@code include/uapi/asm-generic/fcntl.h} (x86_64, and the defaults), and
 *       {@code arch/arm64/include/uapi/asm/fcntl.h}, {@code arch/arm/include/uapi/asm/fcntl.h},
 *       which move O_DIRECTORY, O_NOFOLLOW, O_DIRECT and O_LARGEFILE: O_DIRECT is {@code 040000}
 *       on x86_64 but {@code 0200000} on aarch64 and arm. O_TMPFILE is
 *       {@code __O_TMPFILE | O_DIRECTORY}, so it differs too.</li>
 *   <li>ioctl numbers: {@code include/uapi/linux/fs.h} ({@code BLKSSZGET _IO(0x12,104)},
 *       {@code BLKPBSZGET _IO(0x12,123)}, {@code BLKGETSIZE64 _IOR(0x12,114,size_t)}) encoded
 *       by {@code include/uapi/asm-generic/ioctl.h}; BLKGETSIZE64 carries {@code sizeof(size_t)}.</li>
 *   <li>mmap(2): {@code include/uapi/asm-generic/mman-common.h} (PROT_READ 1, PROT_WRITE 2,
 *       MAP_SHARED 1, MAP_PRIVATE 2, MAP_ANONYMOUS 0x20).</li>
 *   <li>posix_fadvise(2): {@code include/uapi/linux/fadvise.h} (POSIX_FADV_DONTNEED 4; 6 on
 *       64-bit s390, which has no entry here).</li>
 *   <li>errno numbers: {@code include/uapi/asm-generic/errno-base.h} and {@code errno.h}, used
 *       unchanged by all three (see {@link Errno}).</li>
 * </ul>
 *
 * @param architecture the kernel's name for the architecture ({@code uname -m} style)
 * @param lp64 whether pointers, {@code long} and {@code size_t} are 64 bits wide
 * @param oRdonly O_RDONLY
 * @param oRdwr O_RDWR
 * @param oCreat O_CREAT
 * @param oExcl O_EXCL
 * @param oDsync O_DSYNC
 * @param oDirect O_DIRECT
 * @param oCloexec O_CLOEXEC
 * @param oTmpfile O_TMPFILE, including O_DIRECTORY as the kernel defines it
 * @param blkGetSize64 the ioctl request BLKGETSIZE64
 * @param blkSszGet the ioctl request BLKSSZGET
 * @param blkPbszGet the ioctl request BLKPBSZGET
 * @param protRead PROT_READ
 * @param protWrite PROT_WRITE
 * @param mapShared MAP_SHARED
 * @param mapPrivate MAP_PRIVATE
 * @param mapAnonymous MAP_ANONYMOUS
 * @param posixFadvDontneed POSIX_FADV_DONTNEED
 */
record LinuxConstants(String architecture, boolean lp64,
        int oRdonly, int oRdwr, int oCreat, int oExcl, int oDsync, int oDirect,
        int oCloexec, int oTmpfile,
        long blkGetSize64, long blkSszGet, long blkPbszGet,
        int protRead, int protWrite, int mapShared, int mapPrivate, int mapAnonymous,
        int posixFadvDontneed) {

    /** The most bytes one read(2) or write(2) moves: MAX_RW_COUNT, INT_MAX rounded down to a 4 KiB page. */
    static final long MAX_RW_COUNT = 0x7ffff000L;

    /** AT_FDCWD, include/uapi/linux/fcntl.h (all architectures). */
    static final int AT_FDCWD = -100;
    /** AT_EMPTY_PATH, include/uapi/linux/fcntl.h (all architectures). */
    static final int AT_EMPTY_PATH = 0x1000;
    /** SEEK_END, include/uapi/linux/fs.h. */
    static final int SEEK_END = 2;
    /**
     * FS_NOCOW_FL, include/uapi/linux/fs.h (all architectures): the file's data is written in
     * place (btrfs: no copy-on-write, no data checksums); {@code chattr +C}.
     */
    static final int FS_NOCOW_FL = 0x00800000;
    /**
     * ioctl BLKFLSBUF, {@code _IO(0x12,97)} in include/uapi/linux/fs.h (the same on every
     * architecture in the table): flush and drop a block device's buffer cache (CAP_SYS_ADMIN).
     */
    static final long BLKFLSBUF = 0x1261L;
    /** posix_fadvise(2) POSIX_FADV_NORMAL and POSIX_FADV_RANDOM: 0 and 1 on every architecture. */
    static final int POSIX_FADV_NORMAL = 0;
    static final int POSIX_FADV_RANDOM = 1;
    /**
     * ioctl BLKROGET, {@code _IO(0x12,94)} in include/uapi/linux/fs.h (the same on every
     * architecture in the table): whether the device is read-only (an {@code int}, non-zero when
     * it is: a write-protect switch, a read-only loop device, {@code blockdev --setro}).
     */
    static final long BLKROGET = 0x125eL;
    /**
     * madvise(2) MADV_HUGEPAGE, include/uapi/asm-generic/mman-common.h (used by x86_64, aarch64
     * and arm): back the range with transparent huge pages where possible.
     */
    static final int MADV_HUGEPAGE = 14;
    /**
     * madvise(2) MADV_POPULATE_WRITE (Linux 5.14+), asm-generic/mman-common.h: fault the range in
     * writable now, huge pages included; EINVAL on older kernels.
     */
    static final int MADV_POPULATE_WRITE = 23;
    /**
     * The cachestat(2) system call (Linux 6.5+): number 451 in arch/x86/entry/syscalls/syscall_64.tbl,
     * include/uapi/asm-generic/unistd.h (aarch64) and arch/arm/tools/syscall.tbl.
     */
    static final long SYS_CACHESTAT = 451;

    // Flag values common to every architecture in the table (asm-generic/fcntl.h).
    private static final int O_RDONLY = 0;
    private static final int O_RDWR = 02;
    private static final int O_CREAT = 0100;
    private static final int O_EXCL = 0200;
    private static final int O_DSYNC = 010000;
    private static final int O_CLOEXEC = 02000000;
    private static final int O_TMPFILE_BASE = 020000000; // __O_TMPFILE

    // ioctl numbers: _IO(0x12, nr) = 0x12 << 8 | nr; _IOR adds (2 << 30) | (size << 16).
    private static final long BLKSSZGET = 0x1268L;
    private static final long BLKPBSZGET = 0x127bL;
    private static final long BLKGETSIZE64_LP64 = 0x80081272L;
    private static final long BLKGETSIZE64_ILP32 = 0x80041272L;
    // FS_IOC_GETFLAGS _IOR('f', 1, long), FS_IOC_SETFLAGS _IOW('f', 2, long): sizeof(long) in the
    // number, though the kernel moves an int (include/uapi/linux/fs.h)
    private static final long FS_IOC_GETFLAGS_LP64 = 0x80086601L;
    private static final long FS_IOC_GETFLAGS_ILP32 = 0x80046601L;
    private static final long FS_IOC_SETFLAGS_LP64 = 0x40086602L;
    private static final long FS_IOC_SETFLAGS_ILP32 = 0x40046602L;

    /** x86_64: asm-generic/fcntl.h values. */
    static final LinuxConstants X86_64 = new LinuxConstants("x86_64", true,
            O_RDONLY, O_RDWR, O_CREAT, O_EXCL, O_DSYNC,
            040000, O_CLOEXEC, O_TMPFILE_BASE | 0200000, // O_DIRECTORY 0200000
            BLKGETSIZE64_LP64, BLKSSZGET, BLKPBSZGET, 1, 2, 1, 2, 0x20, 4);

    /** aarch64: arch/arm64/include/uapi/asm/fcntl.h moves O_DIRECTORY, O_DIRECT, O_LARGEFILE. */
    static final LinuxConstants AARCH64 = new LinuxConstants("aarch64", true,
            O_RDONLY, O_RDWR, O_CREAT, O_EXCL, O_DSYNC,
            0200000, O_CLOEXEC, O_TMPFILE_BASE | 040000, // O_DIRECTORY 040000
            BLKGETSIZE64_LP64, BLKSSZGET, BLKPBSZGET, 1, 2, 1, 2, 0x20, 4);

    /** 32-bit arm (EABI): arch/arm/include/uapi/asm/fcntl.h, the same moves as aarch64. */
    static final LinuxConstants ARM = new LinuxConstants("arm", false,
            O_RDONLY, O_RDWR, O_CREAT, O_EXCL, O_DSYNC,
            0200000, O_CLOEXEC, O_TMPFILE_BASE | 040000, // O_DIRECTORY 040000
            BLKGETSIZE64_ILP32, BLKSSZGET, BLKPBSZGET, 1, 2, 1, 2, 0x20, 4);

    /**
     * The table entry for a JVM architecture.
     *
     * @param osArch the {@code os.arch} system property ({@code amd64}, {@code aarch64},
     *     {@code arm}, ...)
     * @return the constants, or empty when this table has none for it
     */
    static Optional<LinuxConstants> forArchitecture(String osArch) {
        switch (osArch.toLowerCase(Locale.ROOT)) {
            case "amd64":
            case "x86_64":
                return Optional.of(X86_64);
            case "aarch64":
            case "arm64":
                return Optional.of(AARCH64);
            case "arm":
            case "armv7l":
            case "armhf":
                return Optional.of(ARM);
            default:
                return Optional.empty();
        }
    }

    /** @return the width of a pointer, {@code long}, {@code size_t} and {@code aio_context_t} in bytes: 8 or 4 */
    int pointerBytes() {
        return lp64 ? Long.BYTES : Integer.BYTES;
    }

    /**
     * @return the ioctl request FS_IOC_GETFLAGS, {@code _IOR('f', 1, long)}: it carries
     *     {@code sizeof(long)}, 8 or 4
     */
    long fsIocGetflags() {
        return lp64 ? FS_IOC_GETFLAGS_LP64 : FS_IOC_GETFLAGS_ILP32;
    }

    /** @return the ioctl request FS_IOC_SETFLAGS, {@code _IOW('f', 2, long)} */
    long fsIocSetflags() {
        return lp64 ? FS_IOC_SETFLAGS_LP64 : FS_IOC_SETFLAGS_ILP32;
    }

    /** @return the architectures this table has values for, for messages */
    static String knownArchitectures() {
        return "x86_64 (amd64), aarch64, arm";
    }

    /**
     * Names the notable flags of an open(2) call for messages, for example
     * {@code O_TMPFILE|O_DIRECT}.
     *
     * @param flags the flags passed
     * @return their names, or {@code O_RDONLY} when none is notable
     */
    String describeOpenFlags(int flags) {
        StringBuilder b = new StringBuilder();
        if ((flags & oTmpfile) == oTmpfile) {
            append(b, "O_TMPFILE");
        } else if ((flags & oCreat) != 0) {
            append(b, (flags & oExcl) != 0 ? "O_CREAT|O_EXCL" : "O_CREAT");
        }
        if ((flags & oDirect) != 0) {
            append(b, "O_DIRECT");
        }
        if ((flags & oDsync) != 0) {
            append(b, "O_DSYNC");
        }
        if (b.length() == 0) {
            append(b, (flags & oRdwr) != 0 ? "O_RDWR" : "O_RDONLY");
        }
        return b.toString();
    }

    private static void append(StringBuilder b, String name) {
        if (b.length() > 0) {
            b.append('|');
        }
        b.append(name);
    }
}
