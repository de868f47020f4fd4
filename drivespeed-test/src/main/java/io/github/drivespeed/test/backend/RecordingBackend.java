package io.github.drivespeed.test.backend;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.ForwardingTestFile;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A real backend (the pure-Java one unless another is given) that records every read, write and
 * fdatasync on its test files, in the order they were made: what a measurement really asked of
 * the drive (block sizes, offsets, how many threads), for tests that check a plan does what it
 * says. Optionally it also keeps the last test file's bytes, read with the plain {@link Files}
 * API just before the file is removed, for checking what was written independently of the
 * engine. Thread-safe.
 *
 * @since 0.1.0
 */
public final class RecordingBackend extends ForwardingBackend {

    /**
     * One call on a test file.
     *
     * @param thread the name of the thread that made it
     * @param operation what it was
     * @param offsetBytes its file offset in bytes ({@link FaultyBackend#NO_OFFSET} for
     *     {@link IoOperation#DATA_SYNC})
     * @param lengthBytes bytes asked for (0 for {@link IoOperation#DATA_SYNC})
     * @param nanoTime {@link System#nanoTime()} just before the call
     * @since 0.1.0
     */
    public record Call(String thread, IoOperation operation, long offsetBytes, long lengthBytes,
            long nanoTime) {
        /**
         * Checks that the thread and the operation are given.
         *
         * @param thread the name of the thread that made it
         * @param operation what it was
         * @param offsetBytes its file offset in bytes
         * @param lengthBytes bytes asked for
         * @param nanoTime {@link System#nanoTime()} just before the call
         * @throws NullPointerException if {@code thread} or {@code operation} is null
         */
        public Call {
            Objects.requireNonNull(thread, "thread");
            Objects.requireNonNull(operation, "operation");
        }
    }

    private final ConcurrentLinkedQueue<Call> calls = new ConcurrentLinkedQueue<>();
    private final boolean captureContent;
    private volatile byte[] content;

    private RecordingBackend(IoBackend delegate, boolean captureContent) {
        super(delegate);
        this.captureContent = captureContent;
    }

    /** {@return a recording backend over the pure-Java one, keeping no file content} */
    public static RecordingBackend calls() {
        return new RecordingBackend(DriveSpeed.backend("java"), false);
    }

    /**
     * {@return a recording backend over the pure-Java one that also keeps the last test file's
     * bytes (the whole file in memory: for small tests only)}
     */
    public static RecordingBackend callsAndContent() {
        return new RecordingBackend(DriveSpeed.backend("java"), true);
    }

    /**
     * {@return a recording backend over {@code delegate}}
     *
     * @param delegate the backend doing the I/O
     * @param captureContent whether to keep the last test file's bytes
     */
    public static RecordingBackend over(IoBackend delegate, boolean captureContent) {
        return new RecordingBackend(delegate, captureContent);
    }

    /** {@return every call so far, in the order they were recorded} */
    public List<Call> recordedCalls() {
        return List.copyOf(calls);
    }

    /**
     * {@return the recorded calls of that operation, in order}
     *
     * @param operation the operation
     */
    public List<Call> recordedCalls(IoOperation operation) {
        return calls.stream().filter(c -> c.operation() == operation).toList();
    }

    /**
     * {@return a copy of the last named test file's bytes just before its removal; empty when
     * content is not kept or no named file was removed yet (an O_TMPFILE has no name to read)}
     */
    public Optional<byte[]> lastFileContent() {
        byte[] c = content;
        return c == null ? Optional.empty() : Optional.of(c.clone());
    }

    @Override
    protected TestFile wrap(TestFile created, TestFileRequest request) {
        return new ForwardingTestFile(created) {
            @Override
            public long write(AlignedBuffer src, long srcOffset, long length, long position)
                    throws IOException {
                record(IoOperation.WRITE, position, length);
                return super.write(src, srcOffset, length, position);
            }

            @Override
            public long read(AlignedBuffer dst, long dstOffset, long length, long position)
                    throws IOException {
                record(IoOperation.READ, position, length);
                return super.read(dst, dstOffset, length, position);
            }

            @Override
            public void dataSync() throws IOException {
                record(IoOperation.DATA_SYNC, FaultyBackend.NO_OFFSET, 0);
                super.dataSync();
            }

            @Override
            public void close() throws IOException {
                if (captureContent && path().isPresent() && Files.exists(path().get())) {
                    content = Files.readAllBytes(path().get());
                }
                super.close();
            }
        };
    }

    private void record(IoOperation operation, long position, long length) {
        calls.add(new Call(Thread.currentThread().getName(), operation, position, length,
                System.nanoTime()));
    }
}
