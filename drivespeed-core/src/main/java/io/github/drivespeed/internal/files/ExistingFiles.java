package io.github.drivespeed.internal.files;

import io.github.drivespeed.error.UnsafeTargetException;
import io.github.drivespeed.error.UnsupportedTargetException;
import io.github.drivespeed.spi.BlockDeviceRequest;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.spi.IoBackend;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Opens an existing regular file a workload runs over, as the backend opens a device (open(2)
 * O_RDONLY, or O_RDWR where overwriting it was allowed): a plain {@link FileHandle}, so closing it
 * only closes it and nothing is removed. The engine's checks come first: a regular file, large
 * enough, and written only when allowed.
 */
public final class ExistingFiles {

    private ExistingFiles() {
    }

    /**
     * Checks and opens the file.
     *
     * @param io the backend
     * @param file the file and whether it may be written
     * @param bytes the bytes the workload covers, from offset 0
     * @param writes whether the workload writes
     * @param direct open with O_DIRECT
     * @return the open file
     * @throws UnsupportedTargetException if it is not a regular file
     * @throws UnsafeTargetException if the workload writes and overwriting was not allowed
     * @throws IllegalArgumentException if it is smaller than {@code bytes}, or the backend cannot
     *     write an existing file
     * @throws IOException if it cannot be opened
     */
    public static FileHandle open(IoBackend io, ExistingFile file, long bytes, boolean writes,
            boolean direct) throws IOException {
        Path path = file.path();
        if (!Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
            throw new UnsupportedTargetException(path, Files.exists(path)
                    ? "an existing file to run over must be a regular file (not a link,"
                            + " directory or device)"
                    : "the existing file to run over does not exist");
        }
        if (writes && !file.writable()) {
            throw new UnsafeTargetException(path, "it exists and drivespeed did not create it;"
                    + " a workload writes only its own new test files unless overwriting this"
                    + " file is allowed (WorkloadPlan.allowWritesTo, --allow-overwrite)");
        }
        long size = Files.size(path);
        if (size < bytes) {
            throw new IllegalArgumentException("existing file " + path + " holds " + size
                    + " bytes, fewer than the workload's size of " + bytes + " bytes; drivespeed"
                    + " does not extend a file it did not create");
        }
        try {
            return io.openBlockDevice(new BlockDeviceRequest(path, direct, file.writable()));
        } catch (UnsupportedOperationException e) {
            throw new IllegalArgumentException("the " + io.name() + " backend cannot open an"
                    + " existing file " + (file.writable() ? "for writing" : "") + ": "
                    + e.getMessage(), e);
        }
    }
}
