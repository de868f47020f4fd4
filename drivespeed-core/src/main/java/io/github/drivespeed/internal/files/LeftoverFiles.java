package io.github.drivespeed.internal.files;

import io.github.drivespeed.target.RemovedLeftover;
import java.io.IOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the other drivespeed test files in a directory: removes those left by runs that are gone
 * (killed before they could clean up) and reports those still in use by another measurement.
 *
 * <p>Only regular files named {@code drivespeed-<pid>-<16 hex digits>.tmp} are looked at; nothing
 * else in the directory is ever touched. Such a file is a leftover only when its pid is not a live
 * process here <em>and</em> no process holds its {@link OwnershipLock}: a pid alone cannot tell a
 * dead run from a live one in another PID namespace or on another host sharing the directory.
 * Where the directory cannot be listed (a 32-bit JVM meets EOVERFLOW on a file system with 64-bit
 * directory offsets), a warning says so once per directory, and the scan finds nothing.
 */
public final class LeftoverFiles {

    private static final Logger LOG = LoggerFactory.getLogger(LeftoverFiles.class);
    /** The directories that could not be listed, warned about once each. */
    private static final Set<Path> UNLISTABLE = ConcurrentHashMap.newKeySet();

    private LeftoverFiles() {
    }

    /**
     * What a scan found.
     *
     * @param directory the directory scanned
     * @param removed leftovers removed, each with its size
     * @param inUse test files of other measurements that are running now (this JVM's included)
     */
    public record Scan(Path directory, List<RemovedLeftover> removed, List<Path> inUse) {

        /** Copies the lists. */
        public Scan {
            removed = List.copyOf(removed);
            inUse = List.copyOf(inUse);
        }

        /**
         * Whether another measurement is using the directory: a named test file in use other than
         * {@code own}, or an unnamed (O_TMPFILE) one held open, looked up now
         * ({@link UnnamedFileHolders}).
         *
         * @param own this measurement's own named test file, or null
         * @param ownProcessCounts whether this process's unnamed files count (false while this
         *        measurement holds its own open)
         * @return whether another measurement is there
         */
        public boolean anotherMeasurement(Path own, boolean ownProcessCounts) {
            return anotherMeasurementThan(own == null ? Set.of() : Set.of(own), ownProcessCounts);
        }

        /**
         * As {@link #anotherMeasurement(Path, boolean)}, with several files of this measurement
         * (the jobs of one group run side by side).
         *
         * @param own this measurement's named test files
         * @param ownProcessCounts whether this process's unnamed files count
         * @return whether another measurement is there
         */
        public boolean anotherMeasurementThan(Set<Path> own, boolean ownProcessCounts) {
            return inUse.stream().anyMatch(p -> !own.contains(p))
                    || UnnamedFileHolders.anyIn(directory, ownProcessCounts);
        }
    }

    /**
     * Removes leftovers in {@code directory} (not in its subdirectories) and lists the test files
     * other measurements are using.
     *
     * @param directory the target directory
     * @return the files removed and the files in use
     */
    public static Scan removeStale(Path directory) {
        List<RemovedLeftover> removed = new ArrayList<>();
        List<Path> inUse = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory, "drivespeed-*.tmp")) {
            for (Path entry : entries) {
                OptionalLong pid = TestFileNames.ownerPid(entry.getFileName().toString());
                if (pid.isEmpty() || !Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                // a run killed just now is still being torn down: wait for it to be gone
                if (!ExitingProcesses.awaitGone(pid.getAsLong())) {
                    inUse.add(entry);
                    continue;
                }
                long bytes = sizeOf(entry);
                switch (OwnershipLock.removeIfAbandoned(entry)) {
                    case REMOVED:
                        RemovedLeftover leftover = new RemovedLeftover(
                                entry.toAbsolutePath(), bytes);
                        LOG.info("removed a test file left by a process that is gone: {}",
                                leftover);
                        removed.add(leftover);
                        break;
                    case IN_USE:
                        LOG.debug("{} is in use by another process (another PID namespace or"
                                + " host?); left alone", entry);
                        inUse.add(entry);
                        break;
                    default:
                        LOG.warn("could not remove leftover test file {}", entry);
                        break;
                }
            }
        } catch (IOException e) {
            unlistable(directory, e);
        } catch (DirectoryIteratorException e) {
            unlistable(directory, e.getCause());
        }
        return new Scan(directory, removed, inUse);
    }

    private static void unlistable(Path directory, IOException e) {
        if (UNLISTABLE.add(directory)) {
            LOG.warn("cannot list {} ({}): leftover test files there are not removed, and another"
                    + " drivespeed measurement's named test file there cannot be detected",
                    directory, reason(e));
        }
    }

    /** @return a file-system error's reason without its path, e.g. {@code Value too large ...} */
    private static String reason(IOException e) {
        return e instanceof FileSystemException f && f.getReason() != null ? f.getReason()
                : e.toString();
    }

    /** The file's size in bytes, -1 where it cannot be read. */
    private static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }
}
