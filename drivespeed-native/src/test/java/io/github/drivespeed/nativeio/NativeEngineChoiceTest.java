package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.report.engine.EngineInfo;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.spi.QueueEngine;
import io.github.drivespeed.testing.Emulation;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native backend's engines chosen and recorded on this machine: psync at queue depth 1,
 * io_uring above it on the working disk, Linux AIO on tmpfs (io_uring would hand each I/O to a
 * kernel worker there), and Linux AIO with the reason where io_uring is refused
 * ({@code kernel.io_uring_disabled=2}, root only, put back as found even on failure). Under an
 * emulator without either engine, the named fallback: queue depth run as threads, each engine's
 * ENOSYS in the report.
 */
class NativeEngineChoiceTest {

    private static final Path IO_URING_DISABLED = Path.of("/proc/sys/kernel/io_uring_disabled");

    @TempDir
    Path dir;

    @Test
    void depthOneIsPsyncAndDeeperIsIoUringOnTheWorkingDisk() throws IOException {
        WorkloadReport qd1 = DriveSpeed.workload(dir).size("4M").count(300).run();
        assertThat(qd1.backend().name()).isEqualTo("native");
        assertThat(qd1.engine().ioEngine()).isEqualTo(IoEngine.PSYNC);
        assertThat(qd1.engine().toString()).isEqualTo("psync: 1 thread x queue depth 1");

        if (Emulation.active()) {
            WorkloadReport qd8 = DriveSpeed.workload(dir).size("4M").queueDepth(8).count(400)
                    .run();
            assertThat(qd8.engine().ioEngine()).isEqualTo(IoEngine.PSYNC);
            assertThat(qd8.engine().fallbackReason()).as(Emulation.Gap.ASYNC_IO.description())
                    .hasValueSatisfying(r -> assertThat(r)
                            .contains("io_uring not used: io_uring_setup(2): ENOSYS")
                            .contains("libaio not used: io_setup(2): ENOSYS"));
            assertThat(qd8.engine().toString()).startsWith("psync: 1 x 8 = 8 threads x queue depth 1");
            assertThat(qd8.cpu()).as(Emulation.Gap.CPU_TIMES.description())
                    .hasValueSatisfying(c -> assertThat(c.isAvailable()).isFalse());
            assertThat(qd8.details()).contains("CPU:        unavailable: /proc/self/stat"
                    + " reports no CPU time for this process at all");
            assertThat(TestFiles.names(dir)).isEmpty();
            return;
        }
        WorkloadReport qd16 = DriveSpeed.workload(dir).size("4M").queueDepth(16).count(3000).run();
        EngineInfo e = qd16.engine();
        assertThat(e.ioEngine()).isEqualTo(IoEngine.IO_URING);
        assertThat(e.requestedIoEngine()).isEmpty();
        assertThat(e.fallbackReason()).isEmpty();
        assertThat(e.details().orElseThrow()).contains("registered file", "1 registered buffer",
                "completions reaped from the CQ ring in user space");
        assertThat(qd16.details()).contains("I/O:        io_uring (registered file")
                .contains("CPU:        ").contains("usr_cpu");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void onTmpfsTheDeeperQueueIsLinuxAioAndTheReportSaysWhyNotIoUring() throws IOException {
        Path shm = Path.of("/dev/shm");
        Emulation.skipOn(Emulation.Gap.ASYNC_IO);
        Privileged.require(Files.isDirectory(shm) && Files.isWritable(shm), "a writable /dev/shm");
        Path tmpfs = Files.createTempDirectory(shm, "drivespeed-engine-");
        try {
            EngineInfo e = DriveSpeed.workload(tmpfs).size("4M").queueDepth(8).count(2000).run()
                    .engine();
            assertThat(e.ioEngine()).isEqualTo(IoEngine.LIBAIO);
            assertThat(e.fallbackReason()).hasValueSatisfying(r -> assertThat(r)
                    .startsWith("io_uring not used: this file system has no non-blocking reads"));
            assertThat(e.details().orElseThrow()).contains("completions reaped from the ring in user space");
            // tmpfs completes each I/O inside io_submit: the depth is never in the kernel
            WorkloadReport tmpfsRun = DriveSpeed.workload(tmpfs).size("4M").queueDepth(8)
                    .count(2000).run();
            assertThat(tmpfsRun.engine().inFlight()).hasValueSatisfying(f -> {
                assertThat(f.meanDepth()).isPositive().isLessThanOrEqualTo(1.0);
                assertThat(f.peakDepth()).isEqualTo(1);
                assertThat(f.reached()).isFalse();
            });
            assertThat(tmpfsRun.warnings()).contains(Warning.QUEUE_DEPTH_NOT_REACHED);
            assertThat(tmpfsRun.warnings().contains(Warning.TOOL_LIMITED))
                    .isEqualTo(tmpfsRun.engine().inFlight().orElseThrow().toolLimited());
            // asked for by name, io_uring runs there all the same
            EngineInfo named = DriveSpeed.workload(tmpfs).size("4M").queueDepth(8).count(2000)
                    .ioEngine(IoEngine.IO_URING).run().engine();
            assertThat(named.ioEngine()).isEqualTo(IoEngine.IO_URING);
            assertThat(named.details().orElseThrow()).contains("kernel worker thread");
        } finally {
            Files.deleteIfExists(tmpfs);
        }
    }

    /**
     * Linux AIO completes buffered I/O inside io_submit (fio's HOWTO, libaio): left to choose,
     * a buffered workload at depth runs on io_uring, which queues; asked for by name at a depth
     * above 1 Linux AIO is refused, saying why; at depth 1 it runs.
     */
    @Test
    void bufferedIoAtDepthRunsOnIoUringAndLinuxAioAskedForIsRefused() throws IOException {
        Emulation.skipOn(Emulation.Gap.ASYNC_IO);
        WorkloadReport chosen = DriveSpeed.workload(dir).size("4M").buffered().random().read()
                .queueDepth(16).count(2000).run();
        assertThat(chosen.engine().ioEngine()).isEqualTo(IoEngine.IO_URING);

        assertThatThrownBy(() -> DriveSpeed.workload(dir).size("4M").buffered().random().read()
                .queueDepth(16).ioEngine(IoEngine.LIBAIO).count(100).run())
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("ioEngine cannot queue buffered I/O: Linux AIO completes"
                        + " each buffered read or write inside io_submit(2)")
                .hasMessageContaining("queueDepth 16 would never be in flight");

        WorkloadReport qd1 = DriveSpeed.workload(dir).size("4M").buffered().random().read()
                .queueDepth(1).ioEngine(IoEngine.LIBAIO).count(200).run();
        assertThat(qd1.engine().ioEngine()).isEqualTo(IoEngine.LIBAIO);
        assertThat(qd1.warnings()).doesNotContain(Warning.QUEUE_DEPTH_NOT_REACHED);
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    @Tag("privileged")
    void whereIoUringIsRefusedTheQueueFallsBackToLinuxAioAndSaysWhy() throws IOException {
        Emulation.skipOn(Emulation.Gap.ASYNC_IO);
        Privileged.requireRoot();
        Privileged.require(Files.isWritable(IO_URING_DISABLED),
                "a writable " + IO_URING_DISABLED + " (Linux 6.6+)");
        String before = Files.readString(IO_URING_DISABLED).trim();
        NativeIoBackend io = new NativeIoBackend();
        try {
            Files.writeString(IO_URING_DISABLED, "2");
            QueueEngine uring = io.queueEngines().get(0);
            assertThat(uring.fioName()).isEqualTo("io_uring");
            assertThat(uring.unavailableReason()).hasValueSatisfying(r -> assertThat(r)
                    .isEqualTo("io_uring_setup(2): EPERM (Operation not permitted);"
                            + " kernel.io_uring_disabled = 2"));

            WorkloadReport r = DriveSpeed.workload(dir).backend(io).size("4M").queueDepth(16)
                    .count(2000).run();
            assertThat(r.engine().ioEngine()).isEqualTo(IoEngine.LIBAIO);
            assertThat(r.engine().fallbackReason()).contains("io_uring not used:"
                    + " io_uring_setup(2): EPERM (Operation not permitted);"
                    + " kernel.io_uring_disabled = 2");
            assertThat(r.engine().toString()).contains("libaio (").contains("1 thread x queue depth 16 (")
                    .contains(" busy); io_uring not used");

            assertThatThrownBy(() -> DriveSpeed.workload(dir).backend(io).size("4M")
                    .ioEngine(IoEngine.IO_URING).count(10).run())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("ioEngine io_uring is unavailable here: io_uring_setup(2): EPERM"
                            + " (Operation not permitted); kernel.io_uring_disabled = 2");
        } finally {
            Files.writeString(IO_URING_DISABLED, before);
        }
        assertThat(Files.readString(IO_URING_DISABLED).trim()).isEqualTo(before);
        assertThat(io.queueEngines().get(0).isAvailable()).isEqualTo(before.equals("0"));
        assertThat(TestFiles.names(dir)).isEmpty();
    }
}
