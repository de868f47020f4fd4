package io.github.drivespeed.fio.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.parameters.AccessPattern;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.parameters.WorkloadParameters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each supported fio option as the plan it gives: what a job file asks for is what the workload
 * plan holds, checked before any I/O (nothing here runs a measurement).
 */
class FioPlansTest {

    @TempDir
    Path dir;

    private List<FioPlans.PlannedJob> plan(String text) throws IOException {
        Path file = dir.resolve("job.fio");
        Files.writeString(file, text);
        FioJobs jobs = FioJobs.of(new FioJobFile(Map.of()).read(file));
        return new FioPlans(dir, Set.of(), null, () -> 4242L).plan(jobs).stream()
                .flatMap(s -> s.jobs().stream()).toList();
    }

    private static WorkloadParameters only(List<FioPlans.PlannedJob> jobs) {
        assertThat(jobs).hasSize(1);
        return jobs.get(0).plan().parameters();
    }

    @Test
    void fiosDefaultsAreBufferedPsyncSizeBasedFourKib() throws IOException {
        WorkloadParameters p = only(plan("[x]\nsize=1m\n"));
        assertThat(p.direct()).isFalse();
        assertThat(p.timeBased()).isFalse();
        assertThat(p.blockSize().bytes()).isEqualTo(4096);
        assertThat(p.pattern()).isEqualTo(AccessPattern.SEQUENTIAL);
        assertThat(p.readPercent()).isEqualTo(100);
        assertThat(p.queueDepth()).isEqualTo(1);
        assertThat(p.randomMap()).isTrue();
        assertThat(p.syncEveryWrites()).isZero();
        assertThat(p.length().timeLimit()).isEmpty();
    }

    @Test
    void eachOptionSetsWhatFioMeansByIt() throws IOException {
        Files.createDirectory(dir.resolve("sub"));
        List<FioPlans.PlannedJob> jobs = plan("""
                [global]
                directory=sub
                size=1m
                bs=8k
                direct=1
                [mix]
                rw=randrw
                rwmixwrite=30
                io_size=64k
                runtime=2
                fdatasync=8
                norandommap
                randseed=7
                startdelay=250ms
                [timed]
                rw=randread
                buffered=1
                time_based
                runtime=3
                ramp_time=1
                randrepeat=0
                """);
        assertThat(jobs).hasSize(2);
        FioPlans.PlannedJob mix = jobs.get(0);
        WorkloadParameters m = mix.plan().parameters();
        assertThat(mix.plan().target()).isEqualTo(dir.resolve("sub"));
        assertThat(m.pattern()).isEqualTo(AccessPattern.RANDOM);
        assertThat(m.readPercent()).isEqualTo(70);
        assertThat(m.blockSize().bytes()).isEqualTo(8192);
        assertThat(m.direct()).isTrue();
        assertThat(m.length().count()).hasValue(8);
        assertThat(m.length().timeLimit()).isEqualTo(Optional.of(Duration.ofSeconds(2)));
        assertThat(m.syncEveryWrites()).isEqualTo(8);
        assertThat(m.randomMap()).isFalse();
        assertThat(m.seed()).isEqualTo(7);
        assertThat(mix.startDelay()).isEqualTo(Duration.ofMillis(250));

        FioPlans.PlannedJob timed = jobs.get(1);
        WorkloadParameters t = timed.plan().parameters();
        assertThat(t.direct()).isFalse();
        assertThat(t.readPercent()).isEqualTo(100);
        assertThat(t.length().duration()).hasValue(Duration.ofSeconds(3));
        assertThat(t.length().rampTime()).isEqualTo(Duration.ofSeconds(1));
        assertThat(t.seed()).isEqualTo(4242L);
        assertThat(timed.notes()).contains("randrepeat=0: random seed 4242");
    }

    @Test
    void numjobsClonesAJobEachOverItsOwnFileOrRunsThreadsOverANamedOne() throws IOException {
        List<FioPlans.PlannedJob> clones = plan("[c]\nrw=randread\nsize=1m\nnumjobs=3\n");
        assertThat(clones).extracting(FioPlans.PlannedJob::cloneIndex).containsExactly(0, 1, 2);
        assertThat(clones).extracting(j -> j.plan().parameters().seed())
                .containsExactly(0L, 1L, 2L);
        assertThat(clones).extracting(j -> j.plan().parameters().threads())
                .containsOnly(1);

        Path data = dir.resolve("data.bin");
        Files.write(data, new byte[1 << 20]);
        WorkloadParameters shared = only(plan("[s]\nrw=randread\nnumjobs=3\nfilename="
                + data + "\n"));
        assertThat(shared.threads()).isEqualTo(3);
        assertThat(shared.size().bytes()).isEqualTo(1 << 20);
    }

    @Test
    void ioUringAndLibaioRunOnTheNativeBackendsEnginesOfThoseNames() throws IOException {
        FioPlans.PlannedJob j = plan("[u]\nsize=1m\nioengine=io_uring\niodepth=8\n").get(0);
        assertThat(j.plan().parameters().queueDepth()).isEqualTo(8);
        assertThat(j.plan().ioEngine()).contains(IoEngine.IO_URING);
        assertThat(j.fioLine()).isEqualTo("u: (g=0): rw=read, bs=4096B, ioengine=io_uring,"
                + " iodepth=8");
        FioPlans.PlannedJob a = plan("[a]\nsize=1m\nioengine=libaio\niodepth=4\n").get(0);
        assertThat(a.plan().ioEngine()).contains(IoEngine.LIBAIO);
        FioPlans.PlannedJob p = plan("[p]\nsize=1m\nioengine=psync\n").get(0);
        assertThat(p.plan().ioEngine()).isEmpty();
        plan("[u]\nsize=1m\nioengine=io_uring\niodepth=8\n");
        assertThatThrownBy(() -> new FioPlans(dir, Set.of(), "java", () -> 1L).plan(FioJobs.of(
                new FioJobFile(Map.of()).read(dir.resolve("job.fio")))))
                .hasMessageContaining("fio option 'ioengine': io_uring runs on the native"
                        + " backend; --backend java has only psync");
    }
}
