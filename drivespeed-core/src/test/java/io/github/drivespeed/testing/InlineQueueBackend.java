package io.github.drivespeed.testing;

import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.ForwardingTestFile;
import io.github.drivespeed.spi.InFlightMeter;
import io.github.drivespeed.spi.IoQueue;
import io.github.drivespeed.spi.QueueEngine;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import io.github.drivespeed.test.backend.ForwardingBackend;
import java.io.IOException;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * A backend whose {@code libaio} queue does each I/O inside the submission, on the calling
 * thread, after spinning that thread for {@code spinNanos} (a deliberately slow submission path),
 * and meters what it held as the native queues do: never more than the one I/O it is doing. A
 * workload on it at depth is limited by its own submitting thread, never by the file.
 */
public final class InlineQueueBackend extends ForwardingBackend {

    private final long spinNanos;

    /** @param spinNanos CPU time spent in each submission before its I/O */
    public InlineQueueBackend(long spinNanos) {
        this.spinNanos = spinNanos;
    }

    @Override
    public List<QueueEngine> queueEngines() {
        return List.of(QueueEngine.available("libaio"));
    }

    @Override
    public Set<Capability> capabilities() {
        Set<Capability> c = EnumSet.copyOf(super.capabilities());
        c.add(Capability.ASYNC_IO);
        return c;
    }

    @Override
    protected TestFile wrap(TestFile created, TestFileRequest request) {
        return new ForwardingTestFile(created) {
            @Override
            public IoQueue openQueue(String engine, int depth) {
                return new Queue(created, depth);
            }
        };
    }

    private final class Queue implements IoQueue {
        private final TestFile file;
        private final int depth;
        private final InFlightMeter meter = new InFlightMeter();
        private final int[] doneSlots;
        private final long[] doneBytes;
        private int done;
        private long called;

        Queue(TestFile file, int depth) {
            this.file = file;
            this.depth = depth;
            this.doneSlots = new int[depth];
            this.doneBytes = new long[depth];
        }

        @Override
        public int depth() {
            return depth;
        }

        @Override
        public InFlightMeter inFlightMeter() {
            return meter;
        }

        @Override
        public void submitRead(int slot, AlignedBuffer dst, long dstOffset, long length,
                long position) throws IOException {
            spin();
            completed(slot, file.read(dst, dstOffset, length, position));
        }

        @Override
        public void submitWrite(int slot, AlignedBuffer src, long srcOffset, long length,
                long position) throws IOException {
            spin();
            completed(slot, file.write(src, srcOffset, length, position));
        }

        private void spin() {
            called = System.nanoTime();
            long end = called + spinNanos;
            while (System.nanoTime() - end < 0) {
                Thread.onSpinWait();
            }
        }

        private void completed(int slot, long bytes) {
            doneSlots[done] = slot;
            doneBytes[done] = bytes;
            done++;
            meter.submitted(called, System.nanoTime(), 0);
        }

        @Override
        public int awaitCompletions(int minCompletions, int[] slots, long[] bytes) {
            int n = Math.min(done, Math.min(slots.length, bytes.length));
            System.arraycopy(doneSlots, 0, slots, 0, n);
            System.arraycopy(doneBytes, 0, bytes, 0, n);
            System.arraycopy(doneSlots, n, doneSlots, 0, done - n);
            System.arraycopy(doneBytes, n, doneBytes, 0, done - n);
            done -= n;
            meter.reaped(System.nanoTime(), 0, false);
            return n;
        }

        @Override
        public void close() {
            // every I/O completed inside its submission
        }
    }
}
