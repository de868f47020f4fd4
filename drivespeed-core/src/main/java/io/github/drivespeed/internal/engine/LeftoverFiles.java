package io.github.drivespeed.internal.engine;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes test files left by runs whose process is gone (killed before it could clean up).
 * Only regular files named {@code drivespeed-<pid>-<16 hex digits>.tmp} whose pid is not a live
 * process are touched; nothing else in the directory ever is.
 */
public final class LeftoverFiles {

    private static final Logger LOG = LoggerFactory.getLogger(LeftoverFiles.class);

    private LeftoverFiles() {
    }

    /**
     * Removes stale test files in {@code directory} (not in its subdirectories).
     *
     * @param directory the target directory
     * @return the files removed
     */
    public static List<Path> removeStale(Path directory) {
        List<Path> removed = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory, "drivespeed-*.tmp")) {
            for (Path entry : entries) {
                OptionalLong pid = TestFileNames.ownerPid(entry.getFileName().toString());
                if (pid.isEmpty() || ProcessHandle.of(pid.getAsLong()).isPresent()
                        || !Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                try {
                    if (Files.deleteIfExists(entry)) {
                        LOG.info("removed a test file left by a process that is gone: {}", entry);
                        removed.add(entry);
                    }
                } catch (IOException e) {
                    LOG.warn("could not remove leftover test file {}: {}", entry, e.toString());
                }
            }
        } catch (IOException e) {
            LOG.debug("could not list {} for leftover test files: {}", directory, e.toString());
        }
        return removed;
    }
}
