package io.github.drivespeed.internal.files;

import io.github.drivespeed.error.TestFileIoException;
import io.github.drivespeed.spi.FileHandle;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Closes and removes a test file at the end of a run, whether the run succeeded or failed, and
 * makes sure a failure to do so is never lost: a test file that stays behind must be said.
 *
 * <pre>{@code
 * Throwable failure = null;
 * try { ... } catch (IOException | RuntimeException | Error e) { failure = e; throw e; }
 * finally { TestFileRemoval.closeAndRemove(file, name, failure); }
 * }</pre>
 */
public final class TestFileRemoval {

    private TestFileRemoval() {
    }

    /**
     * Closes and removes {@code file}. If that fails, the failure is thrown as a
     * {@link TestFileIoException} (operation {@code close and remove}) naming the file, or, when
     * the run is already failing, attached to that failure as suppressed.
     *
     * @param file the test file (removed as it closes), or an existing file (only closed)
     * @param name its path (or its directory when it has none) for the message
     * @param failure what the run is already throwing, or null
     * @throws TestFileIoException if closing or removing failed and nothing else is propagating
     */
    public static void closeAndRemove(FileHandle file, Path name, Throwable failure)
            throws TestFileIoException {
        try {
            file.close();
        } catch (IOException e) {
            TestFileIoException removal = new TestFileIoException(name, "close and remove", -1, e);
            if (failure == null) {
                throw removal;
            }
            failure.addSuppressed(removal);
        }
    }
}
