package io.github.drivespeed.testing;

import io.github.drivespeed.internal.javaio.JavaIoBackend;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.BlockDeviceGeometry;
import io.github.drivespeed.spi.BlockDeviceRequest;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.QueueEngine;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A real backend (the pure-Java one unless another is given) doing real I/O, with a hook on every
 * test file it creates: subclasses wrap the file to inject faults or check what goes through it.
 */
public abstract class ForwardingBackend implements IoBackend {

    private final IoBackend delegate;

    /** Forwards to the pure-Java backend. */
    protected ForwardingBackend() {
        this(new JavaIoBackend());
    }

    /** @param delegate the backend doing the I/O */
    protected ForwardingBackend(IoBackend delegate) {
        this.delegate = delegate;
    }

    /**
     * Wraps a test file the pure-Java backend just created.
     *
     * @param file the real, open test file
     * @param request what the engine asked for
     * @return the file the engine will use
     */
    protected abstract TestFile wrap(TestFile file, TestFileRequest request);

    @Override
    public String name() {
        return delegate.name() + "-test";
    }

    @Override
    public String description() {
        return delegate.name() + " backend instrumented by a test (" + getClass().getSimpleName()
                + ")";
    }

    @Override
    public Optional<String> unavailableReason() {
        return Optional.empty();
    }

    @Override
    public Set<Capability> capabilities() {
        return delegate.capabilities();
    }

    @Override
    public List<QueueEngine> queueEngines() {
        return delegate.queueEngines();
    }

    @Override
    public long maxBlockSizeBytes() {
        return delegate.maxBlockSizeBytes();
    }

    @Override
    public int directIoAlignmentBytes(Path directory) throws IOException {
        return delegate.directIoAlignmentBytes(directory);
    }

    @Override
    public AlignedBuffer allocate(long capacityBytes, int alignmentBytes) {
        return delegate.allocate(capacityBytes, alignmentBytes);
    }

    @Override
    public TestFile createTestFile(TestFileRequest request) throws IOException {
        return wrap(delegate.createTestFile(request), request);
    }

    @Override
    public FileHandle openBlockDevice(BlockDeviceRequest request) throws IOException {
        return delegate.openBlockDevice(request);
    }

    @Override
    public BlockDeviceGeometry blockDeviceGeometry(Path device) throws IOException {
        return delegate.blockDeviceGeometry(device);
    }

    @Override
    public void dropCaches() throws IOException {
        delegate.dropCaches();
    }
}
