package io.github.drivespeed.nativeio;

/**
 * The system calls of the per-I/O path (a transfer, a submission, a wait), each returning what
 * the kernel returns: the result, or {@code -errno} on failure. Made through the JNI stub where
 * it loaded ({@link #jni()}: one JNI call, then the system-call instruction), else through JNA
 * ({@link #jna}: libffi's dispatch into glibc, errno read afterwards). Everything else the
 * backend does goes through JNA either way: it happens once per file or queue, not per I/O.
 */
interface IoCalls {

    /** pread64(2) into native memory: bytes read, 0 at end of file, or -errno. */
    long pread(int fd, long address, long count, long offset);

    /** pwrite64(2) from native memory: bytes written, or -errno. */
    long pwrite(int fd, long address, long count, long offset);

    /** io_submit(2): iocbs submitted, or -errno. */
    long ioSubmit(long context, long count, long iocbPointersAddress);

    /** io_getevents(2) without a timeout: events read, or -errno. */
    long ioGetevents(long context, long minEvents, long maxEvents, long eventsAddress);

    /** io_uring_enter(2) without a signal mask: SQEs consumed, or -errno. */
    int ioUringEnter(int fd, int toSubmit, int minComplete, int flags);

    /** @return {@code JNI} or {@code JNA}, for descriptions */
    String route();

    /** @return the calls through the loaded JNI stub ({@link JniStub#load} must have succeeded) */
    static IoCalls jni() {
        return JniIoCalls.INSTANCE;
    }

    /**
     * @param libc the bound C library
     * @param numbers the architecture's system-call numbers, or null where there are none (then
     *     the AIO and io_uring calls fail with -ENOSYS)
     * @return the calls through JNA
     */
    static IoCalls jna(Libc libc, SyscallNumbers numbers) {
        return new JnaIoCalls(libc, numbers);
    }
}
