package io.github.drivespeed.internal.files;

import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.InsufficientSpaceException.Shortage;
import io.github.drivespeed.error.TargetNotWritableException;
import io.github.drivespeed.internal.io.IoFailures;
import io.github.drivespeed.spi.ErrnoIoException;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/** Creates new test files under fresh names, registered for removal at JVM shutdown. */
public final class TestFileCreator {

    private static final int NAME_ATTEMPTS = 8;

    private TestFileCreator() {
    }

    /**
     * Creates a new test file in {@code directory}, never opening an existing one.
     *
     * @param io the backend that creates and opens it
     * @param directory the directory to create it in
     * @param direct whether it is opened with O_DIRECT
     * @param dsync whether it is opened with O_DSYNC
     * @return the file, removed when closed
     * @throws TargetNotWritableException if the directory refuses new files
     * @throws IOException if creation failed
     */
    public static TestFile create(IoBackend io, Path directory, boolean direct, boolean dsync)
            throws IOException {
        // The shutdown hook first: a signal between the file's creation and its registration
        // must still find a hook that removes it.
        TestFileRegistry.installHook();
        for (int attempt = 1; ; attempt++) {
            TestFileRequest request = new TestFileRequest(directory, TestFileNames.newName(),
                    direct, dsync);
            TestFile file;
            try {
                file = io.createTestFile(request);
            } catch (FileAlreadyExistsException e) {
                if (attempt < NAME_ATTEMPTS) {
                    continue;
                }
                throw e;
            } catch (AccessDeniedException e) {
                throw new TargetNotWritableException(directory, "permission denied", e);
            } catch (InterruptedIOException e) {
                throw IoFailures.interrupted("creation of the test file", 0, 0, e);
            } catch (IOException e) {
                if (ErrnoIoException.is(e, "EROFS")) {
                    throw new TargetNotWritableException(directory, IoFailures.READ_ONLY
                            + " (EROFS)", e);
                }
                if (ErrnoIoException.is(e, "EPERM")) {
                    throw new TargetNotWritableException(directory, IoFailures.NOT_PERMITTED, e);
                }
                if (IoFailures.isNoSpace(e)) {
                    throw noRoomAtCreation(io, directory, e);
                }
                throw e;
            }
            return new RegisteredTestFile(file);
        }
    }

    /**
     * ENOSPC or EDQUOT when the test file was created: what ran out. Where free bytes remain,
     * ENOSPC at creation means no inode is left; the backend's count of free inodes (statvfs(3)
     * {@code f_favail}) says so for certain, and where it cannot count them the message says it
     * may be so.
     *
     * @param io the backend that created the file
     * @param directory the target directory
     * @param failure the ENOSPC or EDQUOT failure
     * @return the exception to throw
     */
    private static InsufficientSpaceException noRoomAtCreation(IoBackend io, Path directory,
            IOException failure) {
        if (ErrnoIoException.is(failure, "EDQUOT")) {
            return InsufficientSpaceException.atCreation(directory, -1, Shortage.QUOTA, false,
                    failure);
        }
        long usable = -1;
        OptionalLong inodes = OptionalLong.empty();
        try {
            usable = Files.getFileStore(directory).getUsableSpace();
            inodes = io.freeInodes(directory);
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
        boolean noInodes = inodes.isPresent() && inodes.getAsLong() == 0 && usable > 0;
        return InsufficientSpaceException.atCreation(directory, usable,
                noInodes ? Shortage.INODES : Shortage.SPACE, inodes.isEmpty(), failure);
    }
}
