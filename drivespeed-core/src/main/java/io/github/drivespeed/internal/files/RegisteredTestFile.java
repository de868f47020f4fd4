package io.github.drivespeed.internal.files;

import io.github.drivespeed.spi.ForwardingTestFile;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TimedTransfers;
import java.io.IOException;
import java.util.Optional;

/**
 * A named test file known to the shutdown hook until it has been removed, so Ctrl-C (SIGINT) or
 * SIGTERM does not leave it behind, and locked with an {@link OwnershipLock} meanwhile, so no
 * other process takes it for a leftover.
 */
final class RegisteredTestFile extends ForwardingTestFile {

    private final OwnershipLock lock;

    RegisteredTestFile(TestFile file) {
        super(file);
        file.path().ifPresent(TestFileRegistry::register);
        this.lock = file.path().map(OwnershipLock::acquire).orElse(null);
    }

    /** The file's own loop: this wrapper changes neither reads nor writes. */
    @Override
    public Optional<TimedTransfers> timedTransfers(int capacity) {
        return delegate().timedTransfers(capacity);
    }

    /** Closes and removes the file; if removal failed it stays registered for the shutdown hook. */
    @Override
    public void close() throws IOException {
        try {
            super.close();
            path().ifPresent(TestFileRegistry::unregister);
        } finally {
            if (lock != null) {
                lock.close();
            }
        }
    }
}
