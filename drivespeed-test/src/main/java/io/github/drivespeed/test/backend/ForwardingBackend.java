package io.github.drivespeed.test.backend;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.BlockDeviceGeometry;
import io.github.drivespeed.spi.BlockDeviceRequest;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.QueueEngine;
import java.util.List;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * An {@link IoBackend} that does real I/O through another backend (the pure-Java one,
 * {@code DriveSpeed.backend("java")}, unless another is given) and lets a subclass wrap every
 * test file it creates, to inject faults into it or to watch what goes through it. Give it to a
 * plan with {@code plan.backend(myBackend)}; the report then names it
 * ({@code <delegate>-test} unless {@link #name()} is overridden).
 *
 * <p>Everything but test-file creation (availability, capabilities, queue engines, alignment,
 * buffers, block devices, dropping caches) is the delegate's, unchanged. Implementations are used by the measuring threads at once: keep
 * what they record thread-safe.
 *
 * @since 0.1.0
 */
public abstract class ForwardingBackend implements IoBackend {

    private final IoBackend delegate;

    /** Forwards to the pure-Java backend. */
    protected ForwardingBackend() {
        this(DriveSpeed.backend("java"));
    }

    /**
     * A backend that forwards every call to {@code delegate}.
     *
     * @param delegate the backend doing the I/O
     * @throws NullPointerException if {@code delegate} is null
     */
    protected ForwardingBackend(IoBackend delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /**
     * Wraps a test file the delegate just created; {@link io.github.drivespeed.spi.ForwardingTestFile}
     * is the usual base of the wrapper.
     *
     * @param file the real, open test file
     * @param request what the engine asked for (directory, name, flags)
     * @return the file the engine will use
     */
    protected abstract TestFile wrap(TestFile file, TestFileRequest request);

    /** {@return the backend doing the I/O} */
    protected final IoBackend delegate() {
        return delegate;
    }

    /** {@return the delegate's name and {@code -test}, for example {@code java-test}} */
    @Override
    public String name() {
        return delegate.name() + "-test";
    }

    @Override
    public String description() {
        return delegate.name() + " backend instrumented by a test (" + getClass().getSimpleName()
                + ")";
    }

    /** {@return the delegate's reason, if it is unavailable here} */
    @Override
    public Optional<String> unavailableReason() {
        return delegate.unavailableReason();
    }

    @Override
    public Set<Capability> capabilities() {
        return delegate.capabilities();
    }

    /**
     * {@return the delegate's queue engines: a plan with a queue depth runs on them, as it would
     * on the delegate}
     */
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

    /** Creates the file with the delegate, then {@linkplain #wrap wraps} it. */
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
