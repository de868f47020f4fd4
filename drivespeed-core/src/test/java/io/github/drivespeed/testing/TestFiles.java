package io.github.drivespeed.testing;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Looks for files in test directories. */
public final class TestFiles {

    private TestFiles() {
    }

    /**
     * Writes every dirty page of the machine back to its device (sync(1), which calls sync(2)),
     * so that write-back of earlier tests' files (loop-device images of privileged tests live on
     * the same disk as {@code @TempDir}) does not land in a measured pass and show there as
     * another process's I/O ({@code FOREIGN_IO}) or fill the device counters of a cached read.
     * For tests that pin an exact set of warnings (or a met requirement) on a real disk; I/O that
     * other processes start during the pass is not prevented (on a shared build machine it still
     * shows, as it should).
     *
     * @throws IOException if sync cannot be run or fails
     */
    public static void flushDirtyPages() throws IOException {
        Mounts.execOrThrow("sync");
    }

    /**
     * Fills the file system of {@code directory} with a new file {@code filler.bin} there until
     * {@code leaveBytes} are usable (what {@code FileStore.getUsableSpace()} says), and syncs it.
     *
     * @param directory a directory on the file system to fill
     * @param leaveBytes bytes to leave usable
     * @return the bytes usable afterwards
     * @throws IOException if the file cannot be written
     */
    public static long fill(Path directory, long leaveBytes) throws IOException {
        try (FileChannel filler = FileChannel.open(directory.resolve("filler.bin"),
                StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ByteBuffer chunk = ByteBuffer.allocateDirect(1 << 20);
            long remaining = Files.getFileStore(directory).getUsableSpace() - leaveBytes;
            while (remaining > 0) {
                chunk.clear().limit((int) Math.min(chunk.capacity(), remaining));
                remaining -= filler.write(chunk);
            }
            filler.force(false);
        }
        return Files.getFileStore(directory).getUsableSpace();
    }

    /**
     * @param dir a directory
     * @return the names of the entries in it, sorted
     * @throws IOException if it cannot be listed
     */
    public static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    /**
     * The test files this process has open in {@code dir}, named or not, as paths that can be
     * opened and read: a named {@code drivespeed-*.tmp} file as itself, an unnamed O_TMPFILE as
     * its {@code /proc/self/fd/N} link (whose target reads {@code DIR/#INODE (deleted)}; proc(5)).
     *
     * @param dir a directory
     * @return readable paths, named files first
     * @throws IOException if the directory or /proc/self/fd cannot be listed
     */
    public static List<Path> readableTestFiles(Path dir) throws IOException {
        List<Path> found = new ArrayList<>(testFiles(dir));
        found.addAll(unnamedFiles(dir));
        return found;
    }

    /**
     * @param dir a directory
     * @return {@code /proc/self/fd/N} links of the unnamed (O_TMPFILE) files this process has open
     *     in {@code dir}
     * @throws IOException if /proc/self/fd cannot be listed
     */
    public static List<Path> unnamedFiles(Path dir) throws IOException {
        String prefix = dir.toRealPath() + "/#";
        List<Path> found = new ArrayList<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                String target;
                try {
                    target = Files.readSymbolicLink(fd).toString();
                } catch (IOException e) {
                    continue; // closed meanwhile (the listing's own descriptor, for one)
                }
                if (target.startsWith(prefix) && target.endsWith(" (deleted)")
                        && target.indexOf('/', prefix.length()) < 0) {
                    found.add(fd);
                }
            }
        }
        return found;
    }

    /**
     * @param dir a directory
     * @return the drivespeed test files in it
     * @throws IOException if it cannot be listed
     */
    public static List<Path> testFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().matches("drivespeed-.*\\.tmp"))
                    .sorted().collect(Collectors.toList());
        }
    }
}
