package io.github.drivespeed.internal.engine;

import io.github.drivespeed.error.TargetNotWritableException;
import io.github.drivespeed.spi.ErrnoIoException;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;

/** Creates new test files under fresh names, registered for removal at JVM shutdown. */
final class TestFileCreator {

    private static final int NAME_ATTEMPTS = 8;

    private TestFileCreator() {
    }

    /**
     * Creates a new test file in {@code directory}, never opening an existing one.
     *
     * @return the file, removed when closed
     * @throws TargetNotWritableException if the directory refuses new files
     * @throws IOException if creation failed
     */
    static TestFile create(IoBackend io, Path directory, boolean direct, boolean dsync)
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
                    throw new TargetNotWritableException(directory, TargetChecks.READ_ONLY
                            + " (EROFS)", e);
                }
                if (ErrnoIoException.is(e, "EPERM")) {
                    throw new TargetNotWritableException(directory, TargetChecks.NOT_PERMITTED, e);
                }
                if (IoFailures.isNoSpace(e)) {
                    throw Preflight.noRoomAtCreation(io, directory, e);
                }
                throw e;
            }
            return new RegisteredTestFile(file);
        }
    }
}
