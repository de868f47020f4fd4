package io.github.drivespeed.nativeio;

import java.util.Optional;

/**
 * The numbers of the system calls glibc has no wrapper for (Linux AIO and io_uring), made through
 * glibc's {@code syscall(2)} ({@link Libc#syscall}) or the JNI stub (which takes its own from
 * {@code <asm/unistd.h>} at build time).
 *
 * <p>Sources: {@code arch/x86/entry/syscalls/syscall_64.tbl} (io_setup 206, io_destroy 207,
 * io_getevents 208, io_submit 209); {@code include/uapi/asm-generic/unistd.h} for aarch64
 * (io_setup 0, io_destroy 1, io_submit 2, io_getevents 4); {@code arch/arm/tools/syscall.tbl} for
 * 32-bit ARM EABI (io_setup 243, io_destroy 244, io_getevents 245, io_submit 246; io_getevents
 * there is the one with a 32-bit {@code timespec}, which drivespeed never passes); io_uring_setup
 * 425, io_uring_enter 426 and io_uring_register 427 on all three (the numbers shared by every
 * architecture since Linux 5.1). Checked against each architecture's {@code <asm/unistd.h>} by
 * the tests.
 *
 * @param ioSetup io_setup(2)
 * @param ioDestroy io_destroy(2)
 * @param ioSubmit io_submit(2)
 * @param ioGetevents io_getevents(2)
 * @param ioUringSetup io_uring_setup(2)
 * @param ioUringEnter io_uring_enter(2)
 * @param ioUringRegister io_uring_register(2)
 */
record SyscallNumbers(long ioSetup, long ioDestroy, long ioSubmit, long ioGetevents,
        long ioUringSetup, long ioUringEnter, long ioUringRegister) {

    static final SyscallNumbers X86_64 = new SyscallNumbers(206, 207, 209, 208, 425, 426, 427);
    static final SyscallNumbers AARCH64 = new SyscallNumbers(0, 1, 2, 4, 425, 426, 427);
    static final SyscallNumbers ARM = new SyscallNumbers(243, 244, 246, 245, 425, 426, 427);

    /**
     * @param constants the architecture
     * @return its numbers, or empty on an architecture this table has none for
     */
    static Optional<SyscallNumbers> forArchitecture(LinuxConstants constants) {
        switch (constants.architecture()) {
            case "x86_64":
                return Optional.of(X86_64);
            case "aarch64":
                return Optional.of(AARCH64);
            case "arm":
                return Optional.of(ARM);
            default:
                return Optional.empty();
        }
    }
}
