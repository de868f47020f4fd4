package io.github.drivespeed.nativeio;

import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.ForwardingTestFile;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.IoQueue;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import io.github.drivespeed.test.backend.ForwardingBackend;
import java.io.IOException;

/**
 * A backend whose test files do every read and write through one of the backend's asynchronous
 * engines, one I/O at a time (a queue of depth 1, opened on first use): so that the backend
 * contract suite, written against plain positional calls, holds each engine to the same
 * behaviour (bytes on disk, end of file, errno in messages, ENOSPC, interrupts).
 */
final class QueuedBackend extends ForwardingBackend {

    private final IoBackend backend;
    private final String engine;
    private final String label;

    /**
     * @param delegate the backend whose engine to use
     * @param engine the engine's fio name, for example {@code io_uring}
     * @param label how the test names this route
     */
    QueuedBackend(IoBackend delegate, String engine, String label) {
        super(delegate);
        this.backend = delegate;
        this.engine = engine;
        this.label = label;
    }

    @Override
    public String toString() {
        return label;
    }

    /** @return why the engine cannot run here, as the backend says, or empty where it can */
    java.util.Optional<String> engineUnavailableReason() {
        return backend.queueEngines().stream().filter(e -> e.fioName().equals(engine))
                .findFirst().orElseThrow().unavailableReason();
    }

    @Override
    protected TestFile wrap(TestFile file, TestFileRequest request) {
        return new ForwardingTestFile(file) {
            private IoQueue queue;
            private final int[] slots = new int[1];
            private final long[] bytes = new long[1];

            private IoQueue queue() throws IOException {
                if (queue == null) {
                    queue = delegate().openQueue(engine, 1);
                }
                return queue;
            }

            @Override
            public long write(AlignedBuffer src, long srcOffset, long length, long position)
                    throws IOException {
                queue().submitWrite(0, src, srcOffset, length, position);
                return complete();
            }

            @Override
            public long read(AlignedBuffer dst, long dstOffset, long length, long position)
                    throws IOException {
                queue().submitRead(0, dst, dstOffset, length, position);
                return complete();
            }

            private long complete() throws IOException {
                int n = queue.awaitCompletions(1, slots, bytes);
                if (n != 1 || slots[0] != 0) {
                    throw new AssertionError("one completion of slot 0 expected, got " + n
                            + " (slot " + slots[0] + ")");
                }
                return bytes[0];
            }

            @Override
            public void close() throws IOException {
                try {
                    if (queue != null) {
                        queue.close();
                    }
                } finally {
                    super.close();
                }
            }
        };
    }
}
