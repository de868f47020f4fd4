package io.github.drivespeed.internal.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.report.engine.EngineInfo;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.spi.QueueEngine;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.testing.ThreadedAsyncBackend;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a workload's engine is chosen and recorded, on real files through a backend whose queues
 * are real I/O on threads ({@link ThreadedAsyncBackend}) offered under fio's engine names: the
 * named engine or a refusal that says why; left to drivespeed, psync at depth 1 and the first
 * engine that works and suits the file above it, with the reason for every one passed over.
 */
class EngineChoiceTest {

    @TempDir
    Path dir;

    private WorkloadPlan small(ThreadedAsyncBackend io) {
        return DriveSpeed.workload(dir).size("4M").blockSize("4K").random().read().count(400)
                .backend(io);
    }

    private static ThreadedAsyncBackend offering(List<QueueEngine> engines,
            Map<String, String> openFailures, Map<String, String> drawbacks) {
        return new ThreadedAsyncBackend(Long.MAX_VALUE, engines, openFailures, drawbacks);
    }

    private static final List<QueueEngine> BOTH = List.of(QueueEngine.available("io_uring"),
            QueueEngine.available("libaio"));

    @Test
    void leftToDrivespeedDepthOneIsPsyncAndDeeperIsTheFirstEngine() throws IOException {
        ThreadedAsyncBackend io = offering(BOTH, Map.of(), Map.of());
        WorkloadReport qd1 = small(io).run();
        assertThat(qd1.engine()).usingRecursiveComparison().ignoringFields("inFlight")
                .isEqualTo(new EngineInfo(IoEngine.PSYNC, Optional.empty(), 1, 1, Optional.empty(),
                        Optional.empty(), Optional.empty()));
        assertThat(qd1.engine().inFlight()).hasValueSatisfying(f -> assertThat(f.peakDepth()).isOne());
        assertThat(qd1.engine().toString()).isEqualTo("psync: 1 thread x queue depth 1");
        assertThat(io.queuesOpened()).isZero();

        WorkloadReport qd8 = small(io).queueDepth(8).threads(2).run();
        assertThat(qd8.engine().ioEngine()).isEqualTo(IoEngine.IO_URING);
        assertThat(qd8.engine().requestedIoEngine()).isEmpty();
        assertThat(qd8.engine().fallbackReason()).isEmpty();
        assertThat(qd8.engine().workers()).isEqualTo(2);
        assertThat(qd8.engine().toString()).isEqualTo("io_uring: 2 threads x queue depth 8");
        assertThat(io.openedEngines()).containsExactly("io_uring", "io_uring");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void anEngineThatIsUnavailableFailsToOpenOrHasADrawbackIsPassedOverWithItsReason()
            throws IOException {
        ThreadedAsyncBackend refused = offering(List.of(
                new QueueEngine("io_uring", Optional.of("io_uring_setup(2): EPERM")),
                QueueEngine.available("libaio")), Map.of(), Map.of());
        EngineInfo e = small(refused).queueDepth(4).run().engine();
        assertThat(e.ioEngine()).isEqualTo(IoEngine.LIBAIO);
        assertThat(e.fallbackReason()).contains("io_uring not used: io_uring_setup(2): EPERM");

        ThreadedAsyncBackend failing = offering(BOTH,
                Map.of("io_uring", "io_uring_setup(4) test: ENOMEM"), Map.of());
        e = small(failing).queueDepth(4).run().engine();
        assertThat(e.ioEngine()).isEqualTo(IoEngine.LIBAIO);
        assertThat(e.fallbackReason()).contains("io_uring not used: io_uring_setup(4) test: ENOMEM");

        ThreadedAsyncBackend slow = offering(BOTH, Map.of(),
                Map.of("io_uring", "each I/O would go to a kernel worker"));
        WorkloadReport r = small(slow).queueDepth(4).run();
        assertThat(r.engine().ioEngine()).isEqualTo(IoEngine.LIBAIO);
        assertThat(r.engine().toString()).endsWith("1 thread x queue depth 4; io_uring not used: each I/O"
                + " would go to a kernel worker");
        assertThat(slow.openedEngines()).containsOnly("libaio");

        // with a drawback on every engine the first runs, drawback and all (io_uring's kernel
        // workers still queue buffered I/O; Linux AIO completes it inside io_submit)
        ThreadedAsyncBackend both = offering(BOTH, Map.of(), Map.of("io_uring",
                "each I/O would go to a kernel worker", "libaio", "synchronous for buffered I/O"));
        WorkloadReport first = small(both).queueDepth(4).run();
        assertThat(first.engine().ioEngine()).isEqualTo(IoEngine.IO_URING);
        assertThat(first.engine().fallbackReason()).isEmpty();
        assertThat(both.openedEngines()).containsOnly("io_uring");

        // a drawback does not stop the last asynchronous engine: it still beats threads
        ThreadedAsyncBackend only = offering(List.of(QueueEngine.available("io_uring")), Map.of(),
                Map.of("io_uring", "slow here"));
        assertThat(small(only).queueDepth(4).run().engine().ioEngine()).isEqualTo(IoEngine.IO_URING);

        ThreadedAsyncBackend none = offering(List.of(
                new QueueEngine("libaio", Optional.of("io_setup(2): ENOSYS"))), Map.of(), Map.of());
        WorkloadReport threads = small(none).queueDepth(4).run();
        assertThat(threads.engine().ioEngine()).isEqualTo(IoEngine.PSYNC);
        assertThat(threads.engine().workers()).isEqualTo(4);
        assertThat(threads.engine().toString()).isEqualTo("psync: 1 x 4 = 4 threads x queue depth 1 (queue"
                + " depth 4 run as threads); libaio not used: io_setup(2): ENOSYS");
        assertThat(threads.warnings()).contains(Warning.QUEUE_DEPTH_RUN_AS_THREADS);
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aNamedEngineRunsAtEveryDepthEvenWithADrawback() throws IOException {
        ThreadedAsyncBackend io = offering(BOTH, Map.of(), Map.of("io_uring", "slow here"));
        EngineInfo one = small(io).ioEngine(IoEngine.IO_URING).run().engine();
        assertThat(one.ioEngine()).isEqualTo(IoEngine.IO_URING);
        assertThat(one.requestedIoEngine()).contains(IoEngine.IO_URING);
        assertThat(one.toString()).isEqualTo("io_uring: 1 thread x queue depth 1");

        EngineInfo aio = small(io).ioEngine("libaio").queueDepth(4).run().engine();
        assertThat(aio.ioEngine()).isEqualTo(IoEngine.LIBAIO);
        assertThat(aio.fallbackReason()).isEmpty();

        WorkloadReport psync = small(io).ioEngine(IoEngine.PSYNC).queueDepth(4).run();
        assertThat(psync.engine().workers()).isEqualTo(4);
        assertThat(psync.engine().fallbackReason()).contains("psync was asked for");
        assertThat(psync.warnings()).contains(Warning.QUEUE_DEPTH_RUN_AS_THREADS);
        assertThat(io.openedEngines()).containsExactly("io_uring", "libaio");
    }

    @Test
    void aNamedEngineTheBackendLacksOrCannotRunIsRefusedBeforeAnyIo() throws IOException {
        ThreadedAsyncBackend aioOnly = offering(List.of(QueueEngine.available("libaio")),
                Map.of(), Map.of());
        assertThatThrownBy(() -> small(aioOnly).ioEngine(IoEngine.IO_URING).queueDepth(4).run())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ioEngine io_uring: the java-test backend has no io_uring engine"
                        + " (its engines: psync, libaio)");
        ThreadedAsyncBackend refused = offering(List.of(
                new QueueEngine("io_uring", Optional.of("io_uring_setup(2): EPERM"))), Map.of(),
                Map.of());
        assertThatThrownBy(() -> small(refused).ioEngine(IoEngine.IO_URING).run())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ioEngine io_uring is unavailable here: io_uring_setup(2): EPERM");
        ThreadedAsyncBackend failing = offering(BOTH,
                Map.of("io_uring", "io_uring_setup(4) test: ENOMEM"), Map.of());
        assertThatThrownBy(() -> small(failing).ioEngine(IoEngine.IO_URING).queueDepth(4).run())
                .isInstanceOf(IOException.class)
                .hasMessageContaining("io_uring_setup(4) test: ENOMEM");
        assertThatThrownBy(() -> DriveSpeed.workload(dir).ioEngine("posixaio"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ioEngine must be one of psync, libaio, io_uring, null: posixaio");
        assertThat(TestFiles.names(dir)).isEmpty();
        assertThat(aioOnly.queuesOpened() + refused.queuesOpened()).isZero();
    }
}
