package io.github.drivespeed.spi;

import java.io.IOException;
import java.util.Objects;
import java.util.Optional;

/**
 * A call of a backend failed with an errno: the error as data, so that the engine acts on
 * {@link #errnoName()} ({@code ENOSPC}, {@code EDQUOT}, {@code EBUSY}, ...) and never on message
 * text. Backends throw it (or a subclass) for every failed read, write, sync, open and ioctl
 * whose errno they know, directly or as the cause of the {@link java.nio.file.FileSystemException}
 * the JDK would throw for the same errno. The message is {@code OPERATION TARGET: DESCRIPTION},
 * for example {@code pwrite <unnamed O_TMPFILE in /mnt>: ENOSPC (No space left on device)}.
 *
 * @since 0.1.0
 */
public class ErrnoIoException extends IOException {

    private static final long serialVersionUID = 1L;

    /** The failed call, for example {@code pwrite}. */
    private final String operation;
    /** The error's symbol, for example {@code ENOSPC}. */
    private final String errnoName;

    /**
     * An I/O exception for a system call that failed with an errno, naming the call and the symbol.
     *
     * @param operation the failed call, with the flags that matter, for example {@code pwrite} or
     *     {@code open(O_DIRECT)}
     * @param target the path or file description the call was about
     * @param errnoName the error's symbol as in errno(3), for example {@code ENOSPC}
     * @param description the symbol and the text, for example {@code ENOSPC (No space left on
     *     device)}
     * @param cause the failure as first reported (the JDK's exception), or null
     */
    public ErrnoIoException(String operation, String target, String errnoName,
            String description, Throwable cause) {
        super(operation + " " + target + ": " + description, cause);
        this.operation = Objects.requireNonNull(operation, "operation");
        this.errnoName = Objects.requireNonNull(errnoName, "errnoName");
    }

    /** {@return the failed call, for example {@code pwrite} or {@code open(O_TMPFILE|O_DIRECT)}} */
    public String operation() {
        return operation;
    }

    /** {@return the error's symbol as in errno(3), for example {@code ENOSPC}} */
    public String errnoName() {
        return errnoName;
    }

    /**
     * The errno of a failure: of the first {@link ErrnoIoException} in its chain of causes.
     *
     * @param failure a failure, or null
     * @return the errno exception found, if any
     */
    public static Optional<ErrnoIoException> in(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof ErrnoIoException) {
                return Optional.of((ErrnoIoException) t);
            }
        }
        return Optional.empty();
    }

    /**
     * {@return whether the failure's errno (see {@link #in}) is that one}
     *
     * @param failure a failure, or null
     * @param errnoName an errno symbol, for example {@code ENOSPC}
     */
    public static boolean is(Throwable failure, String errnoName) {
        return in(failure).map(e -> e.errnoName().equals(errnoName)).orElse(false);
    }
}
