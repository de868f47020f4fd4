package io.github.drivespeed.testing;

import io.github.drivespeed.internal.javaio.JavaIoBackend;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.ForwardingTestFile;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A real backend (the pure-Java one unless another is given) with one fault injected: the write
 * (or read) call at a chosen file offset throws, as a failing drive would with EIO, or every call
 * transfers at most a given number of bytes. Everything else is real I/O.
 */
public final class FaultyBackend extends ForwardingBackend {

    private final String failingOperation;
    private final long failingOffset;
    private final IOException failure;
    private final AtomicLong shortTransfers = new AtomicLong();
    private final AtomicLong matchingCalls = new AtomicLong();
    private final AtomicLong shortReturns = new AtomicLong();
    private final long maxTransferBytes;
    private final long failingCall;

    private FaultyBackend(String failingOperation, long failingOffset, IOException failure,
            long maxTransferBytes, long failingCall) {
        this(new JavaIoBackend(), failingOperation, failingOffset, failure, maxTransferBytes,
                failingCall);
    }

    private FaultyBackend(IoBackend delegate, String failingOperation, long failingOffset,
            IOException failure, long maxTransferBytes, long failingCall) {
        super(delegate);
        this.failingOperation = failingOperation;
        this.failingOffset = failingOffset;
        this.failure = failure;
        this.maxTransferBytes = maxTransferBytes;
        this.failingCall = failingCall;
    }

    /**
     * @param operation {@code write}, {@code read} or {@code fdatasync}
     * @param offset the file offset whose call fails (-1 for fdatasync)
     * @param failure what it throws
     * @return the backend
     */
    public static FaultyBackend failing(String operation, long offset, IOException failure) {
        return new FaultyBackend(operation, offset, failure, Long.MAX_VALUE, 1);
    }

    /**
     * Fails only the {@code nth} call of {@code operation} at {@code offset} (counting over all
     * test files, the warm-up's first): for a fault in a measured run rather than the warm-up.
     *
     * @param operation {@code write}, {@code read}, {@code fdatasync} or {@code close} (a test
     *     file's close, after it really closed; offset -1)
     * @param offset the file offset whose call fails (-1 for fdatasync and close)
     * @param nth which matching call fails, from 1; the others go through
     * @param failure what it throws
     * @return the backend
     */
    public static FaultyBackend failingOnCall(String operation, long offset, long nth,
            IOException failure) {
        return new FaultyBackend(operation, offset, failure, Long.MAX_VALUE, nth);
    }

    /**
     * {@link #failingOnCall(String, long, long, IOException)} over another backend (a second
     * fault, with a {@code FaultyBackend} as {@code delegate}).
     *
     * @param delegate the backend doing the I/O
     * @param operation {@code write}, {@code read}, {@code fdatasync} or {@code close} (a test
     *     file's close, after it really closed; offset -1)
     * @param offset the file offset whose call fails (-1 for fdatasync and close)
     * @param nth which matching call fails, from 1; the others go through
     * @param failure what it throws
     * @return the backend
     */
    public static FaultyBackend failingOnCall(IoBackend delegate, String operation, long offset,
            long nth, IOException failure) {
        return new FaultyBackend(delegate, operation, offset, failure, Long.MAX_VALUE, nth);
    }

    /**
     * A backend that never fails but transfers at most {@code maxBytes} per call, as a kernel may.
     *
     * @param maxBytes bytes per call
     * @return the backend
     */
    public static FaultyBackend shortTransfers(long maxBytes) {
        return new FaultyBackend("none", -1, null, maxBytes, 1);
    }

    /**
     * {@code delegate}, transferring at most {@code maxBytes} per call, as a kernel may.
     *
     * @param delegate the backend doing the I/O
     * @param maxBytes bytes per call
     * @return the backend
     */
    public static FaultyBackend shortTransfers(IoBackend delegate, long maxBytes) {
        return new FaultyBackend(delegate, "none", -1, null, maxBytes, 1);
    }

    /**
     * Transfers at most {@code maxBytes} per call, and the call at {@code offset} fails.
     *
     * @param maxBytes bytes per call
     * @param operation {@code write} or {@code read}
     * @param offset the file offset whose call fails
     * @param failure what it throws
     * @return the backend
     */
    public static FaultyBackend shortTransfersFailing(long maxBytes, String operation, long offset,
            IOException failure) {
        return new FaultyBackend(operation, offset, failure, maxBytes, 1);
    }

    /** @return how many calls transferred less than asked because of the injected limit */
    public long shortTransferCount() {
        return shortTransfers.get();
    }

    /**
     * @return how many calls the real backend answered with fewer bytes than it was asked for
     *     (after the injected limit), as the kernel does beyond 2 GiB - 4 KiB
     */
    public long shortReturnCount() {
        return shortReturns.get();
    }

    @Override
    public String name() {
        return "faulty";
    }

    @Override
    public String description() {
        return "a real backend with an injected fault";
    }

    @Override
    protected TestFile wrap(TestFile file, TestFileRequest request) {
        return new ForwardingTestFile(file) {
            @Override
            public long write(AlignedBuffer src, long srcOffset, long length, long position)
                    throws IOException {
                maybeFail("write", position);
                long asked = cap(length);
                return countShort(asked, super.write(src, srcOffset, asked, position));
            }

            @Override
            public long read(AlignedBuffer dst, long dstOffset, long length, long position)
                    throws IOException {
                maybeFail("read", position);
                long asked = cap(length);
                return countShort(asked, super.read(dst, dstOffset, asked, position));
            }

            @Override
            public void dataSync() throws IOException {
                maybeFail("fdatasync", -1);
                super.dataSync();
            }

            @Override
            public void close() throws IOException {
                super.close();
                maybeFail("close", -1);
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

    private long countShort(long asked, long transferred) {
        if (transferred >= 0 && transferred < asked) {
            shortReturns.incrementAndGet();
        }
        return transferred;
    }

    private void maybeFail(String operation, long position) throws IOException {
        if (operation.equals(failingOperation) && position == failingOffset
                && matchingCalls.incrementAndGet() == failingCall) {
            throw failure;
        }
    }
}
