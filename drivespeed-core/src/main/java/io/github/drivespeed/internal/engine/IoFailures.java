package io.github.drivespeed.internal.engine;

import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.error.DriveSpeedException;
import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.TestFileIoException;
import io.github.drivespeed.spi.FileHandle;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.Path;

/** Turns failures of test-file I/O into the library's exceptions. */
final class IoFailures {

    private IoFailures() {
    }

    /**
     * An interruption: restores the thread's interrupt flag and says how far the pass got.
     *
     * @param what for example {@code write pass of run 2}
     * @param bytesDone bytes transferred in the pass before the interruption
     * @param totalBytes bytes the pass was to transfer
     * @param cause what surfaced (for example {@link ClosedByInterruptException}), or null
     * @return the exception to throw
     */
    static InterruptedIOException interrupted(String what, long bytesDone, long totalBytes,
            Throwable cause) {
        Thread.currentThread().interrupt();
        InterruptedIOException e = new InterruptedIOException("interrupted during the " + what
                + (totalBytes > 0
                        ? " after " + bytesDone + " of " + totalBytes + " bytes; the measurement"
                                + " stopped and its test file was removed"
                        : "; the measurement stopped and left no test file"));
        e.bytesTransferred = (int) Math.min(bytesDone, Integer.MAX_VALUE);
        if (cause != null) {
            e.initCause(cause);
        }
        return e;
    }

    /**
     * Maps a failure of one operation on the test file.
     *
     * @param failure what the backend threw
     * @param testFile the test file's name for messages
     * @param operation {@code write}, {@code read} or {@code fdatasync}
     * @param offset file offset of the call, or -1
     * @param what the pass, for interruption messages
     * @param bytesDone bytes transferred in the pass so far
     * @param totalBytes bytes the pass was to transfer
     * @return the exception to throw
     */
    static IOException map(IOException failure, Path testFile, String operation, long offset,
            String what, long bytesDone, long totalBytes) {
        if (failure instanceof InterruptedIOException) {
            Thread.currentThread().interrupt();
            return failure;
        }
        if (failure instanceof ClosedByInterruptException) {
            return interrupted(what, bytesDone, totalBytes, failure);
        }
        if (failure instanceof DriveSpeedException) {
            return failure;
        }
        if (!"read".equals(operation) && isNoSpace(failure)) {
            return InsufficientSpaceException.duringWrite(testFile, totalBytes, bytesDone, failure);
        }
        return new TestFileIoException(testFile, operation, offset, failure);
    }

    /**
     * A failed read or write of a file opened with O_DIRECT whose error is EINVAL: the file
     * system accepted O_DIRECT at open and refuses it per transfer (the engine checked the
     * buffer, offset and length alignment the backend asked for before any I/O).
     *
     * @param failure what {@link #map} returned for the transfer
     * @param direct whether the file was opened with O_DIRECT
     * @param fileSystemType the target's file-system type, for the message
     * @return a {@link DirectIoUnsupportedException} naming the call, or {@code failure}
     */
    static IOException directRefusal(IOException failure, boolean direct, String fileSystemType) {
        if (!direct || !(failure instanceof TestFileIoException)) {
            return failure;
        }
        TestFileIoException e = (TestFileIoException) failure;
        boolean transfer = e.operation().equals("read") || e.operation().equals("write");
        if (!transfer || !isInvalidArgument(e.getCause())) {
            return failure;
        }
        return new DirectIoUnsupportedException(e.path(), fileSystemType,
                e.operation().equals("read") ? "pread" : "pwrite", "EINVAL", e.getCause());
    }

    /** EINVAL, as the JDK (strerror text) or a native backend (errno name) reports it. */
    static boolean isInvalidArgument(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            String m = t.getMessage();
            if (m != null && (m.contains("Invalid argument") || m.contains("EINVAL"))) {
                return true;
            }
        }
        return false;
    }

    /** ENOSPC or EDQUOT, as the JDK (strerror text) or a native backend (errno name) reports it. */
    static boolean isNoSpace(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            String m = t.getMessage();
            if (m != null && (m.contains("No space left on device") || m.contains("ENOSPC")
                    || m.contains("Disk quota exceeded") || m.contains("EDQUOT"))) {
                return true;
            }
        }
        return false;
    }

    /**
     * EIO, as the JDK (strerror text) or a native backend (errno name) reports it: the medium
     * could not return (or take) the data.
     *
     * @param failure what was thrown
     * @return whether it, or a cause, is EIO
     */
    static boolean isIoError(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            String m = t.getMessage();
            if (m != null && (m.contains("Input/output error") || m.contains("EIO"))) {
                return true;
            }
        }
        return false;
    }

    /**
     * fdatasync(2) on the test file, its failure mapped as {@link #map} does.
     *
     * @param file the test file
     * @param name its name for messages
     * @param what the pass, for messages
     * @param bytesDone bytes written in the pass
     * @param totalBytes bytes the pass was to write, or -1
     * @throws IOException the mapped failure
     */
    static void dataSync(FileHandle file, Path name, String what, long bytesDone, long totalBytes)
            throws IOException {
        try {
            file.dataSync();
        } catch (IOException e) {
            throw map(e, name, "fdatasync", -1, what, bytesDone, totalBytes);
        }
    }
}
