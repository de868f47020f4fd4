package io.github.drivespeed.internal.preflight;

import io.github.drivespeed.error.CgroupMemoryLimitException;
import io.github.drivespeed.internal.figures.SizeText;
import io.github.drivespeed.internal.probe.CgroupMemory;
import io.github.drivespeed.target.MemoryLimit;
import io.github.drivespeed.unit.DataSize;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Before writing a test file to a file system that keeps its files in memory (tmpfs, ramfs,
 * devtmpfs; {@link io.github.drivespeed.target.CgroupLimits#memory()} present), checks it against
 * what the process's memory cgroup has left, read again now: its pages are charged to the cgroup
 * and cannot be reclaimed without swap, so a file larger than what is left ends the process by the
 * cgroup's OOM killer (exit 137) instead of an error.
 *
 * <p>The margin kept: {@link #JVM_MARGIN_BYTES} for the JVM's own growth while it measures, and
 * the run's I/O buffers, which are allocated (and charged) after this check.
 */
public final class CgroupMemoryCheck {

    /**
     * Memory kept for the JVM's own growth from this check to the end of the run, beyond the
     * run's I/O buffers: 64 MiB. Measured on this project's test machine (OpenJDK 17, a cgroup v1
     * memory limit of 512 MiB, a tmpfs target; {@code memory.max_usage_in_bytes} against the usage
     * at the check): from the check to the run's peak, the cgroup's usage grew by the test file,
     * the buffers this check counts and at most 18 MiB more (heap, JIT code, metaspace, thread
     * stacks, the verification's read ring) over the default sequential test, 1 MiB and 64 MiB
     * blocks, random and sequential workloads of 1 and 2 threads, and a sustained write. 64 MiB is
     * over three times that: room for a collector that lets the heap grow further (the JVM may size
     * its heap at a quarter of the memory it sees) before it collects.
     */
    public static final long JVM_MARGIN_BYTES = 64 * DataSize.MEBIBYTE;

    private static final Logger LOG = LoggerFactory.getLogger(CgroupMemoryCheck.class);

    /** {@code CgroupMemoryLimitException.beforeWriting}, which is not API. */
    private static final MethodHandle BEFORE_WRITING = beforeWritingHandle();

    private CgroupMemoryCheck() {
    }

    private static MethodHandle beforeWritingHandle() {
        try {
            return MethodHandles.privateLookupIn(CgroupMemoryLimitException.class,
                    MethodHandles.lookup()).findStatic(CgroupMemoryLimitException.class,
                    "beforeWriting", MethodType.methodType(CgroupMemoryLimitException.class,
                            Path.class, String.class, long.class, long.class, long.class,
                            long.class, long.class, String.class, String.class, List.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static CgroupMemoryLimitException beforeWriting(Path directory,
            String fileSystemType, long neededBytes, long limitBytes, long usageBytes,
            long inactiveFileBytes, long marginBytes, String cgroup, String limitFile,
            List<String> settings) {
        try {
            return (CgroupMemoryLimitException) BEFORE_WRITING.invokeExact(directory,
                    fileSystemType, neededBytes, limitBytes, usageBytes, inactiveFileBytes,
                    marginBytes, cgroup, limitFile, settings);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("CgroupMemoryLimitException.beforeWriting threw "
                    + e, e);
        }
    }

    /**
     * Refuses a test file that does not fit under the memory cgroup's limit; nothing is checked
     * for a target that does not keep its files in memory, or without a limit.
     *
     * @param t the examined target
     * @param fileBytes bytes the test file (or files) will hold at most at once
     * @param bufferBytes the run's I/O buffers, allocated after this check
     * @param settings the plan's settings that set {@code fileBytes}, by their API names
     * @throws CgroupMemoryLimitException if it does not fit
     */
    public static void require(Preflight.Target t, long fileBytes, long bufferBytes,
            String... settings) throws CgroupMemoryLimitException {
        Optional<MemoryLimit> now = limitNow(t);
        if (now.isEmpty()) {
            return;
        }
        MemoryLimit m = now.get();
        long margin = JVM_MARGIN_BYTES + bufferBytes;
        LOG.debug("memory cgroup {}: {} left, {} kept, test file {}", m.cgroup(),
                SizeText.mebibytes(m.leftBytes()), SizeText.mebibytes(margin),
                SizeText.mebibytes(fileBytes));
        if (fileBytes > m.leftBytes() - margin) {
            throw beforeWriting(t.directory(), t.info().fileSystemType(), fileBytes,
                    m.limitBytes(), m.usageBytes(), m.inactiveFileBytes(), margin, m.cgroup(),
                    m.file(), List.of(settings));
        }
    }

    /**
     * For a write whose size comes from the free space (a sustained write or a capacity check
     * without a size): the most it may write in memory under the cgroup's limit.
     *
     * @param t the examined target
     * @param bufferBytes the run's I/O buffers, allocated after this check
     * @return what the cgroup leaves for the test file, less the margin (0 or more); empty where
     *     the target does not keep its files in memory or has no limit
     */
    public static Optional<Long> allowedBytes(Preflight.Target t, long bufferBytes) {
        return limitNow(t).map(m -> Math.max(0,
                m.leftBytes() - JVM_MARGIN_BYTES - bufferBytes));
    }

    private static Optional<MemoryLimit> limitNow(Preflight.Target t) {
        if (t.info().cgroupLimits().memory().isEmpty()) {
            return Optional.empty();
        }
        return CgroupMemory.system().tightest();
    }
}
