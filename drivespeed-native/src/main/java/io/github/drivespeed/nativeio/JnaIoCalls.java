package io.github.drivespeed.nativeio;

/**
 * {@link IoCalls} through JNA: glibc's pread/pwrite, and glibc's syscall(2) for AIO and io_uring
 * (64-bit Linux only, see {@link Syscall}); errno is read right after each failed call.
 */
final class JnaIoCalls implements IoCalls {
    private final Libc libc;
    private final SyscallNumbers numbers;

    JnaIoCalls(Libc libc, SyscallNumbers numbers) {
        this.libc = libc;
        this.numbers = numbers;
    }

    private long result(long r) {
        return r >= 0 ? r : -libc.errno();
    }

    @Override
    public long pread(int fd, long address, long count, long offset) {
        return result(libc.pread(fd, address, count, offset));
    }

    @Override
    public long pwrite(int fd, long address, long count, long offset) {
        return result(libc.pwrite(fd, address, count, offset));
    }

    @Override
    public long ioSubmit(long context, long count, long iocbPointersAddress) {
        if (numbers == null) {
            return -Errno.ENOSYS;
        }
        return result(libc.syscall(numbers.ioSubmit(), context, count,
                iocbPointersAddress, 0, 0));
    }

    @Override
    public long ioGetevents(long context, long minEvents, long maxEvents,
            long eventsAddress) {
        if (numbers == null) {
            return -Errno.ENOSYS;
        }
        return result(libc.syscall(numbers.ioGetevents(), context, minEvents, maxEvents,
                eventsAddress, 0));
    }

    @Override
    public int ioUringEnter(int fd, int toSubmit, int minComplete, int flags) {
        if (numbers == null) {
            return -Errno.ENOSYS;
        }
        return (int) result(libc.syscall(numbers.ioUringEnter(), fd,
                Integer.toUnsignedLong(toSubmit), Integer.toUnsignedLong(minComplete),
                Integer.toUnsignedLong(flags), 0));
    }

    @Override
    public String route() {
        return "JNA";
    }
}
