package io.github.drivespeed.internal.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.progress.WorkloadListener;
import io.github.drivespeed.progress.WorkloadStage;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The workload listener: stages in order, live byte counts readable from another thread. */
class WorkloadListenerTest {

    @TempDir
    Path dir;

    /** Records every call, with the count at that moment. */
    static final class Recorder implements WorkloadListener {
        final List<String> events = new CopyOnWriteArrayList<>();
        final List<WorkloadStage> finished = new CopyOnWriteArrayList<>();
        final List<Long> countAtFinish = new CopyOnWriteArrayList<>();

        @Override
        public void stageStarted(WorkloadStage stage) {
            events.add("start " + stage.kind() + " " + stage.jobIndex() + "/" + stage.jobCount()
                    + " run " + stage.run() + " at " + stage.bytesDone());
        }

        @Override
        public void stageFinished(WorkloadStage stage) {
            events.add("end " + stage.kind() + " " + stage.jobIndex() + " run " + stage.run());
            finished.add(stage);
            countAtFinish.add(stage.bytesDone());
        }
    }

    @Test
    void theFillAndEveryRunAreToldInOrderWithTheBytesEachMoved() throws IOException {
        Recorder rec = new Recorder();
        WorkloadReport r = DriveSpeed.workload(dir).size("4M").blockSize("4K").random().write()
                .count(300).runs(2).threads(2).listener(rec).run();
        assertThat(rec.events).containsExactly(
                "start FILL 1/1 run 0 at 0", "end FILL 1 run 0",
                "start RUN 1/1 run 1 at 0", "end RUN 1 run 1",
                "start RUN 1/1 run 2 at 0", "end RUN 1 run 2");
        WorkloadStage fill = rec.finished.get(0);
        assertThat(fill.plannedBytes()).isEqualTo(4L << 20);
        assertThat(fill.plannedNanos()).isEqualTo(-1);
        assertThat(rec.countAtFinish.get(0)).isEqualTo(4L << 20);
        for (int run = 1; run <= 2; run++) {
            WorkloadStage s = rec.finished.get(run);
            assertThat(s.plannedBytes()).isEqualTo(300 * 4096L);
            assertThat(rec.countAtFinish.get(run))
                    .isEqualTo(r.write().orElseThrow().samples().get(run - 1).bytes())
                    .isEqualTo(300 * 4096L);
        }
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aTimeBasedRunIsPlannedByTimeAndItsCountRisesWhileItRuns() throws Exception {
        List<Long> seen = new CopyOnWriteArrayList<>();
        AtomicReference<WorkloadStage> current = new AtomicReference<>();
        AtomicBoolean done = new AtomicBoolean();
        Thread poller = new Thread(() -> {
            while (!done.get()) {
                WorkloadStage s = current.get();
                if (s != null && s.kind() == WorkloadStage.Kind.RUN) {
                    seen.add(s.bytesDone());
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        poller.start();
        List<WorkloadStage> runs = new ArrayList<>();
        WorkloadReport r;
        try {
            r = DriveSpeed.workload(dir).size("8M").blockSize("4K").random().read()
                    .duration(Duration.ofMillis(600)).rampTime(Duration.ofMillis(100))
                    .listener(new WorkloadListener() {
                        @Override
                        public void stageStarted(WorkloadStage stage) {
                            current.set(stage);
                            if (stage.kind() == WorkloadStage.Kind.RUN) {
                                runs.add(stage);
                            }
                        }

                        @Override
                        public void stageFinished(WorkloadStage stage) {
                            current.set(null);
                        }
                    }).run();
        } finally {
            done.set(true);
            poller.join();
        }
        assertThat(runs).hasSize(1);
        assertThat(runs.get(0).plannedNanos()).isEqualTo(700_000_000L);
        assertThat(runs.get(0).plannedBytes()).isEqualTo(-1);
        assertThat(runs.get(0).bytesDone()).isEqualTo(r.read().orElseThrow().totalBytes());
        assertThat(seen).isSortedAccordingTo(Long::compare);
        assertThat(seen).as("counts read while the run went on").isNotEmpty();
    }

    @Test
    void aPresetSuiteNumbersItsWorkloads() throws IOException {
        Recorder rec = new Recorder();
        DriveSpeed.workload(dir).size("4M").count(64).listener(rec)
                .runPresets(List.of(Preset.RND4K_Q1T1));
        assertThat(rec.events).containsExactly(
                "start FILL 1/2 run 0 at 0", "end FILL 1 run 0",
                "start RUN 1/2 run 1 at 0", "end RUN 1 run 1",
                "start RUN 2/2 run 1 at 0", "end RUN 2 run 1");
    }

    @Test
    void aListenerThatThrowsAbortsAndTheFileIsRemoved() throws IOException {
        WorkloadListener failing = new WorkloadListener() {
            @Override
            public void stageStarted(WorkloadStage stage) {
                if (stage.kind() == WorkloadStage.Kind.RUN) {
                    throw new IllegalStateException("display closed");
                }
            }
        };
        assertThatThrownBy(() -> DriveSpeed.workload(dir).size("4M").count(10)
                .listener(failing).run()).isInstanceOf(IllegalStateException.class)
                .hasMessage("display closed");
        assertThat(TestFiles.names(dir)).isEmpty();
    }
}
