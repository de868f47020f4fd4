package io.github.drivespeed.error;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The target exists but is not something drivespeed measures: a regular file, a character
 * device, a socket, or another kind of file where a directory is expected, a directory where a
 * block device is, or a directory on a pseudo file system. The refusal is data:
 * {@link #kind()} says what the target is and {@link #expected()} what the plan needed, so that
 * a caller can say what to do in its own words; the message says it in the Java API's.
 *
 * @since 0.1.0
 */
public final class UnsupportedTargetException extends DriveSpeedException {

    private static final long serialVersionUID = 1L;

    /**
     * What a path is, by its file type ({@code st_mode}'s {@code S_IFMT} bits).
     *
     * @since 0.1.0
     */
    public enum FileKind {
        /** A directory. */
        DIRECTORY,
        /** A directory on a kernel pseudo file system (proc, sysfs, ...), which holds no drive. */
        PSEUDO_FILE_SYSTEM_DIRECTORY,
        /** A block device, such as {@code /dev/sdb}. */
        BLOCK_DEVICE,
        /** A regular file. */
        REGULAR_FILE,
        /** A character device, such as {@code /dev/null} or a terminal. */
        CHARACTER_DEVICE,
        /** A named pipe. */
        PIPE,
        /** A socket. */
        SOCKET,
        /** A file of a type that could not be read. */
        OTHER
    }

    /** What the target is. */
    private final FileKind kind;
    /** What the plan needed: a directory or a block device. */
    private final FileKind expected;

    /**
     * An exception for a target of a kind the plan cannot run on.
     *
     * @param target the path refused
     * @param reason what the path is and what is expected instead
     */
    public UnsupportedTargetException(Path target, String reason) {
        this(target, FileKind.OTHER, FileKind.DIRECTORY, reason);
    }

    /**
     * An exception for a target of the wrong kind, naming what it is and what was expected.
     *
     * @param target the path refused
     * @param kind what it is
     * @param expected what the plan needed: {@link FileKind#DIRECTORY} or
     *     {@link FileKind#BLOCK_DEVICE}
     * @param reason what the path is and what is expected instead, in the Java API's words
     */
    public UnsupportedTargetException(Path target, FileKind kind, FileKind expected,
            String reason) {
        super(target, "unsupported target " + target + ": " + reason, null);
        this.kind = Objects.requireNonNull(kind, "kind");
        this.expected = Objects.requireNonNull(expected, "expected");
    }

    /** {@return what the target is} */
    public FileKind kind() {
        return kind;
    }

    /**
     * {@return what the plan needed: {@link FileKind#DIRECTORY} or {@link FileKind#BLOCK_DEVICE}}
     */
    public FileKind expected() {
        return expected;
    }
}
