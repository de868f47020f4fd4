package io.github.drivespeed.testing;

import io.github.drivespeed.internal.javaio.JavaIoBackend;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.ForwardingTestFile;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The pure-Java backend with one fault injected: the write (or read) call at a chosen file offset
 * throws, as a failing drive would with EIO. Everything else is real I/O.
 */
public final class FaultyBackend implements IoBackend {

    private final IoBackend delegate = new JavaIoBackend();
    private final String failingOperation;
    private final long failingOffset;
    private final IOException failure;
    private final AtomicLong shortTransfers = new AtomicLong();
    private final long maxTransferBytes;

    private FaultyBackend(String failingOperation, long failingOffset, IOException failure,
            long maxTransferBytes) {
        this.failingOperation = failingOperation;
        this.failingOffset = failingOffset;
        this.failure = failure;
        this.maxTransferBytes = maxTransferBytes;
    }

    /**
     * @param operation {@code write} or {@code read}
     * @param offset the file offset whose call fails
     * @param failure what it throws
     * @return the backend
     */
    public static FaultyBackend failing(String operation, long offset, IOException failure) {
        return new FaultyBackend(operation, offset, failure, Long.MAX_VALUE);
    }

    /**
     * A backend that never fails but transfers at most {@code maxBytes} per call, as a kernel may.
     *
     * @param maxBytes bytes per call
     * @return the backend
     */
    public static FaultyBackend shortTransfers(long maxBytes) {
        return new FaultyBackend("none", -1, null, maxBytes);
    }

    /** @return how many calls transferred less than asked */
    public long shortTransferCount() {
        return shortTransfers.get();
    }

    @Override
    public String name() {
        return "faulty";
    }

    @Override
    public String description() {
        return "java backend with an injected fault";
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
        return new ForwardingTestFile(delegate.createTestFile(request)) {
            @Override
            public long write(AlignedBuffer src, long srcOffset, long length, long position)
                    throws IOException {
                maybeFail("write", position);
                return super.write(src, srcOffset, cap(length), position);
            }

            @Override
            public long read(AlignedBuffer dst, long dstOffset, long length, long position)
                    throws IOException {
                maybeFail("read", position);
                return super.read(dst, dstOffset, cap(length), position);
            }
        };
    }

    private long cap(long length) {
        if (length > maxTransferBytes) {
            shortTransfers.incrementAndGet();
            return maxTransferBytes;
        }
        return length;
    }

    private void maybeFail(String operation, long position) throws IOException {
        if (operation.equals(failingOperation) && position == failingOffset) {
            throw failure;
        }
    }
}
