package io.github.drivespeed.spi;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@link TestFile} that forwards every call to another; subclasses override the calls they
 * change (to count, trace or inject faults). {@link #timedTransfers(int)} is the exception: it
 * keeps {@link FileHandle}'s default (none), so that every block goes through {@link #read} and
 * {@link #write}; a subclass that changes neither may forward it.
 *
 * @since 0.1.0
 */
public abstract class ForwardingTestFile implements TestFile {

    private final TestFile delegate;

    /**
     * A test file that forwards every call to {@code delegate}.
     *
     * @param delegate the file calls are forwarded to
     */
    protected ForwardingTestFile(TestFile delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /** {@return the test file that every call is forwarded to} */
    protected final TestFile delegate() {
        return delegate;
    }

    @Override
    public Optional<Path> path() {
        return delegate.path();
    }

    @Override
    public String displayName() {
        return delegate.displayName();
    }

    @Override
    public long write(AlignedBuffer src, long srcOffset, long length, long position)
            throws IOException {
        return delegate.write(src, srcOffset, length, position);
    }

    @Override
    public long read(AlignedBuffer dst, long dstOffset, long length, long position)
            throws IOException {
        return delegate.read(dst, dstOffset, length, position);
    }

    @Override
    public void dataSync() throws IOException {
        delegate.dataSync();
    }

    @Override
    public boolean evictPages() throws IOException {
        return delegate.evictPages();
    }

    @Override
    public IoQueue openQueue(String engine, int depth) throws IOException {
        return delegate.openQueue(engine, depth);
    }

    @Override
    public Optional<String> queueEngineDrawback(String engine) {
        return delegate.queueEngineDrawback(engine);
    }

    @Override
    public boolean adviseRandomAccess(boolean random) throws IOException {
        return delegate.adviseRandomAccess(random);
    }

    @Override
    public boolean makeNoCow() throws IOException {
        return delegate.makeNoCow();
    }

    @Override
    public void close() throws IOException {
        delegate.close();
    }
}
