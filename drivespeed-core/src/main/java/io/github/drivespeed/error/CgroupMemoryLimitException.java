package io.github.drivespeed.error;

import io.github.drivespeed.internal.figures.SizeText;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The test file would not fit in what the process's memory cgroup has left, found before any
 * write: the target keeps its files in memory (tmpfs, ramfs, {@code /dev/shm}, a Kubernetes
 * emptyDir of medium Memory), whose pages are charged to the cgroup of the process that writes
 * them and cannot be reclaimed without swap, so writing on would end the process by the cgroup's
 * OOM killer (SIGKILL, exit 137) instead of an error. Nothing was written. The sibling of
 * {@link InsufficientSpaceException}'s check before writing, against the cgroup's memory rather
 * than the file system's free space.
 *
 * <p>What is left is the cgroup's limit less what is charged to it and cannot be reclaimed at
 * once ({@code limit - (usage - inactive file pages)}), at the level of the cgroup path with the
 * least left; of that, {@link #marginBytes()} is kept for this JVM's own growth while it measures
 * and the run's I/O buffers. Every figure is in bytes; the message gives them in MiB.
 *
 * @since 0.1.0
 */
public final class CgroupMemoryLimitException extends DriveSpeedException {

    private static final long serialVersionUID = 1L;

    /** Bytes the test file needs. */
    private final long neededBytes;
    /** The cgroup's limit, bytes. */
    private final long limitBytes;
    /** Bytes charged to the cgroup. */
    private final long usageBytes;
    /** Of those, inactive file pages. */
    private final long inactiveFileBytes;
    /** Bytes kept for the JVM and the run's buffers. */
    private final long marginBytes;
    /** The cgroup, as /proc/self/cgroup names it. */
    private final String cgroup;
    /** The file holding the limit: memory.limit_in_bytes (v1) or memory.max (v2). */
    private final String limitFile;
    /** The target's file-system type. */
    private final String fileSystemType;
    /** The settings that set the size, by their API names. */
    private final List<String> settings;

    private CgroupMemoryLimitException(Path directory, String message, long neededBytes,
            long limitBytes, long usageBytes, long inactiveFileBytes, long marginBytes,
            String cgroup, String limitFile, String fileSystemType, List<String> settings) {
        super(directory, message, null);
        this.neededBytes = neededBytes;
        this.limitBytes = limitBytes;
        this.usageBytes = usageBytes;
        this.inactiveFileBytes = inactiveFileBytes;
        this.marginBytes = marginBytes;
        this.cgroup = cgroup;
        this.limitFile = limitFile;
        this.fileSystemType = fileSystemType;
        this.settings = List.copyOf(settings);
    }

    /**
     * The test file does not fit under the memory cgroup's limit: nothing was written. Not API
     * (callers catch this exception, they do not build it): the preflight calls it through a
     * private lookup, as this package may not depend on the engine.
     *
     * @param directory the target directory
     * @param fileSystemType its file-system type, for example {@code tmpfs}
     * @param neededBytes bytes the test file needs
     * @param limitBytes the cgroup's limit
     * @param usageBytes bytes charged to the cgroup (and its descendants)
     * @param inactiveFileBytes of those, inactive file pages
     * @param marginBytes bytes kept for the JVM and the run's buffers
     * @param cgroup the cgroup whose limit it is, for example {@code /kubepods/pod1}
     * @param limitFile the file holding the limit: {@code memory.limit_in_bytes} (cgroup v1) or
     *     {@code memory.max} (v2)
     * @param settings the plan's settings that set the size, by their API names; empty where no
     *     setting would help
     * @return the exception
     */
    static CgroupMemoryLimitException beforeWriting(Path directory, String fileSystemType,
            long neededBytes, long limitBytes, long usageBytes, long inactiveFileBytes,
            long marginBytes, String cgroup, String limitFile, List<String> settings) {
        return new CgroupMemoryLimitException(directory, text(directory, fileSystemType,
                neededBytes, limitBytes, usageBytes, inactiveFileBytes, marginBytes, cgroup,
                limitFile, settings), neededBytes, limitBytes, usageBytes, inactiveFileBytes,
                marginBytes, cgroup, limitFile, fileSystemType, settings);
    }

    /**
     * The refusal in words, naming the settings to lower as the caller names them (the message
     * names them by their API names; a command line names its options).
     *
     * @param settingNames the settings that set the size, in the caller's words; empty where no
     *     setting would help
     * @return for example {@code not enough memory for the test file in /dev/shm: tmpfs keeps its
     *     files in memory, charged to this process's memory cgroup /app, limited to 512.0 MiB
     *     (memory.limit_in_bytes); 60.2 MiB charged, 0.4 MiB of it inactive file pages, so 452.2
     *     MiB left, less 96.0 MiB kept for the JVM and its buffers: 356.2 MiB for a test file of
     *     1024.0 MiB; lower --bs or --count (writing on, the cgroup's OOM killer would end the
     *     process)}
     */
    public String describe(List<String> settingNames) {
        return text(path(), fileSystemType, neededBytes, limitBytes, usageBytes,
                inactiveFileBytes, marginBytes, cgroup, limitFile, settingNames);
    }

    private static String text(Path directory, String fileSystemType, long neededBytes,
            long limitBytes, long usageBytes, long inactiveFileBytes, long marginBytes,
            String cgroup, String limitFile, List<String> settingNames) {
        long left = left(limitBytes, usageBytes, inactiveFileBytes);
        return String.format(Locale.ROOT, "not enough memory for the test file in %s:"
                + " %s keeps its files in memory, charged to this process's memory cgroup %s,"
                + " limited to %s (%s); %s charged, %s of it inactive file pages, so %s left,"
                + " less %s kept for the JVM and its buffers: %s for a test file of %s; ",
                directory, fileSystemType, cgroup, SizeText.mebibytes(limitBytes), limitFile,
                SizeText.mebibytes(usageBytes), SizeText.mebibytes(inactiveFileBytes),
                SizeText.mebibytes(left), SizeText.mebibytes(marginBytes),
                SizeText.mebibytes(Math.max(0, left - marginBytes)),
                SizeText.mebibytes(neededBytes))
                + (settingNames.isEmpty() ? "free memory in the cgroup"
                        : "lower " + String.join(" or ", settingNames))
                + " (writing on, the cgroup's OOM killer would end the process)";
    }

    private static long left(long limit, long usage, long inactiveFile) {
        return Math.max(0, limit - Math.max(0, usage - inactiveFile));
    }

    /** {@return bytes the test file needs} */
    public long neededBytes() {
        return neededBytes;
    }

    /** {@return the cgroup's memory limit, bytes} */
    public long limitBytes() {
        return limitBytes;
    }

    /** {@return bytes charged to the cgroup and its descendants when checked} */
    public long usageBytes() {
        return usageBytes;
    }

    /** {@return of the charged bytes, the inactive file pages (reclaimable at once)} */
    public long inactiveFileBytes() {
        return inactiveFileBytes;
    }

    /** {@return what the cgroup had left: {@code limit - (usage - inactive file)}, at least 0} */
    public long leftBytes() {
        return left(limitBytes, usageBytes, inactiveFileBytes);
    }

    /** {@return bytes kept for the JVM's own growth and the run's I/O buffers} */
    public long marginBytes() {
        return marginBytes;
    }

    /** {@return what the test file could have had: left less the margin, at least 0} */
    public long availableBytes() {
        return Math.max(0, leftBytes() - marginBytes);
    }

    /** {@return the cgroup whose limit it is, as {@code /proc/self/cgroup} names it} */
    public String cgroup() {
        return cgroup;
    }

    /** {@return the file holding the limit: {@code memory.limit_in_bytes} or {@code memory.max}} */
    public String limitFile() {
        return limitFile;
    }

    /** {@return the target's file-system type, for example {@code tmpfs}} */
    public String fileSystemType() {
        return fileSystemType;
    }

    /**
     * {@return the plan's settings that set the size, by their API names ({@code blockSize},
     * {@code count}; {@code size}); empty where no setting would help}
     */
    public List<String> settings() {
        return settings;
    }
}
