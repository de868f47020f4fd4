package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.IoQueue;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Linux AIO through the native backend's {@link IoQueue}, on real files with O_DIRECT. */
class AioQueueTest {

    private static final int BLOCK = 4096;

    @TempDir
    Path dir;

    private final NativeIoBackend io = new NativeIoBackend();

    @Test
    void theBackendOffersAsyncIoOnThisMachine() {
        assertThat(io.capabilities()).contains(Capability.ASYNC_IO);
    }

    @Test
    void writesInFlightTogetherLandWhereTheySaidAndReadBackThroughTheQueue() throws IOException {
        int depth = 16;
        try (TestFile file = io.createTestFile(new TestFileRequest(dir, "aio.tmp", true, false));
             AlignedBuffer out = io.allocate((long) depth * BLOCK, BLOCK);
             AlignedBuffer in = io.allocate((long) depth * BLOCK, BLOCK);
             IoQueue queue = file.openQueue(depth)) {
            assertThat(queue.depth()).isEqualTo(depth);
            for (int slot = 0; slot < depth; slot++) {
                ByteBuffer w = out.window((long) slot * BLOCK, BLOCK);
                for (int i = 0; i < BLOCK; i += 8) {
                    w.putLong(i, slot * 1_000_000L + i);
                }
                // slot s goes to block (depth - 1 - s): completions cannot be told by order
                queue.submitWrite(slot, out, (long) slot * BLOCK, BLOCK,
                        (long) (depth - 1 - slot) * BLOCK);
            }
            assertThat(awaitAll(queue, depth, BLOCK)).hasSize(depth);
            file.dataSync();

            for (int slot = 0; slot < depth; slot++) {
                queue.submitRead(slot, in, (long) slot * BLOCK, BLOCK, (long) slot * BLOCK);
            }
            assertThat(awaitAll(queue, depth, BLOCK)).hasSize(depth);
            for (int slot = 0; slot < depth; slot++) {
                ByteBuffer r = in.window((long) slot * BLOCK, BLOCK);
                long writer = depth - 1 - slot;
                for (int i = 0; i < BLOCK; i += 8) {
                    assertThat(r.getLong(i)).isEqualTo(writer * 1_000_000L + i);
                }
            }
            // also as plain pread(2) sees it
            assertThat(file.read(in, 0, BLOCK, 0)).isEqualTo(BLOCK);
            assertThat(in.window(0, 8).getLong(0)).isEqualTo((depth - 1) * 1_000_000L);
        }
    }

    /** Waits for {@code n} completions, each of {@code bytes}; returns their slots. */
    private static Set<Integer> awaitAll(IoQueue queue, int n, long bytes) throws IOException {
        Set<Integer> seen = new HashSet<>();
        int[] slots = new int[n];
        long[] moved = new long[n];
        while (seen.size() < n) {
            int got = queue.awaitCompletions(1, slots, moved);
            assertThat(got).isBetween(1, n);
            for (int i = 0; i < got; i++) {
                assertThat(moved[i]).isEqualTo(bytes);
                assertThat(seen.add(slots[i])).as("slot %d completed once", slots[i]).isTrue();
            }
        }
        return seen;
    }

    @Test
    void aReadAtTheEndOfTheFileIsEndOfFile() throws IOException {
        try (TestFile file = io.createTestFile(new TestFileRequest(dir, "eof.tmp", true, false));
             AlignedBuffer buffer = io.allocate(BLOCK, BLOCK);
             IoQueue queue = file.openQueue(2)) {
            queue.submitRead(1, buffer, 0, BLOCK, 0);
            int[] slots = new int[2];
            long[] bytes = new long[2];
            assertThat(queue.awaitCompletions(1, slots, bytes)).isEqualTo(1);
            assertThat(slots[0]).isEqualTo(1);
            assertThat(bytes[0]).isEqualTo(-1);
        }
    }

    @Test
    void aFailedIoNamesTheCallAndErrno() throws IOException {
        try (TestFile file = io.createTestFile(new TestFileRequest(dir, "bad.tmp", true, false));
             AlignedBuffer buffer = io.allocate(2 * BLOCK, BLOCK);
             IoQueue queue = file.openQueue(1)) {
            // O_DIRECT at an offset that is no multiple of the alignment: EINVAL
            queue.submitWrite(0, buffer, 0, BLOCK, 1);
            assertThatThrownBy(() -> queue.awaitCompletions(1, new int[1], new long[1]))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("EINVAL")
                    .hasMessageContaining("pwrite");
        }
    }

    @Test
    void aWorkloadWithQueueDepthRunsOneThreadWithAnAsyncQueue() throws IOException {
        WorkloadReport r = DriveSpeed.workload(dir).size("8M").random().readWrite(70)
                .queueDepth(16).count(6000).seed(11).run();
        assertThat(r.backend().name()).isEqualTo("native");
        assertThat(r.ioEngine()).contains("async").contains("1 thread x queue depth 16");
        assertThat(r.warnings()).doesNotContain(Warning.QUEUE_DEPTH_RUN_AS_THREADS);
        long ios = r.read().map(PassResult::totalIos).orElse(0L)
                + r.write().map(PassResult::totalIos).orElse(0L);
        assertThat(ios).isEqualTo(6000);
        assertThat(r.read().orElseThrow().latency().count())
                .isEqualTo(r.read().orElseThrow().totalIos());
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void queueDepthOneIsPlainPreadNotAnAsyncQueue() throws IOException {
        WorkloadReport r = DriveSpeed.workload(dir).size("4M").random().read().count(500).run();
        assertThat(r.ioEngine()).startsWith("psync").contains("1 thread x queue depth 1");
    }

    @Test
    void aSequentialPresetWithDepthCoversTheFileInOrder() throws IOException {
        WorkloadReport r = DriveSpeed.workload(dir).size("16M").sequential().read()
                .blockSize("128K").queueDepth(32).count(128).run();
        assertThat(r.read().orElseThrow().samples().get(0).bytes()).isEqualTo(16L << 20);
        assertThat(r.ioEngine()).contains("queue depth 32");
    }
}
