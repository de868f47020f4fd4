package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.InFlightMeter;
import io.github.drivespeed.spi.IoQueue;
import io.github.drivespeed.spi.QueueEngine;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The native backend's asynchronous engines, Linux AIO and io_uring, each through the JNI stub
 * (where this build has one) and through JNA, on real files with O_DIRECT: I/Os in flight
 * together land where they said, read back, fail with the call and errno named, and run whole
 * workloads recorded under the engine's fio name.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("engines")
class QueueEngineTest {

    private static final int BLOCK = 4096;

    /** An engine by fio name on one backend instance. */
    record Engine(String fioName, NativeIoBackend io) { }

    @Parameter
    Engine engine;

    @TempDir
    Path dir;

    static Stream<Named<Engine>> engines() {
        NativeIoBackend jni = new NativeIoBackend();
        NativeIoBackend jna = new NativeIoBackend(false);
        return Stream.of(
                Named.of("libaio (JNI where built)", new Engine(NativeIoBackend.LIBAIO, jni)),
                Named.of("io_uring (JNI where built)", new Engine(NativeIoBackend.IO_URING, jni)),
                Named.of("libaio (JNA)", new Engine(NativeIoBackend.LIBAIO, jna)),
                Named.of("io_uring (JNA)", new Engine(NativeIoBackend.IO_URING, jna)));
    }

    private TestFile create(Path in) throws IOException {
        return engine.io().createTestFile(new TestFileRequest(in, "queue.tmp", true, false));
    }

    private IoQueue open(TestFile file, int depth) throws IOException {
        return file.openQueue(engine.fioName(), depth);
    }

    @Test
    void theBackendOffersTheEngineOnThisMachine() {
        assertThat(engine.io().queueEngines()).extracting(QueueEngine::fioName)
                .containsExactly(NativeIoBackend.IO_URING, NativeIoBackend.LIBAIO);
        QueueEngine offered = engine.io().queueEngines().stream()
                .filter(e -> e.fioName().equals(engine.fioName())).findFirst().orElseThrow();
        assertThat(offered.unavailableReason()).as("on this Linux 6.x machine").isEmpty();
    }

    @Test
    void writesInFlightTogetherLandWhereTheySaidAndReadBackThroughTheQueue() throws IOException {
        int depth = 16;
        try (TestFile file = create(dir);
             AlignedBuffer out = engine.io().allocate((long) depth * BLOCK, BLOCK);
             AlignedBuffer in = engine.io().allocate((long) depth * BLOCK, BLOCK);
             IoQueue queue = open(file, depth)) {
            assertThat(queue.depth()).isEqualTo(depth);
            writeReversed(queue, out, depth);
            file.dataSync();
            readInOrder(queue, in, depth);
            // and as the file system has it, read independently
            byte[] onDisk = Files.readAllBytes(TestFiles.unnamedFiles(dir).get(0));
            assertThat(onDisk).hasSize(depth * BLOCK);
            assertThat(ByteBuffer.wrap(onDisk).getLong(0)).isEqualTo((depth - 1) * 1_000_000L);
        }
        assertThat(TestFiles.unnamedFiles(dir)).isEmpty();
    }

    @Test
    void registeredBuffersCarryTheSameBytesWhereTheEngineRegistersThem() throws IOException {
        int depth = 8;
        try (TestFile file = create(dir);
             AlignedBuffer out = engine.io().allocate((long) depth * BLOCK, BLOCK);
             AlignedBuffer in = engine.io().allocate((long) depth * BLOCK, BLOCK);
             IoQueue queue = open(file, depth)) {
            boolean registered = queue.registerBuffers(List.of(in, out));
            boolean uring = engine.fioName().equals(NativeIoBackend.IO_URING);
            assertThat(registered).as("io_uring registers buffers, Linux AIO has no such thing")
                    .isEqualTo(uring);
            if (uring) {
                assertThat(queue.description()).contains("registered file")
                        .contains("2 registered buffers");
            }
            writeReversed(queue, out, depth);
            readInOrder(queue, in, depth);
        }
    }

    /** Slot s writes its pattern to block (depth - 1 - s): completions cannot be told by order. */
    static void writeReversed(IoQueue queue, AlignedBuffer out, int depth)
            throws IOException {
        for (int slot = 0; slot < depth; slot++) {
            ByteBuffer w = out.window((long) slot * BLOCK, BLOCK);
            for (int i = 0; i < BLOCK; i += 8) {
                w.putLong(i, slot * 1_000_000L + i);
            }
            queue.submitWrite(slot, out, (long) slot * BLOCK, BLOCK,
                    (long) (depth - 1 - slot) * BLOCK);
        }
        assertThat(awaitAll(queue, depth, BLOCK)).hasSize(depth);
    }

    static void readInOrder(IoQueue queue, AlignedBuffer in, int depth)
            throws IOException {
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
    }

    /** Waits for {@code n} completions, each of {@code bytes}; returns their slots. */
    static Set<Integer> awaitAll(IoQueue queue, int n, long bytes) throws IOException {
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
        try (TestFile file = create(dir);
             AlignedBuffer buffer = engine.io().allocate(BLOCK, BLOCK);
             IoQueue queue = open(file, 2)) {
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
        try (TestFile file = create(dir);
             AlignedBuffer buffer = engine.io().allocate(2 * BLOCK, BLOCK);
             IoQueue queue = open(file, 1)) {
            // O_DIRECT at an offset that is no multiple of the alignment: EINVAL
            queue.submitWrite(0, buffer, 0, BLOCK, 1);
            assertThatThrownBy(() -> queue.awaitCompletions(1, new int[1], new long[1]))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("EINVAL")
                    .hasMessageContaining("pwrite");
        }
    }

    @Test
    void closingWithIoInFlightWaitsForItAndLeavesNothing() throws IOException {
        int depth = 32;
        try (TestFile file = create(dir);
             AlignedBuffer buffer = engine.io().allocate((long) depth * BLOCK, BLOCK)) {
            IoQueue queue = open(file, depth);
            for (int slot = 0; slot < depth; slot++) {
                queue.submitWrite(slot, buffer, (long) slot * BLOCK, BLOCK, (long) slot * BLOCK);
            }
            queue.close();
            queue.close();
        }
        assertThat(TestFiles.unnamedFiles(dir)).isEmpty();
    }

    /**
     * tmpfs has no non-blocking reads: Linux AIO completes each I/O inside io_submit there, so
     * its meter never sees more than one I/O in the kernel; io_uring would hand each I/O to a
     * kernel worker, and says so. Both submit everything queued in one call.
     */
    @Test
    void onTmpfsLinuxAioHoldsOneIoAtATimeAndIoUringNamesItsDrawback() throws IOException {
        Path shm = Path.of("/dev/shm");
        Privileged.require(Files.isDirectory(shm) && Files.isWritable(shm), "a writable /dev/shm");
        Path tmpfs = Files.createTempDirectory(shm, "drivespeed-queue-");
        boolean uring = engine.fioName().equals(NativeIoBackend.IO_URING);
        int depth = 8;
        try (TestFile file = create(tmpfs);
             AlignedBuffer buffer = engine.io().allocate((long) depth * BLOCK, BLOCK);
             IoQueue queue = open(file, depth)) {
            assertThat(queue.description()).contains("submits every queued I/O in one call");
            assertThat(file.queueEngineDrawback(engine.fioName()).isPresent()).isEqualTo(uring);
            writeReversed(queue, buffer, depth);
            queue.inFlightMeter().reset();
            for (int round = 0; round < 16; round++) {
                readInOrder(queue, buffer, depth);
            }
            InFlightMeter meter = queue.inFlightMeter();
            assertThat(meter.observedNanos()).isPositive();
            if (uring) {
                assertThat(queue.description()).contains("no non-blocking reads")
                        .contains("kernel worker thread");
            } else {
                assertThat(meter.peak()).as("completed inside io_submit, one at a time")
                        .isEqualTo(1);
                assertThat(meter.heldNanos() / meter.observedNanos()).isPositive()
                        .isLessThanOrEqualTo(1.0);
                // nothing held after a call: a refill waits for the wait, in one call
                long before = System.nanoTime();
                for (int slot = 0; slot < depth; slot++) {
                    queue.submitRead(slot, buffer, (long) slot * BLOCK, BLOCK, (long) slot * BLOCK);
                    assertThat(queue.issuedAtNanos(slot) - before).as("slot %d", slot)
                            .isNegative();
                }
                awaitAll(queue, depth, BLOCK);
                assertThat(queue.issuedAtNanos(0) - before).isPositive();
            }
        } finally {
            Files.deleteIfExists(tmpfs);
        }
        try (TestFile onDisk = create(dir)) {
            assertThat(onDisk.queueEngineDrawback(engine.fioName())).as("ext4 reads can be"
                    + " tried without blocking, and Linux AIO queues direct I/O").isEmpty();
        }
        try (TestFile buffered = engine.io().createTestFile(
                new TestFileRequest(dir, "buffered.tmp", false, false))) {
            assertThat(buffered.queueEngineDrawback(engine.fioName()).isPresent())
                    .as("Linux AIO completes buffered I/O inside io_submit").isEqualTo(!uring);
        }
    }

    /**
     * On a file with O_DIRECT on the disk, the I/Os queued together are in the kernel together:
     * the meter's peak is above 1 (a disk does not complete a direct read inside the call).
     */
    @Test
    void directReadsQueuedTogetherAreInTheKernelTogether() throws IOException {
        int depth = 16;
        try (TestFile file = create(dir);
             AlignedBuffer buffer = engine.io().allocate((long) depth * BLOCK, BLOCK);
             IoQueue queue = open(file, depth)) {
            writeReversed(queue, buffer, depth);
            file.dataSync();
            queue.inFlightMeter().reset();
            readInOrder(queue, buffer, depth);
            assertThat(queue.inFlightMeter().observedNanos()).isPositive();
            assertThat(queue.inFlightMeter().peak()).isGreaterThan(1);
        }
    }

    @Test
    void aWorkloadWithQueueDepthRunsOnTheEngineAndRecordsIt() throws IOException {
        IoEngine fio = IoEngine.parse(engine.fioName());
        WorkloadReport r = DriveSpeed.workload(dir).backend(engine.io()).ioEngine(fio)
                .size("8M").random().readPercent(70).queueDepth(16).count(6000).seed(11).run();
        assertThat(r.backend().name()).isEqualTo("native");
        assertThat(r.engine().ioEngine()).isEqualTo(fio);
        assertThat(r.engine().requestedIoEngine()).contains(fio);
        assertThat(r.engine().fallbackReason()).isEmpty();
        assertThat(r.engine().details().orElseThrow()).contains("submits");
        assertThat(r.engine().toString()).startsWith(engine.fioName() + " (")
                .containsPattern("1 thread x queue depth 16 \\(\\d+\\.\\d in flight on average,"
                        + " peak \\d+, submitting thread \\d+ % busy\\)$");
        assertThat(r.engine().inFlight()).hasValueSatisfying(f -> {
            assertThat(f.queueDepth()).isEqualTo(16);
            assertThat(f.peakDepth()).isBetween(1, 16);
            assertThat(f.meanDepth()).isBetween(1.0, 16.0);
        });
        assertThat(r.warnings()).doesNotContain(Warning.QUEUE_DEPTH_RUN_AS_THREADS);
        long ios = r.read().map(PassResult::totalIos).orElse(0L)
                + r.write().map(PassResult::totalIos).orElse(0L);
        assertThat(ios).isEqualTo(6000);
        assertThat(r.read().orElseThrow().latency().count())
                .isEqualTo(r.read().orElseThrow().totalIos());
        assertThat(r.cpu()).hasValueSatisfying(c -> assertThat(c.ios()).isEqualTo(6000));
        // the text report names each latency as fio does: slat, clat, lat, percentiles of clat
        assertThat(r.details()).containsPattern("(?m)^ +slat \\(n=\\d+\\): min ")
                .containsPattern("(?m)^ +clat \\(n=\\d+\\): min ")
                .containsPattern("(?m)^ +lat \\(n=\\d+\\): min ")
                .contains("clat percentiles:");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    /**
     * fio's three latencies at queue depth 8 with reads and writes in flight together: each
     * direction's submission latency (slat) and completion latency (clat) time the same I/Os
     * as its latency (lat), per run and pooled, and add up to it (the same I/Os' sums, so the
     * means agree up to the rounding of a double); with psync there is no submission apart
     * from the call, and the completion latency is the latency.
     */
    @Test
    void atQueueDepthEightTheLatencySplitsIntoSubmissionAndCompletionAsFiosDoes()
            throws IOException {
        IoEngine fio = IoEngine.parse(engine.fioName());
        WorkloadReport r = DriveSpeed.workload(dir).backend(engine.io()).ioEngine(fio)
                .size("8M").random().readPercent(50).queueDepth(8).count(4000).seed(5).runs(2)
                .run();
        assertThat(r.engine().ioEngine()).isEqualTo(fio);
        for (PassResult p : List.of(r.read().orElseThrow(), r.write().orElseThrow())) {
            assertSplit(p.kind() + " pooled", p.totalIos(), p.latency(), p.submissionLatency(),
                    p.completionLatency());
            for (Sample s : p.samples()) {
                assertSplit(p.kind() + " run " + s.run(), s.ios(), s.latency(),
                        s.latencies().submission(), s.latencies().completion());
            }
        }
        WorkloadReport psync = DriveSpeed.workload(dir).backend(engine.io())
                .ioEngine(IoEngine.parse("psync")).size("8M").random().readPercent(50)
                .count(500).seed(5).run();
        for (PassResult p : List.of(psync.read().orElseThrow(), psync.write().orElseThrow())) {
            assertThat(p.latency().count()).isEqualTo(p.totalIos()).isPositive();
            assertThat(p.submissionLatency()).as("psync slat").isSameAs(LatencyStats.NONE);
            assertThat(p.completionLatency()).as("psync clat is its lat").isSameAs(p.latency());
            Sample s = p.samples().get(0);
            assertThat(s.latencies().submission()).isSameAs(LatencyStats.NONE);
            assertThat(s.latencies().completion()).isSameAs(s.latency());
        }
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    private static void assertSplit(String what, long ios, LatencyStats lat, LatencyStats slat,
            LatencyStats clat) {
        assertThat(ios).as(what + " I/Os").isPositive();
        assertThat(lat.count()).as(what + " lat N").isEqualTo(ios);
        assertThat(slat.count()).as(what + " slat N").isEqualTo(ios);
        assertThat(clat.count()).as(what + " clat N").isEqualTo(ios);
        assertThat(slat.meanNanos()).as(what + " slat mean").isPositive();
        assertThat(clat.meanNanos()).as(what + " clat mean").isPositive();
        assertThat(slat.minNanos()).as(what + " slat min").isPositive();
        assertThat(clat.minNanos()).as(what + " clat min").isNotNegative();
        assertThat(slat.maxNanos()).as(what + " slat max").isLessThanOrEqualTo(lat.maxNanos());
        assertThat(clat.maxNanos()).as(what + " clat max").isLessThanOrEqualTo(lat.maxNanos());
        assertThat(slat.meanNanos() + clat.meanNanos()).as(what + " slat + clat = lat")
                .isCloseTo(lat.meanNanos(), within(lat.meanNanos() * 1e-9));
    }
}
