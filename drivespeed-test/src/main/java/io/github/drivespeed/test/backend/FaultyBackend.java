package io.github.drivespeed.test.backend;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.ForwardingTestFile;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A real backend with one fault injected, for testing how code that runs measurements handles a
 * failing drive: the {@code n}th {@link IoOperation} at a chosen file offset throws the exception
 * given (as a drive would fail with EIO, or a full one with ENOSPC), and/or every read and write
 * transfers at most a given number of bytes (as the kernel may). Everything else is real I/O on
 * the real test file, through the pure-Java backend unless another is given.
 *
 * <pre>{@code
 * FaultyBackend eio = FaultyBackend.failing(IoOperation.WRITE, 0,
 *         new IOException("pwrite failed: EIO (Input/output error)"));
 * assertThatThrownBy(() -> DriveSpeed.on(dir).blockSize("1M").count(4).backend(eio).run())
 *         .hasMessageContaining("EIO");
 * }</pre>
 *
 * <p>The engine acts on a failure's errno, never on its text: to fail as a full drive, inject
 * {@code new ErrnoIoException("pwrite", "test file", "ENOSPC", "ENOSPC (No space left on device)",
 * null)} ({@link io.github.drivespeed.spi.ErrnoIoException}), which becomes an
 * {@code InsufficientSpaceException}; a plain {@code IOException} is an I/O failure whatever it
 * says.
 *
 * <p>Calls are counted over every test file the backend creates, the warm-up's first (a
 * measured run's fault needs {@code nth} past the warm-up's calls). Thread-safe.
 *
 * @since 0.1.0
 */
public final class FaultyBackend extends ForwardingBackend {

    /**
     * No offset: the fault of a {@link IoOperation#DATA_SYNC} or an {@link IoOperation#CLOSE},
     * and of none at all.
     */
    public static final long NO_OFFSET = -1;

    private final IoOperation failingOperation;
    private final long failingOffset;
    private final long failingCall;
    private final IOException failure;
    private final long maxTransferBytes;
    private final AtomicLong matchingCalls = new AtomicLong();
    private final AtomicLong shortTransfers = new AtomicLong();
    private final AtomicLong shortReturns = new AtomicLong();

    private FaultyBackend(IoBackend delegate, IoOperation failingOperation, long failingOffset,
            long failingCall, IOException failure, long maxTransferBytes) {
        super(delegate);
        this.failingOperation = failingOperation;
        this.failingOffset = failingOffset;
        this.failingCall = failingCall;
        this.failure = failure;
        this.maxTransferBytes = maxTransferBytes;
    }

    /**
     * The first {@code operation} at {@code offset} throws {@code failure}.
     *
     * @param operation the call that fails
     * @param offset its file offset in bytes, {@code >= 0}; {@link #NO_OFFSET} for
     *     {@link IoOperation#DATA_SYNC} and {@link IoOperation#CLOSE}
     * @param failure what it throws, every time it is thrown (the same instance)
     * @return the backend, over the pure-Java one
     * @throws IllegalArgumentException if the offset does not fit the operation
     */
    public static FaultyBackend failing(IoOperation operation, long offset, IOException failure) {
        return failingOnCall(operation, offset, 1, failure);
    }

    /**
     * Only the {@code nth} {@code operation} at {@code offset} throws {@code failure}; the others
     * go through.
     *
     * @param operation the call that fails
     * @param offset its file offset in bytes, {@code >= 0}; {@link #NO_OFFSET} for
     *     {@link IoOperation#DATA_SYNC} and {@link IoOperation#CLOSE}
     * @param nth which matching call fails, from 1
     * @param failure what it throws
     * @return the backend, over the pure-Java one
     * @throws IllegalArgumentException if the offset does not fit the operation, or
     *     {@code nth < 1}
     */
    public static FaultyBackend failingOnCall(IoOperation operation, long offset, long nth,
            IOException failure) {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(failure, "failure");
        boolean noOffset = operation == IoOperation.DATA_SYNC || operation == IoOperation.CLOSE;
        if (noOffset ? offset != NO_OFFSET : offset < 0) {
            throw new IllegalArgumentException("offset must be " + (noOffset
                    ? "NO_OFFSET (-1) for " : ">= 0 for ") + operation + ": " + offset);
        }
        if (nth < 1) {
            throw new IllegalArgumentException("nth must be >= 1: " + nth);
        }
        return new FaultyBackend(DriveSpeed.backend("java"), operation, offset, nth, failure,
                Long.MAX_VALUE);
    }

    /**
     * Never fails, but every read and write moves at most {@code max}, as the kernel may
     * (it moves at most 2 GiB - 4 KiB in one call): the engine must loop until each block is done.
     *
     * @param max bytes per call, more than 0
     * @return the backend, over the pure-Java one
     * @throws IllegalArgumentException if {@code max} is 0 bytes
     */
    public static FaultyBackend shortTransfers(DataSize max) {
        return shortTransfers(DriveSpeed.backend("java"), max);
    }

    /**
     * {@code delegate}, where every read and write moves at most {@code max}.
     *
     * @param delegate the backend doing the I/O
     * @param max bytes per call, more than 0
     * @return the backend
     * @throws IllegalArgumentException if {@code max} is 0 bytes
     */
    public static FaultyBackend shortTransfers(IoBackend delegate, DataSize max) {
        Objects.requireNonNull(delegate, "delegate");
        return new FaultyBackend(delegate, null, NO_OFFSET, 1, null, positive(max));
    }

    /**
     * This backend's fault, on another backend: for example the native one
     * ({@code DriveSpeed.backend("native")}).
     *
     * @param delegate the backend doing the I/O
     * @return a new backend with this one's fault and transfer limit, its counters at zero
     */
    public FaultyBackend over(IoBackend delegate) {
        return new FaultyBackend(Objects.requireNonNull(delegate, "delegate"), failingOperation,
                failingOffset, failingCall, failure, maxTransferBytes);
    }

    /**
     * This backend's fault, with every read and write moving at most {@code max} as well.
     *
     * @param max bytes per call, more than 0
     * @return a new backend, its counters at zero
     * @throws IllegalArgumentException if {@code max} is 0 bytes
     */
    public FaultyBackend withShortTransfers(DataSize max) {
        return new FaultyBackend(delegate(), failingOperation, failingOffset, failingCall,
                failure, positive(max));
    }

    private static long positive(DataSize max) {
        long maxBytes = Objects.requireNonNull(max, "max").bytes();
        if (maxBytes <= 0) {
            throw new IllegalArgumentException("maxBytes must be > 0: " + maxBytes);
        }
        return maxBytes;
    }

    /** {@return how many reads and writes were cut to the transfer limit} */
    public long shortTransferCount() {
        return shortTransfers.get();
    }

    /**
     * {@return how many reads and writes the delegate answered with fewer bytes than it was asked
     * for (after the limit)}
     */
    public long shortReturnCount() {
        return shortReturns.get();
    }

    /** {@return how many calls matched the fault's operation and offset so far} */
    public long matchingCallCount() {
        return matchingCalls.get();
    }

    /** {@return the backend's name, {@code faulty}} */
    @Override
    public String name() {
        return "faulty";
    }

    @Override
    public String description() {
        return "the " + delegate().name() + " backend with an injected fault ("
                + (failingOperation == null ? "none" : failingOperation + " at offset "
                + failingOffset + ", call " + failingCall + ": " + failure)
                + (maxTransferBytes == Long.MAX_VALUE ? "" : ", at most " + maxTransferBytes
                + " bytes per call") + ")";
    }

    @Override
    protected TestFile wrap(TestFile file, TestFileRequest request) {
        return new ForwardingTestFile(file) {
            @Override
            public long write(AlignedBuffer src, long srcOffset, long length, long position)
                    throws IOException {
                maybeFail(IoOperation.WRITE, position);
                long asked = cap(length);
                return countShort(asked, super.write(src, srcOffset, asked, position));
            }

            @Override
            public long read(AlignedBuffer dst, long dstOffset, long length, long position)
                    throws IOException {
                maybeFail(IoOperation.READ, position);
                long asked = cap(length);
                return countShort(asked, super.read(dst, dstOffset, asked, position));
            }

            @Override
            public void dataSync() throws IOException {
                maybeFail(IoOperation.DATA_SYNC, NO_OFFSET);
                super.dataSync();
            }

            @Override
            public void close() throws IOException {
                super.close();
                maybeFail(IoOperation.CLOSE, NO_OFFSET);
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

    private void maybeFail(IoOperation operation, long position) throws IOException {
        if (operation == failingOperation && position == failingOffset
                && matchingCalls.incrementAndGet() == failingCall) {
            throw failure;
        }
    }
}
