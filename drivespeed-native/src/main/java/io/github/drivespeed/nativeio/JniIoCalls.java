package io.github.drivespeed.nativeio;

/** {@link IoCalls} through the JNI stub ({@link JniCalls}); usable once {@link JniStub} loaded it. */
final class JniIoCalls implements IoCalls {
    static final JniIoCalls INSTANCE = new JniIoCalls();

    private JniIoCalls() {
    }

    @Override
    public long pread(int fd, long address, long count, long offset) {
        return JniCalls.pread(fd, address, count, offset);
    }

    @Override
    public long pwrite(int fd, long address, long count, long offset) {
        return JniCalls.pwrite(fd, address, count, offset);
    }

    @Override
    public long ioSubmit(long context, long count, long iocbPointersAddress) {
        return JniCalls.ioSubmit(context, count, iocbPointersAddress);
    }

    @Override
    public long ioGetevents(long context, long minEvents, long maxEvents,
            long eventsAddress) {
        return JniCalls.ioGetevents(context, minEvents, maxEvents, eventsAddress);
    }

    @Override
    public int ioUringEnter(int fd, int toSubmit, int minComplete, int flags) {
        return JniCalls.ioUringEnter(fd, toSubmit, minComplete, flags);
    }

    @Override
    public String route() {
        return "JNI";
    }
}

