package io.github.drivespeed.nativeio;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.Map;

/**
 * errno numbers of Linux on x86_64, aarch64 and arm ({@code include/uapi/asm-generic/errno-base.h}
 * and {@code errno.h}; architectures with other numbers, such as mips, sparc, alpha and parisc,
 * have no entry in {@link LinuxConstants}), and the exceptions failed calls become.
 */
final class Errno {

    static final int EPERM = 1;
    static final int ENOENT = 2;
    static final int EINTR = 4;
    static final int EAGAIN = 11;
    static final int EEXIST = 17;
    static final int EISDIR = 21;
    static final int EINVAL = 22;
    static final int EACCES = 13;
    static final int ENOSPC = 28;
    static final int ENOTTY = 25;
    static final int EROFS = 30;
    static final int ENOSYS = 38;
    static final int EOPNOTSUPP = 95;

    private static final Map<Integer, String> NAMES = Map.ofEntries(
            Map.entry(1, "EPERM"), Map.entry(2, "ENOENT"), Map.entry(3, "ESRCH"),
            Map.entry(4, "EINTR"), Map.entry(5, "EIO"), Map.entry(6, "ENXIO"),
            Map.entry(7, "E2BIG"), Map.entry(8, "ENOEXEC"), Map.entry(9, "EBADF"),
            Map.entry(10, "ECHILD"), Map.entry(11, "EAGAIN"), Map.entry(12, "ENOMEM"),
            Map.entry(13, "EACCES"), Map.entry(14, "EFAULT"), Map.entry(15, "ENOTBLK"),
            Map.entry(16, "EBUSY"), Map.entry(17, "EEXIST"), Map.entry(18, "EXDEV"),
            Map.entry(19, "ENODEV"), Map.entry(20, "ENOTDIR"), Map.entry(21, "EISDIR"),
            Map.entry(22, "EINVAL"), Map.entry(23, "ENFILE"), Map.entry(24, "EMFILE"),
            Map.entry(25, "ENOTTY"), Map.entry(26, "ETXTBSY"), Map.entry(27, "EFBIG"),
            Map.entry(28, "ENOSPC"), Map.entry(29, "ESPIPE"), Map.entry(30, "EROFS"),
            Map.entry(31, "EMLINK"), Map.entry(32, "EPIPE"), Map.entry(33, "EDOM"),
            Map.entry(34, "ERANGE"), Map.entry(35, "EDEADLK"), Map.entry(36, "ENAMETOOLONG"),
            Map.entry(37, "ENOLCK"), Map.entry(38, "ENOSYS"), Map.entry(39, "ENOTEMPTY"),
            Map.entry(40, "ELOOP"), Map.entry(61, "ENODATA"), Map.entry(75, "EOVERFLOW"),
            Map.entry(95, "EOPNOTSUPP"), Map.entry(107, "ENOTCONN"), Map.entry(110, "ETIMEDOUT"),
            Map.entry(116, "ESTALE"), Map.entry(117, "EUCLEAN"), Map.entry(121, "EREMOTEIO"),
            Map.entry(122, "EDQUOT"), Map.entry(123, "ENOMEDIUM"), Map.entry(124, "EMEDIUMTYPE"),
            Map.entry(125, "ECANCELED"));

    private Errno() {
    }

    /** @return every errno value this class names, with its symbol */
    static Map<Integer, String> names() {
        return NAMES;
    }

    /**
     * @param errno an errno value
     * @return its symbol, for example {@code EINVAL}, or {@code errno 200} when unknown
     */
    static String name(int errno) {
        String name = NAMES.get(errno);
        return name != null ? name : "errno " + errno;
    }

    /**
     * @param libc for strerror(3)
     * @param errno an errno value
     * @return symbol and text, for example {@code EINVAL (Invalid argument)}
     */
    static String describe(Libc libc, int errno) {
        String text;
        try {
            text = libc.strerror(errno);
        } catch (RuntimeException | LinkageError e) {
            text = null;
        }
        return name(errno) + (text == null || text.isEmpty() ? "" : " (" + text + ")");
    }

    /**
     * The exception for a failed call, with the message {@code operation target: SYMBOL (text)},
     * for example {@code open(O_DIRECT) /media/usb0: EINVAL (Invalid argument)}.
     *
     * @param libc for strerror(3)
     * @param operation the call, with the flags that matter, for example {@code pwrite}
     * @param target the path or file description the call was about
     * @param errno the error number
     * @return the exception
     */
    static ErrnoException exception(Libc libc, String operation, String target, int errno) {
        return new ErrnoException(operation, target, errno, name(errno), describe(libc, errno));
    }

    /**
     * Like {@link #exception}, but as the {@link FileSystemException} subclass the JDK throws
     * for the same errno where callers act on the type (EEXIST, EACCES, EPERM, ENOENT), with the
     * {@link ErrnoException} as its cause. Its reason carries the symbol and text, so that
     * {@code Read-only file system} (EROFS) and {@code Operation not permitted} (EPERM) are found
     * where the JDK's reason would carry them.
     *
     * @param libc for strerror(3)
     * @param operation the call
     * @param path the path the call was about
     * @param errno the error number
     * @return the exception
     */
    static IOException pathException(Libc libc, String operation, String path, int errno) {
        ErrnoException cause = exception(libc, operation, path, errno);
        String reason = operation + ": " + describe(libc, errno);
        FileSystemException e;
        switch (errno) {
            case EEXIST:
                e = new FileAlreadyExistsException(path, null, reason);
                break;
            case EACCES:
            case EPERM:
                e = new AccessDeniedException(path, null, reason);
                break;
            case ENOENT:
                e = new NoSuchFileException(path, null, reason);
                break;
            case EROFS:
                e = new FileSystemException(path, null, reason);
                break;
            default:
                return cause;
        }
        e.initCause(cause);
        return e;
    }
}
