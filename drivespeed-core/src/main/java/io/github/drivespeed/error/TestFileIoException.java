package io.github.drivespeed.error;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A read, write or sync on the test file failed (for example EIO). The pass was aborted and the
 * test file removed; the message names the operation, the file offset and the cause.
 *
 * @since 0.1.0
 */
public final class TestFileIoException extends DriveSpeedException {

    private static final long serialVersionUID = 1L;

    /** The failed call, for example {@code write} or {@code fdatasync}. */
    private final String operation;
    /** The file offset of the failed call in bytes, or -1 when it has none. */
    private final long offset;

    /**
     * An exception for an I/O call on the test file that failed, with its offset.
     *
     * @param testFile the test file
     * @param operation the failed call, for example {@code write} or {@code fdatasync}
     * @param offset the file offset of the failed call in bytes, or -1 when it has none
     * @param cause the failure
     */
    public TestFileIoException(Path testFile, String operation, long offset, Throwable cause) {
        super(testFile, operation + (offset >= 0 ? " at offset " + offset : "") + " of " + testFile
                + " failed: " + describe(cause), cause);
        this.operation = operation;
        this.offset = offset;
    }

    private static String describe(Throwable cause) {
        return Objects.requireNonNullElse(cause.getMessage(), cause.getClass().getSimpleName());
    }

    /** {@return the failed call, for example {@code write}} */
    public String operation() {
        return operation;
    }

    /** {@return the file offset of the failed call in bytes, or -1 when it has none} */
    public long offset() {
        return offset;
    }
}
