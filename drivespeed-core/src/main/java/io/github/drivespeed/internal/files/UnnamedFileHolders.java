package io.github.drivespeed.internal.files;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds processes holding an unnamed test file (open(2) {@code O_TMPFILE}) in a directory. Such a
 * file has no name for {@link LeftoverFiles} to see, but its descriptor does: the kernel links
 * {@code /proc/<pid>/fd/<n>} to {@code <directory>/#<inode> (deleted)} (proc(5), {@code d_path}
 * of an {@code O_TMPFILE} dentry). Any process holding one in the measured directory is writing
 * there at the same time, drivespeed or not.
 *
 * <p>Sees only processes in this PID namespace whose descriptors this process may read (its own
 * user's, or all as root); runs on other hosts sharing the directory are not visible this way.
 * Where {@code /proc} is absent (not Linux) it finds nothing.
 */
final class UnnamedFileHolders {

    private static final Logger LOG = LoggerFactory.getLogger(UnnamedFileHolders.class);
    private static final Path PROC = Path.of("/proc");
    private static final Pattern PID = Pattern.compile("[0-9]+");
    private static final Pattern UNNAMED = Pattern.compile("#[0-9]+ \\(deleted\\)");

    private UnnamedFileHolders() {
    }

    /**
     * @param directory the measured directory
     * @param ownProcess whether this process's own descriptors count (false while this
     *        measurement holds its own unnamed file open)
     * @return whether some process holds an unnamed file in {@code directory} open
     */
    static boolean anyIn(Path directory, boolean ownProcess) {
        Path real;
        try {
            real = directory.toRealPath();
        } catch (IOException e) {
            return false;
        }
        String own = Long.toString(ProcessHandle.current().pid());
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(PROC,
                p -> PID.matcher(p.getFileName().toString()).matches())) {
            for (Path pid : pids) {
                if ((ownProcess || !pid.getFileName().toString().equals(own))
                        && holdsUnnamedFileIn(pid.resolve("fd"), real)) {
                    return true;
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("cannot list {}: {}", PROC, e.toString());
        }
        return false;
    }

    private static boolean holdsUnnamedFileIn(Path fdDirectory, Path directory) {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(fdDirectory)) {
            for (Path fd : fds) {
                Path link;
                try {
                    link = Files.readSymbolicLink(fd);
                } catch (IOException | UnsupportedOperationException e) {
                    continue; // closed meanwhile, or not ours to read
                }
                Path parent = link.getParent();
                Path name = link.getFileName();
                if (parent != null && name != null && parent.equals(directory)
                        && UNNAMED.matcher(name.toString()).matches()) {
                    return true;
                }
            }
        } catch (IOException | RuntimeException e) {
            // a process that exited, or one whose descriptors this process may not read
        }
        return false;
    }
}
