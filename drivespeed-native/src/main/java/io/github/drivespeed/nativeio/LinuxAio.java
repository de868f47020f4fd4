package io.github.drivespeed.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.util.Optional;

/**
 * Linux native asynchronous I/O (AIO): io_setup(2) and io_destroy(2) through glibc's
 * {@code syscall(2)} ({@link Libc#syscall}; glibc has no wrappers and libaio may not be
 * installed), io_submit(2) and io_getevents(2), which run per I/O, through {@link IoCalls} (the
 * JNI stub where it loaded). On x86_64, aarch64 and arm ({@link SyscallNumbers}); the context
 * ({@code aio_context_t}, an {@code unsigned long}) is as wide as a pointer.
 */
final class LinuxAio {

    private final SyscallNumbers numbers;
    private final IoCalls calls;
    private final Libc libc;
    private final LinuxConstants constants;

    /**
     * @param numbers the architecture's system-call numbers
     * @param calls the per-I/O route
     * @param libc the C library, for io_setup and io_destroy
     * @param constants the architecture (the context's width)
     */
    LinuxAio(SyscallNumbers numbers, IoCalls calls, Libc libc, LinuxConstants constants) {
        this.numbers = numbers;
        this.calls = calls;
        this.libc = libc;
        this.constants = constants;
    }

    /**
     * Why Linux AIO does not work here, if it does not: no system-call numbers for the
     * architecture, or an io_setup(2) of one event that fails (ENOSYS where the kernel has no
     * AIO, EAGAIN where fs.aio-max-nr is used up).
     *
     * @param r the runtime
     * @return empty when a queue can be set up, else why not
     */
    static Optional<String> unavailableReason(NativeRuntime r) {
        SyscallNumbers numbers = SyscallNumbers.forArchitecture(r.constants()).orElse(null);
        if (numbers == null) {
            return Optional.of("no Linux AIO system-call numbers for "
                    + r.constants().architecture());
        }
        LinuxAio aio = new LinuxAio(numbers, r.calls(), r.libc(), r.constants());
        try (Memory context = new Memory(Long.BYTES)) {
            context.clear();
            if (aio.setup(1, Pointer.nativeValue(context)) != 0) {
                return Optional.of("io_setup(2): " + Errno.describe(r.libc(), r.libc().errno()));
            }
            aio.destroy(aio.context(context, 0));
            return Optional.empty();
        } catch (LinkageError | RuntimeException e) {
            return Optional.of("io_setup(2) could not be called: " + e);
        }
    }

    /**
     * @param memory where io_setup(2) wrote the context
     * @param offset its offset in {@code memory}
     * @return the {@code aio_context_t} there: 8 bytes on 64-bit Linux, 4 (unsigned) on 32-bit
     */
    long context(Pointer memory, long offset) {
        return constants.lp64() ? memory.getLong(offset)
                : Integer.toUnsignedLong(memory.getInt(offset));
    }

    /** io_setup(nr_events, ctxp): 0, or -1 with errno. */
    long setup(int events, long contextAddress) {
        return libc.syscall(numbers.ioSetup(), events, contextAddress, 0, 0, 0);
    }

    /** io_destroy(ctx): 0, or -1 with errno. */
    long destroy(long context) {
        return libc.syscall(numbers.ioDestroy(), context, 0, 0, 0, 0);
    }

    /** io_submit(ctx, nr, iocbpp): iocbs submitted, or -errno. */
    long submit(long context, long count, long iocbPointersAddress) {
        return calls.ioSubmit(context, count, iocbPointersAddress);
    }

    /** io_getevents(ctx, min_nr, nr, events, NULL): events read, or -errno. */
    long getEvents(long context, long min, long max, long eventsAddress) {
        return calls.ioGetevents(context, min, max, eventsAddress);
    }
}
