package io.github.drivespeed.testing;

import java.io.IOException;
import java.nio.file.Path;

/**
 * {@code chattr +i} on a file or directory, undone by {@code chattr -i} on close (root only, on
 * a file system with inode flags such as ext4). An immutable directory refuses new entries and
 * removals even to root: "no permission" made real for a test that runs as root.
 */
public final class Immutable implements AutoCloseable {

    private final Path path;

    private Immutable(Path path) {
        this.path = path;
    }

    /**
     * Makes {@code path} immutable.
     *
     * @param path a file or directory
     * @return the handle that undoes it
     * @throws IOException if chattr failed
     */
    public static Immutable set(Path path) throws IOException {
        Mounts.execOrThrow("chattr", "+i", path.toString());
        return new Immutable(path);
    }

    @Override
    public void close() throws IOException {
        Mounts.execOrThrow("chattr", "-i", path.toString());
    }
}
