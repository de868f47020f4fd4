package io.github.drivespeed.testing;

import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.ForwardingTestFile;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import io.github.drivespeed.spi.TimedTransfers;
import io.github.drivespeed.test.backend.ForwardingBackend;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The pure-Java backend with a {@link TimedTransfers} loop of its own (in Java, over the file's
 * read and write), for tests of the engine's batched queue-depth-1 path: it counts the batches
 * and the I/Os they ran, and can move only half of one chosen I/O's block (a short transfer the
 * engine must complete through the file's ordinary calls).
 */
public final class BatchingBackend extends ForwardingBackend {

    private final long shortIo;
    private final AtomicLong batches = new AtomicLong();
    private final AtomicLong batchedIos = new AtomicLong();
    private final AtomicLong ordinaryCalls = new AtomicLong();

    /**
     * @param shortIo the number (from 0, over all batches) of the I/O that moves half its block,
     *     or -1 for none
     */
    public BatchingBackend(long shortIo) {
        this.shortIo = shortIo;
    }

    /** {@return calls of {@link TimedTransfers#transfer} so far} */
    public long batches() {
        return batches.get();
    }

    /** {@return I/Os the batches ran in full so far} */
    public long batchedIos() {
        return batchedIos.get();
    }

    /** {@return read and write calls on the file outside the batches so far} */
    public long ordinaryCalls() {
        return ordinaryCalls.get();
    }

    @Override
    protected TestFile wrap(TestFile created, TestFileRequest request) {
        return new ForwardingTestFile(created) {
            @Override
            public long read(AlignedBuffer dst, long dstOffset, long length, long position)
                    throws IOException {
                ordinaryCalls.incrementAndGet();
                return super.read(dst, dstOffset, length, position);
            }

            @Override
            public long write(AlignedBuffer src, long srcOffset, long length, long position)
                    throws IOException {
                ordinaryCalls.incrementAndGet();
                return super.write(src, srcOffset, length, position);
            }

            @Override
            public Optional<TimedTransfers> timedTransfers(int capacity) {
                return Optional.of(new Loop(created, capacity));
            }
        };
    }

    private final class Loop implements TimedTransfers {
        private final TestFile file;
        private final AlignedBuffer[] buffers;
        private final long[] bufferOffsets;
        private final long[] positions;
        private final long[] times;
        private long result;

        Loop(TestFile file, int capacity) {
            this.file = file;
            this.buffers = new AlignedBuffer[capacity];
            this.bufferOffsets = new long[capacity];
            this.positions = new long[capacity];
            this.times = new long[capacity + 1];
        }

        @Override
        public int capacity() {
            return buffers.length;
        }

        @Override
        public void set(int index, AlignedBuffer buffer, long bufferOffset, long length,
                long position) {
            buffers[index] = buffer;
            bufferOffsets[index] = bufferOffset;
            positions[index] = position;
        }

        @Override
        public int transfer(boolean write, long length, int from, int to, long deadlineNanos) {
            batches.incrementAndGet();
            long now = System.nanoTime();
            times[from] = now;
            result = length;
            int i;
            for (i = from; i < to && now - deadlineNanos < 0; i++) {
                long io = batchedIos.get() + (i - from);
                long asked = io == shortIo ? length / 2 : length;
                long r;
                try {
                    r = write ? file.write(buffers[i], bufferOffsets[i], asked, positions[i])
                            : file.read(buffers[i], bufferOffsets[i], asked, positions[i]);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                now = System.nanoTime();
                times[i + 1] = now;
                if (r != length) {
                    result = r;
                    batchedIos.addAndGet(i - from + 1);
                    return i - from;
                }
            }
            batchedIos.addAndGet(i - from);
            return i - from;
        }

        @Override
        public long timeNanos(int index) {
            return times[index];
        }

        @Override
        public long stopResult() {
            return result;
        }

        @Override
        public void close() {
            // nothing held
        }
    }
}
