package io.github.drivespeed.nativeio;

import java.io.IOException;

/**
 * A system call of the native backend failed. The message names the call, what it was about,
 * and the errno symbol and text: {@code open(O_DIRECT) /media/usb0: EINVAL (Invalid argument)},
 * {@code pwrite <unnamed O_TMPFILE in /mnt>: ENOSPC (No space left on device)}.
 */
public final class ErrnoException extends IOException {

    private static final long serialVersionUID = 1L;

    /** The failed call, for example {@code pwrite}. */
    private final String operation;
    /** The error number the call set. */
    private final int errno;
    /** The error's symbol, for example {@code ENOSPC}. */
    private final String errnoName;

    ErrnoException(String operation, String target, int errno, String errnoName,
            String errnoDescription) {
        super(operation + " " + target + ": " + errnoDescription);
        this.operation = operation;
        this.errno = errno;
        this.errnoName = errnoName;
    }

    /** @return the failed call, for example {@code pwrite} or {@code open(O_TMPFILE|O_DIRECT)} */
    public String operation() {
        return operation;
    }

    /** @return the error number the call set (or, for posix_fadvise, returned) */
    public int errno() {
        return errno;
    }

    /** @return the error's symbol, for example {@code ENOSPC} */
    public String errnoName() {
        return errnoName;
    }
}
