package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.spi.AlignedBuffer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * When {@link NativeQueue} hands queued I/Os to the kernel: in parts of a quarter of the depth,
 * as they are queued, while the last submitting call left I/Os in the kernel; all at once, at
 * the wait, once a call left none there (the kernel completed them inside it). A queue whose
 * kernel is scripted, so the rule is seen apart from any device's timing.
 */
class SubmitInPartsTest {

    private static final int BLOCK = 4096;

    /** Records each submitting call's size; the kernel holds what {@code holds} says. */
    private static final class ScriptedQueue extends NativeQueue {
        final List<Integer> calls = new ArrayList<>();
        boolean holds = true;
        private int queued;
        private int held;

        ScriptedQueue(int depth) {
            super(null, "scripted", depth);
        }

        @Override
        void queue(int slot, boolean write, NativeAlignedBuffer buffer, long address, long count,
                long position) {
            queued++;
        }

        @Override
        int queued() {
            return queued;
        }

        @Override
        void submitQueued() {
            long now = System.nanoTime();
            calls.add(queued);
            held = holds ? held + queued : 0;
            submittedInFlight(now, now, held, 0);
            queued = 0;
        }

        /** The wait: what is queued goes first, then everything completes. */
        void awaitAll() {
            if (queued > 0) {
                submitQueued();
            }
            held = 0;
        }

        @Override
        public int awaitCompletions(int minCompletions, int[] slots, long[] bytes) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void close() {
            // nothing held
        }
    }

    @Test
    void aDeviceThatHoldsIosGetsEachRefillInPartsOfAQuarterOfTheDepth() throws IOException {
        ScriptedQueue q = new ScriptedQueue(32);
        assertThat(q.submitBatch()).isEqualTo(8);
        assertThat(q.batching()).contains("submits every queued I/O in one call before reaping")
                .contains("a refill in parts of 8 while the device holds I/Os");
        try (AlignedBuffer b = new NativeIoBackend().allocate(BLOCK, BLOCK)) {
            for (int round = 0; round < 3; round++) {
                fill(q, b, 32);
                assertThat(q.calls).as("round %d, before the wait", round)
                        .containsExactly(8, 8, 8, 8);
                q.awaitAll();
                q.calls.clear();
                // a partial refill: the parts that fill up go at once, the rest at the wait
                fill(q, b, 13);
                q.awaitAll();
                assertThat(q.calls).containsExactly(8, 5);
                q.calls.clear();
            }
        }
    }

    @Test
    void aKernelThatCompletesInsideTheCallGetsTheRefillInOneCall() throws IOException {
        ScriptedQueue q = new ScriptedQueue(32);
        q.holds = false;
        try (AlignedBuffer b = new NativeIoBackend().allocate(BLOCK, BLOCK)) {
            fill(q, b, 32);
            q.awaitAll();
            // the first part shows nothing is held after a call: the rest waits for the wait
            assertThat(q.calls).containsExactly(8, 24);
            q.calls.clear();
            fill(q, b, 32);
            q.awaitAll();
            assertThat(q.calls).containsExactly(32);
            q.calls.clear();
            // the kernel holds I/Os again: parts again from the next call on
            q.holds = true;
            fill(q, b, 32);
            q.awaitAll();
            assertThat(q.calls).containsExactly(32);
            q.calls.clear();
            fill(q, b, 32);
            q.awaitAll();
            assertThat(q.calls).containsExactly(8, 8, 8, 8);
        }
    }

    @Test
    void belowDepthFourEachIoGoesAsItIsQueued() throws IOException {
        ScriptedQueue q = new ScriptedQueue(3);
        assertThat(q.submitBatch()).isEqualTo(1);
        try (AlignedBuffer b = new NativeIoBackend().allocate(BLOCK, BLOCK)) {
            fill(q, b, 3);
            assertThat(q.calls).containsExactly(1, 1, 1);
        }
        assertThat(new ScriptedQueue(1).batching())
                .isEqualTo("submits every queued I/O in one call before reaping");
    }

    private static void fill(ScriptedQueue q, AlignedBuffer b, int n) throws IOException {
        for (int slot = 0; slot < n; slot++) {
            q.submitRead(slot, b, 0, BLOCK, (long) slot * BLOCK);
        }
    }
}
