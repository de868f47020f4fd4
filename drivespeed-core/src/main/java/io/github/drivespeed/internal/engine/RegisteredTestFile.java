package io.github.drivespeed.internal.engine;

import io.github.drivespeed.spi.ForwardingTestFile;
import io.github.drivespeed.spi.TestFile;
import java.io.IOException;

/**
 * A test file known to the shutdown hook until it has been removed, so Ctrl-C (SIGINT) or SIGTERM
 * does not leave it behind.
 */
final class RegisteredTestFile extends ForwardingTestFile {

    RegisteredTestFile(TestFile file) {
        super(file);
        file.path().ifPresent(TestFileRegistry::register);
    }

    /** Closes and removes the file; if removal failed it stays registered for the shutdown hook. */
    @Override
    public void close() throws IOException {
        super.close();
        path().ifPresent(TestFileRegistry::unregister);
    }
}
