package io.github.drivespeed.error;

import io.github.drivespeed.unit.DataSize;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * Not enough free space for the test file: either found by the check before any write
 * ({@code FileStore.getUsableSpace()}, which honours reserved blocks), or hit as ENOSPC during the
 * write pass, in which case the pass was aborted, the test file removed, and
 * {@link #bytesWritten()} says how far it got.
 */
public final class InsufficientSpaceException extends DriveSpeedException {

    private static final long serialVersionUID = 1L;

    /** Bytes the pass needs. */
    private final long neededBytes;
    /** Bytes that were available when checked. */
    private final long availableBytes;
    /** Bytes written before the failure, or -1 when the check before writing refused the pass. */
    private final long bytesWritten;

    private InsufficientSpaceException(Path path, String message, long neededBytes,
            long availableBytes, long bytesWritten, Throwable cause) {
        super(path, message, cause);
        this.neededBytes = neededBytes;
        this.availableBytes = availableBytes;
        this.bytesWritten = bytesWritten;
    }

    /**
     * The free-space check before writing failed.
     *
     * @param directory the target directory
     * @param neededBytes bytes the test file needs
     * @param availableBytes bytes usable on the file system
     * @return the exception
     */
    public static InsufficientSpaceException beforeWriting(Path directory, long neededBytes,
            long availableBytes) {
        return new InsufficientSpaceException(directory, "not enough free space in " + directory
                + ": the test needs " + neededBytes + " bytes (" + DataSize.ofBytes(neededBytes)
                + "), " + availableBytes + " bytes are available; lower the block size or the count",
                neededBytes, availableBytes, -1, null);
    }

    /**
     * The free-space check before a write that must leave some space free failed (a sustained
     * write leaves 1 GiB).
     *
     * @param directory the target directory
     * @param neededBytes bytes the write needs, the space to leave free included
     * @param availableBytes bytes usable on the file system
     * @param hint what to change, for example {@code "give a smaller size"}
     * @return the exception
     */
    public static InsufficientSpaceException beforeWriting(Path directory, long neededBytes,
            long availableBytes, String hint) {
        return new InsufficientSpaceException(directory, "not enough free space in " + directory
                + ": the test needs " + neededBytes + " bytes (" + DataSize.ofBytes(neededBytes)
                + "), " + availableBytes + " bytes are available; " + hint,
                neededBytes, availableBytes, -1, null);
    }

    /**
     * The file system ran out of space (ENOSPC), or the user's quota ran out (EDQUOT), during the
     * write pass.
     *
     * @param testFile the test file (already removed)
     * @param neededBytes bytes the pass was to write
     * @param bytesWritten bytes written before the failure
     * @param cause the ENOSPC or EDQUOT failure
     * @return the exception
     */
    public static InsufficientSpaceException duringWrite(Path testFile, long neededBytes,
            long bytesWritten, Throwable cause) {
        return new InsufficientSpaceException(testFile, (isQuota(cause)
                ? "disk quota exceeded" : "no space left on device") + " while writing "
                + testFile + ": " + bytesWritten + " of " + neededBytes
                + " bytes written; the pass was aborted and the test file removed",
                neededBytes, -1, bytesWritten, cause);
    }

    /** EDQUOT, as the JDK (strerror text) or a native backend (errno name) reports it. */
    private static boolean isQuota(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            String m = t.getMessage();
            if (m != null && (m.contains("Disk quota exceeded") || m.contains("EDQUOT"))) {
                return true;
            }
        }
        return false;
    }

    /** @return bytes the test needed */
    public long neededBytes() {
        return neededBytes;
    }

    /** @return bytes available when checked before writing; empty when the failure was ENOSPC */
    public OptionalLong availableBytes() {
        return availableBytes < 0 ? OptionalLong.empty() : OptionalLong.of(availableBytes);
    }

    /** @return bytes written before ENOSPC; empty when refused before writing */
    public OptionalLong bytesWritten() {
        return bytesWritten < 0 ? OptionalLong.empty() : OptionalLong.of(bytesWritten);
    }
}
