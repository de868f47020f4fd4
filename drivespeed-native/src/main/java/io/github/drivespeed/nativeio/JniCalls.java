package io.github.drivespeed.nativeio;

/**
 * The functions of drivespeed's JNI stub ({@code src/main/c/drivespeed_jni.c}): each makes one
 * system call with the architecture's system-call instruction and returns what the kernel
 * returns, the result or {@code -errno}. Only callable after {@link JniStub} loaded the library;
 * before that every method throws {@link UnsatisfiedLinkError}.
 */
final class JniCalls {

    /** The stub's ABI version that this class is written against ({@code DRIVESPEED_JNI_ABI}). */
    static final int ABI_VERSION = 2;

    private JniCalls() {
    }

    /** @return the loaded stub's {@code DRIVESPEED_JNI_ABI} */
    static native int abiVersion();

    /** pread64(2) into native memory: bytes read, 0 at end of file, or -errno. */
    static native long pread(int fd, long address, long count, long offset);

    /** pwrite64(2) from native memory: bytes written, or -errno. */
    static native long pwrite(int fd, long address, long count, long offset);

    /** io_submit(2): iocbs submitted, or -errno. */
    static native long ioSubmit(long context, long count, long iocbPointersAddress);

    /** io_getevents(2) without a timeout: events read, or -errno. */
    static native long ioGetevents(long context, long minEvents, long maxEvents,
            long eventsAddress);

    /** io_uring_enter(2) without a signal mask: SQEs consumed, or -errno. */
    static native int ioUringEnter(int fd, int toSubmit, int minComplete, int flags);

    /**
     * Synchronous, timed transfers of {@code length} bytes for I/Os {@code [from, to)}: I/O i is
     * one pread64(2), or pwrite64(2) when {@code write} is non-zero, at the i-th of the longs at
     * {@code positions} from or into the i-th address at {@code addresses}; the clock (through
     * the function at {@code clockFunction}, clock_gettime(CLOCK_MONOTONIC)) goes to the longs
     * at {@code times}: entry {@code from} before the first I/O, {@code i + 1} after I/O i. Stops
     * before an I/O once the clock is at or past {@code deadline}, and after one that moved
     * other than {@code length} bytes, whose result (or -errno) goes to the long at
     * {@code status} ({@code length} otherwise).
     *
     * @return how many I/Os moved {@code length} bytes
     */
    static native int timedTransfers(int fd, int write, long length, long positions,
            long addresses, long times, long status, int from, int to, long clockFunction,
            long deadline);
}
