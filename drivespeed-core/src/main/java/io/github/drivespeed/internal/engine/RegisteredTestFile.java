package io.github.drivespeed.internal.engine;

import io.github.drivespeed.spi.ForwardingTestFile;
import io.github.drivespeed.spi.TestFile;
import java.io.IOException;

/** A test file known to the shutdown hook while it is open, so Ctrl-C does not leave it behind. */
final class RegisteredTestFile extends ForwardingTestFile {

    RegisteredTestFile(TestFile file) {
        super(file);
        file.path().ifPresent(TestFileRegistry::register);
    }

    @Override
    public void close() throws IOException {
        try {
            super.close();
        } finally {
            path().ifPresent(TestFileRegistry::unregister);
        }
    }
}
