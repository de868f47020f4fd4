package io.github.drivespeed.internal.io;

import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.error.DriveSpeedException;
import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.InsufficientSpaceException.Shortage;
import io.github.drivespeed.error.TestFileIoException;
import io.github.drivespeed.spi.ErrnoIoException;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.Path;

/** Turns failures of test-file I/O into the library's exceptions. */
public final class IoFailures {

    /** Why a read-only mount refuses the test file. */
    public static final String READ_ONLY = "the file system is mounted read-only";
    /** Why EPERM refuses the test file. */
    public static final String NOT_PERMITTED = "operation not permitted (EPERM: an immutable"
            + " directory, see chattr +i, or a security policy)";

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
    public static InterruptedIOException interrupted(String what, long bytesDone, long totalBytes,
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
    public static IOException map(IOException failure, Path testFile, String operation, long offset,
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
            return InsufficientSpaceException.duringWrite(testFile, totalBytes, bytesDone, -1,
                    ErrnoIoException.is(failure, "EDQUOT") ? Shortage.QUOTA : Shortage.SPACE,
                    false, failure);
        }
        if (!"read".equals(operation) && fileTooLarge(failure, offset)) {
            return new TestFileIoException(testFile, operation, offset, new IOException("the file"
                    + " system (or a limit drivespeed could not see) refused to grow the test file"
                    + (offset >= 0 ? " past " + offset + " bytes (" + DataSize.ofBytes(offset)
                            + ")" : "") + ": " + failure.getMessage(), failure));
        }
        return new TestFileIoException(testFile, operation, offset, failure);
    }

    /**
     * A write refused for the file's size: EFBIG (a file-size limit: RLIMIT_FSIZE, the file
     * system's largest file), or EPERM at a file offset of 2 GiB or more that is a power of two
     * (fusefat refuses writes at 2 GiB so).
     */
    private static boolean fileTooLarge(Throwable failure, long offset) {
        return ErrnoIoException.is(failure, "EFBIG") || (ErrnoIoException.is(failure, "EPERM")
                && offset >= 2 * DataSize.GIBIBYTE && Long.bitCount(offset) == 1);
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
    public static IOException directRefusal(IOException failure, boolean direct,
            String fileSystemType) {
        if (!direct || !(failure instanceof TestFileIoException)) {
            return failure;
        }
        TestFileIoException e = (TestFileIoException) failure;
        String call = transferCall(e);
        if (call == null || !isInvalidArgument(e.getCause())) {
            return failure;
        }
        return new DirectIoUnsupportedException(e.path(), fileSystemType, call, "EINVAL",
                e.getCause());
    }

    /**
     * {@code pread} or {@code pwrite} for a failed transfer, null for any other operation. A
     * queue of reads and writes that failed as a whole ({@code asynchronous I/O}: which of its
     * I/Os failed is in the queue's message only) is named by the call its message names.
     */
    private static String transferCall(TestFileIoException e) {
        switch (e.operation()) {
            case "read":
                return "pread";
            case "write":
                return "pwrite";
            case IoLoop.MIXED_QUEUE_OPERATION:
                String m = String.valueOf(e.getCause() == null ? null : e.getCause().getMessage());
                return m.contains("pwrite") ? "pwrite" : m.contains("pread") ? "pread"
                        : "pread/pwrite";
            default:
                return null;
        }
    }

    /** EINVAL, by the errno the backend reported ({@link ErrnoIoException}). */
    static boolean isInvalidArgument(Throwable failure) {
        return ErrnoIoException.is(failure, "EINVAL");
    }

    /**
     * {@return whether {@code failure} is ENOSPC or EDQUOT, by the errno the backend reported
     * ({@link ErrnoIoException})}
     *
     * @param failure what a write or sync threw
     */
    public static boolean isNoSpace(Throwable failure) {
        return ErrnoIoException.is(failure, "ENOSPC") || ErrnoIoException.is(failure, "EDQUOT");
    }

    /**
     * EIO, by the errno the backend reported ({@link ErrnoIoException}): the medium could not
     * return (or take) the data.
     *
     * @param failure what was thrown
     * @return whether its errno is EIO
     */
    public static boolean isIoError(Throwable failure) {
        return ErrnoIoException.is(failure, "EIO");
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
    public static void dataSync(FileHandle file, Path name, String what, long bytesDone,
            long totalBytes) throws IOException {
        try {
            file.dataSync();
        } catch (IOException e) {
           throw map(e, name, "fdatasync", -1, what, bytesDone, totalBytes);
        }
    }
}
