package io.github.drivespeed.nativeio;

import io.github.drivespeed.spi.ErrnoIoException;

/**
 * A system call of the native backend failed. The message names the call, what it was about,
 * and the errno symbol and text: {@code open(O_DIRECT) /media/usb0: EINVAL (Invalid argument)},
 * {@code pwrite <unnamed O_TMPFILE in /mnt>: ENOSPC (No space left on device)}.
 */
public final class ErrnoException extends ErrnoIoException {

    private static final long serialVersionUID = 1L;

    /** The error number the call set. */
    private final int errno;

    ErrnoException(String operation, String target, int errno, String errnoName,
            String errnoDescription) {
        super(operation, target, errnoName, errnoDescription, null);
        this.errno = errno;
    }

    /** {@return the error number the call set (or, for posix_fadvise, returned)} */
    public int errno() {
        return errno;
    }
}
