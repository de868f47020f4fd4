package io.github.drivespeed.nativeio;

import io.github.drivespeed.spi.TestFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A test file open on a file descriptor: anonymous (O_TMPFILE, nothing to remove) or named
 * (removed on close, whatever closing did).
 */
final class NativeTestFile extends NativeFileHandle implements TestFile {

    private final NativeRuntime runtime;
    private final Optional<Path> path;
    private boolean removed;

    NativeTestFile(NativeRuntime runtime, int fd, boolean direct, Optional<Path> path,
            String displayName, boolean sqThreadPoll) {
        super(runtime, fd, displayName, false, direct, sqThreadPoll);
        this.runtime = runtime;
        this.path = path;
    }

    @Override
    public Optional<Path> path() {
        return path;
    }

    @Override
    public boolean makeNoCow() throws IOException {
        return FileFlags.setNoCow(runtime.libc(), runtime.constants(), fd(), displayName());
    }

    @Override
    public void close() throws IOException {
        if (removed) {
            return;
        }
        removed = true;
        IOException closeFailure = null;
        try {
            super.close();
        } catch (IOException e) {
            closeFailure = e;
        }
        if (path.isPresent()) {
            // Removal is attempted whatever close did; a file left behind is what matters most.
            try {
                Files.deleteIfExists(path.get());
            } catch (IOException e) {
                if (closeFailure != null) {
                    e.addSuppressed(closeFailure);
                }
                throw e;
            }
        }
        if (closeFailure != null) {
            throw closeFailure;
        }
    }
}
