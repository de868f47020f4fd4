package io.github.drivespeed.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;

/**
 * Linux native asynchronous I/O (AIO) system calls: io_setup(2), io_submit(2), io_getevents(2),
 * io_destroy(2), made through glibc's {@code syscall(2)} ({@link Syscall}; glibc has no
 * wrappers for them and libaio may not be installed). 64-bit Linux only (x86_64, aarch64): on 32-bit systems
 * {@link #forArchitecture} gives none and queue depth runs as threads.
 *
 * <p>Syscall numbers: {@code arch/x86/entry/syscalls/syscall_64.tbl} (io_setup 206, io_destroy
 * 207, io_getevents 208, io_submit 209) and {@code include/uapi/asm-generic/unistd.h} for aarch64
 * (io_setup 0, io_destroy 1, io_submit 2, io_getevents 4).
 */
final class LinuxAio {

    private final long ioSetup;
    private final long ioDestroy;
    private final long ioSubmit;
    private final long ioGetevents;

    private LinuxAio(long ioSetup, long ioDestroy, long ioSubmit, long ioGetevents) {
        this.ioSetup = ioSetup;
        this.ioDestroy = ioDestroy;
        this.ioSubmit = ioSubmit;
        this.ioGetevents = ioGetevents;
    }

    /**
     * @param constants the architecture
     * @return the calls for it, or null on an architecture this class has no numbers for
     */
    static LinuxAio forArchitecture(LinuxConstants constants) {
        switch (constants.architecture()) {
            case "x86_64":
                return new LinuxAio(206, 207, 209, 208);
            case "aarch64":
                return new LinuxAio(0, 1, 2, 4);
            default:
                return null;
        }
    }

    /**
     * Whether Linux AIO works here: system call numbers for the architecture, and an io_setup(2)
     * of one event that succeeds (it fails with ENOSYS where the kernel has no AIO, and EAGAIN
     * where fs.aio-max-nr is used up).
     *
     * @param constants the architecture
     * @return true when a queue can be set up
     */
    static boolean works(LinuxConstants constants) {
        LinuxAio aio = forArchitecture(constants);
        if (aio == null) {
            return false;
        }
        try (Memory context = new Memory(Long.BYTES)) {
            context.setLong(0, 0);
            return aio.setup(1, Pointer.nativeValue(context)) == 0
                    && aio.destroy(context.getLong(0)) == 0;
        } catch (LinkageError | RuntimeException e) {
            return false;
        }
    }

    /** io_setup(nr_events, ctxp): 0, or -1 with errno. */
    long setup(int events, long contextAddress) {
        return Syscall.syscall(ioSetup, events, contextAddress, 0, 0, 0);
    }

    /** io_destroy(ctx): 0, or -1 with errno. */
    long destroy(long context) {
        return Syscall.syscall(ioDestroy, context, 0, 0, 0, 0);
    }

    /** io_submit(ctx, nr, iocbpp): iocbs submitted, or -1 with errno. */
    long submit(long context, long count, long iocbPointersAddress) {
        return Syscall.syscall(ioSubmit, context, count, iocbPointersAddress, 0, 0);
    }

    /** io_getevents(ctx, min_nr, nr, events, NULL): events read, or -1 with errno. */
    long getEvents(long context, long min, long max, long eventsAddress) {
        return Syscall.syscall(ioGetevents, context, min, max, eventsAddress, 0);
    }
}
