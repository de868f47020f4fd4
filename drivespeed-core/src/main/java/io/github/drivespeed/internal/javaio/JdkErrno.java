package io.github.drivespeed.internal.javaio;

import io.github.drivespeed.spi.ErrnoIoException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.ClosedChannelException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.Map;
import java.util.Optional;

/**
 * The errno behind a JDK {@link IOException}: the one place in drivespeed that reads an
 * exception's text. The JDK reports a failed system call with the strerror(3) text only
 * ({@code No space left on device}, as the reason of a {@link FileSystemException} or as the
 * message of a plain {@code IOException}); this class turns the texts of glibc's strerror for the
 * errnos the engine acts on into an {@link ErrnoIoException}, so that everything else acts on
 * {@link ErrnoIoException#errnoName()}. A text in another language (a C library with translated
 * messages) or an errno not listed stays untranslated: the engine then treats the failure as a
 * plain I/O error, which names the JDK's text.
 */
public final class JdkErrno {

    /** glibc's strerror(3) texts, by errno symbol (the same in musl for these). */
    private static final Map<String, String> BY_TEXT = Map.ofEntries(
            Map.entry("No space left on device", "ENOSPC"),
            Map.entry("Disk quota exceeded", "EDQUOT"),
            Map.entry("Device or resource busy", "EBUSY"),
            Map.entry("Read-only file system", "EROFS"),
            Map.entry("Operation not permitted", "EPERM"),
            Map.entry("Permission denied", "EACCES"),
            Map.entry("Invalid argument", "EINVAL"),
            Map.entry("Input/output error", "EIO"),
            Map.entry("No medium found", "ENOMEDIUM"),
            Map.entry("File too large", "EFBIG"),
            Map.entry("No such device or address", "ENXIO"),
            Map.entry("No such device", "ENODEV"),
            Map.entry("Operation not supported", "EOPNOTSUPP"));

    private JdkErrno() {
    }

    /**
     * The errno of a JDK failure, as an {@link ErrnoIoException} with the failure as its cause;
     * the failure itself when it already is one, when its type says what happened (an
     * interruption, a closed channel, and the JDK's EEXIST, EACCES and ENOENT:
     * {@link FileAlreadyExistsException}, {@link AccessDeniedException},
     * {@link NoSuchFileException}), or when its text names no errno listed here.
     *
     * @param operation the call, for example {@code pwrite}
     * @param target what it was about, for example the file's path
     * @param failure what the JDK threw
     * @return the exception to throw in its place
     */
    public static IOException translate(String operation, Object target, IOException failure) {
        if (failure instanceof ErrnoIoException || failure instanceof ClosedChannelException
                || failure instanceof InterruptedIOException
                || failure instanceof FileAlreadyExistsException
                || failure instanceof AccessDeniedException
                || failure instanceof NoSuchFileException) {
            return failure;
        }
        Optional<String> name = errnoName(failure);
        if (name.isEmpty()) {
            return failure;
        }
        return new ErrnoIoException(operation, String.valueOf(target), name.get(),
                name.get() + " (" + text(failure) + ")", failure);
    }

    /**
     * @param failure what the JDK threw
     * @return the errno symbol its strerror text stands for, if listed here
     */
    static Optional<String> errnoName(IOException failure) {
        String text = text(failure);
        if (text == null) {
            return Optional.empty();
        }
        String exact = BY_TEXT.get(text.strip());
        if (exact != null) {
            return Optional.of(exact);
        }
        // "No such device" is a prefix of "No such device or address": the longest text wins
        return BY_TEXT.entrySet().stream().filter(e -> text.contains(e.getKey()))
                .max((a, b) -> Integer.compare(a.getKey().length(), b.getKey().length()))
                .map(Map.Entry::getValue);
    }

    /** The strerror text: a {@link FileSystemException}'s reason, else the message. */
    private static String text(IOException failure) {
        if (failure instanceof FileSystemException
                && ((FileSystemException) failure).getReason() != null) {
            return ((FileSystemException) failure).getReason();
        }
        return failure.getMessage();
    }
}
