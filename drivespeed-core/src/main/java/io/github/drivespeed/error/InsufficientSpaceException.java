package io.github.drivespeed.error;

import io.github.drivespeed.internal.figures.SizeText;
import io.github.drivespeed.unit.DataSize;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Not enough room for the test file: either found by the checks before any write (free bytes
 * from {@code FileStore.getUsableSpace()}, which honours reserved blocks, and, where the backend
 * can count them, free inodes), or hit as ENOSPC or EDQUOT while creating or writing the test
 * file, in which case the pass was aborted, the test file removed, and {@link #writtenBytes()}
 * says how far it got. {@link #shortage()} says what ran out: bytes, inodes or the user's quota.
 * A refusal before writing names the plan's {@link #settings() settings} that set the size, so
 * that a caller can say which to lower in its own words.
 *
 * @since 0.1.0
 */
public final class InsufficientSpaceException extends DriveSpeedException {

    private static final long serialVersionUID = 1L;

    /**
     * What ran out.
     *
     * @since 0.1.0
     */
    public enum Shortage {
        /** Free bytes (ENOSPC with no room left, or too few before writing). */
        SPACE,
        /**
         * Free inodes: the file system can hold no more files (ENOSPC while bytes are free;
         * {@code df -i} shows it), however much space is left.
         */
        INODES,
        /** The user's or group's disk quota (EDQUOT). */
        QUOTA
    }

    /** Bytes the pass needs. */
    private final long neededBytes;
    /** Bytes that were available when checked, or -1. */
    private final long availableBytes;
    /** Bytes written before the failure, or -1 when the check before writing refused the pass. */
    private final long writtenBytes;
    /** What ran out. */
    private final Shortage shortage;
    /** Why the check needed more than the size, or empty. */
    private final String condition;
    /** The settings that set the size, by their API names; empty during a write. */
    private final List<String> settings;

    private InsufficientSpaceException(Path path, String message, long neededBytes,
            long availableBytes, long writtenBytes, Shortage shortage, String condition,
            List<String> settings, Throwable cause) {
        super(path, message, cause);
        this.neededBytes = neededBytes;
        this.availableBytes = availableBytes;
        this.writtenBytes = writtenBytes;
        this.shortage = shortage;
        this.condition = condition;
        this.settings = List.copyOf(settings);
    }

    /**
     * The free-space check before writing failed: nothing was written.
     *
     * @param directory the target directory
     * @param neededBytes bytes the test file needs
     * @param availableBytes bytes usable on the file system
     * @param settings the plan's settings that set the size, by their API names, for example
     *     {@code blockSize} and {@code count}
     * @return the exception
     */
    public static InsufficientSpaceException beforeWriting(Path directory, long neededBytes,
            long availableBytes, List<String> settings) {
        return beforeWriting(directory, neededBytes, availableBytes, "", settings);
    }

    /**
     * The free-space check before a write failed, for a write that needs more than its size (a
     * sustained write leaves a margin free) or whose size no setting gave: nothing was written.
     * The message ends {@code lower SETTING or SETTING}, or {@code free some space} where no
     * setting would help.
     *
     * @param directory the target directory
     * @param neededBytes bytes the write needs, any space to leave free included
     * @param availableBytes bytes usable on the file system
     * @param condition why more is needed than the size, for example {@code a sustained write
     *     leaves 26 MiB free: ...}; empty for none
     * @param settings the plan's settings that set the size, by their API names; empty when
     *     lowering none would help
     * @return the exception
     */
    public static InsufficientSpaceException beforeWriting(Path directory, long neededBytes,
            long availableBytes, String condition, List<String> settings) {
        return new InsufficientSpaceException(directory, spaceText(directory, neededBytes,
                availableBytes, condition, settings), neededBytes, availableBytes, -1,
                Shortage.SPACE, condition, settings, null);
    }

    /**
     * The refusal before writing with its settings named as the caller spells them, for example
     * {@code not enough free space in /mnt: the test needs 137438953472 bytes (128 GiB),
     * 83456438272 bytes (79591.1 MiB) are available; lower --block-size (4G) or --count}; the
     * message as it is for a failure during a write, or where no setting would help.
     *
     * @param settingNames the {@linkplain #settings() settings} in the caller's words, in their
     *     order
     * @return the text
     */
    public String describe(List<String> settingNames) {
        if (writtenBytes >= 0 || shortage != Shortage.SPACE || availableBytes < 0
                || settings.isEmpty()) {
            return getMessage();
        }
        return spaceText(path(), neededBytes, availableBytes, condition, settingNames);
    }

    private static String spaceText(Path directory, long neededBytes, long availableBytes,
            String condition, List<String> settings) {
        return "not enough free space in " + directory + ": the test needs " + neededBytes
                + " bytes (" + DataSize.ofBytes(neededBytes) + "), " + availableBytes + " bytes ("
                + SizeText.mebibytes(availableBytes) + ") are available"
                + (condition.isEmpty() ? "" : " (" + condition + ")") + "; "
                + (settings.isEmpty() ? "free some space" : "lower " + String.join(" or ",
                        settings));
    }

    /**
     * The file system has no free inode left (statvfs(3) {@code f_favail} is 0), found before
     * writing: no test file can be created, whatever its size. Nothing was written.
     *
     * @param directory the target directory
     * @param neededBytes bytes the test file needs
     * @param availableBytes bytes usable on the file system
     * @return the exception
     */
    public static InsufficientSpaceException noInodes(Path directory, long neededBytes,
            long availableBytes) {
        return new InsufficientSpaceException(directory, "no free inodes in " + directory
                + ": the file system can hold no more files (df -i shows it), although "
                + availableBytes + " bytes are free; remove files there, or test elsewhere",
                neededBytes, availableBytes, -1, Shortage.INODES, "", List.of(), null);
    }

    /**
     * The file system ran out of room (ENOSPC), or the user's quota ran out (EDQUOT), while the
     * test file was created or written; the pass was aborted and the test file removed.
     *
     * @param testFile the test file (already removed), or the directory when it was not created
     * @param neededBytes bytes the pass was to write
     * @param writtenBytes bytes written before the failure
     * @param availableBytes bytes the file system reported free after the failure, or -1 if
     *     unknown
     * @param shortage what ran out: {@link Shortage#INODES} where free bytes remained and no
     *     inode did, {@link Shortage#QUOTA} for EDQUOT
     * @param inodesUnknown whether free inodes could not be counted (the pure-Java backend),
     *     so that ENOSPC with free bytes is reported as possibly an inode shortage
     * @param cause the ENOSPC or EDQUOT failure
     * @return the exception
     */
    public static InsufficientSpaceException duringWrite(Path testFile, long neededBytes,
            long writtenBytes, long availableBytes, Shortage shortage, boolean inodesUnknown,
            Throwable cause) {
        return new InsufficientSpaceException(testFile, what(shortage, availableBytes,
                inodesUnknown) + " while writing " + testFile
                + ": " + writtenBytes + " of " + neededBytes + " bytes written; the pass was"
                + " aborted and the test file removed", neededBytes, availableBytes, writtenBytes,
                shortage, "", List.of(), cause);
    }

    /**
     * The file system ran out of room (ENOSPC) or the quota ran out (EDQUOT) when the test file
     * was created, before anything was written to it.
     *
     * @param directory the target directory
     * @param availableBytes bytes usable on the file system, or -1 if unknown
     * @param shortage {@link Shortage#INODES} where free bytes remained and no inode did
     *     (statvfs(3) {@code f_favail} 0), {@link Shortage#QUOTA} for EDQUOT, else
     *     {@link Shortage#SPACE}
     * @param inodesUnknown whether free inodes could not be counted (the pure-Java backend)
     * @param cause the ENOSPC or EDQUOT failure
     * @return the exception
     */
    public static InsufficientSpaceException atCreation(Path directory, long availableBytes,
            Shortage shortage, boolean inodesUnknown, Throwable cause) {
        return new InsufficientSpaceException(directory, "cannot create a test file in "
                + directory + ": " + what(shortage, availableBytes, inodesUnknown), 0,
                availableBytes, 0, shortage, "", List.of(), cause);
    }

    private static String what(Shortage shortage, long availableBytes, boolean inodesUnknown) {
        switch (shortage) {
            case QUOTA:
                return "disk quota exceeded (EDQUOT)";
            case INODES:
                return "no free inodes left (ENOSPC with " + availableBytes + " bytes still free:"
                        + " the file system can hold no more files; df -i shows it)";
            default:
                return "no space left on device (ENOSPC)" + (inodesUnknown && availableBytes > 0
                        ? " with " + availableBytes + " bytes still free: the file system may"
                                + " have run out of inodes (check df -i), which this backend"
                                + " cannot count"
                        : "");
        }
    }

    /** {@return bytes the test needed} */
    public long neededBytes() {
        return neededBytes;
    }

    /** {@return bytes available when checked before writing (or after ENOSPC), if known} */
    public OptionalLong availableBytes() {
        return availableBytes < 0 ? OptionalLong.empty() : OptionalLong.of(availableBytes);
    }

    /** {@return bytes written before ENOSPC or EDQUOT; empty when refused before writing} */
    public OptionalLong writtenBytes() {
        return writtenBytes < 0 ? OptionalLong.empty() : OptionalLong.of(writtenBytes);
    }

    /** {@return whether the refusal came before any write (nothing was written)} */
    public boolean beforeAnyWrite() {
        return writtenBytes < 0;
    }

    /** {@return what ran out: bytes, inodes or the quota} */
    public Shortage shortage() {
        return shortage;
    }

    /**
     * {@return why the check before writing needed more than the size (for example {@code a
     * sustained write leaves 26 MiB free: ...}), if it did}
     */
    public Optional<String> condition() {
        return condition.isEmpty() ? Optional.empty() : Optional.of(condition);
    }

    /**
     * {@return the plan's settings that set the size, by their API names ({@code blockSize},
     * {@code count}; {@code size}), when the free-space check refused the plan; else empty}
     */
    public List<String> settings() {
        return settings;
    }
}
