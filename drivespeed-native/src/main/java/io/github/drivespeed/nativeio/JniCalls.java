package io.github.drivespeed.nativeio;

/**
 * The functions of drivespeed's JNI stub ({@code src/main/c/drivespeed_jni.c}): each makes one
 * system call with the architecture's system-call instruction and returns what the kernel
 * returns, the result or {@code -errno}. Only callable after {@link JniStub} loaded the library;
 * before that every method throws {@link UnsatisfiedLinkError}.
 */
final class JniCalls {

    /** The stub's ABI version that this class is written against ({@code DRIVESPEED_JNI_ABI}). */
    static final int ABI_VERSION = 1;

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
}
