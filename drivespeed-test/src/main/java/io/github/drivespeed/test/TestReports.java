package io.github.drivespeed.test;

import io.github.drivespeed.report.BackendInfo;
import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.Timeline;
import io.github.drivespeed.target.DeviceInfo;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.Throughput;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reports built in a test, without measuring anything: for code that takes drivespeed's reports
 * (a health check, a metrics binder, an output of your own) and must be tested on known figures,
 * a flagged figure or a lost medium. Each builder starts from plain values (the directory
 * {@link #DIRECTORY} on ext4 with no warnings, the {@link #backend()} named {@code test}, the
 * plan's default parameters, {@link #STARTED_AT}) and takes what the test cares about; its
 * {@code build()} checks the report as drivespeed does.
 *
 * <pre>{@code
 * SpeedReport r = TestReports.speedReport()
 *         .write(megabytesPerSecond(30), megabytesPerSecond(32), megabytesPerSecond(31))
 *         .read(TestReports.pass(PassKind.READ, Set.of(Warning.READ_SERVED_FROM_CACHE),
 *                 megabytesPerSecond(900)))
 *         .build();
 * assertThat(r.verdict().outcome()).isEqualTo(Verdict.Outcome.FLAGGED);
 * }</pre>
 *
 * <p>A pass built from rates has one run per rate, each of one second that moved that many bytes
 * (rounded to whole bytes): its median, min, max and overall rates are the rates given; with an
 * I/O size, each run also completed {@code bytes / ioSize} I/Os (for IOPS).
 *
 * @since 0.1.0
 */
public final class TestReports {

    /** The directory of the built reports' target: {@code /test}. */
    public static final Path DIRECTORY = Path.of("/test");
    /** The block device of the built device reports: {@code /dev/test}. */
    public static final Path DEVICE = Path.of("/dev/test");
    /** When every built report started, unless told otherwise: 2024-01-01T00:00:00Z. */
    public static final Instant STARTED_AT = Instant.parse("2024-01-01T00:00:00Z");

    private static final long SECOND_NANOS = 1_000_000_000L;

    private TestReports() {
    }

    /**
     * {@return a builder of a sequential test's report
     * ({@link io.github.drivespeed.SequentialPlan})}
     */
    public static SpeedReportBuilder speedReport() {
        return new SpeedReportBuilder();
    }

    /** {@return a builder of a workload's report ({@link io.github.drivespeed.WorkloadPlan})} */
    public static WorkloadReportBuilder workloadReport() {
        return new WorkloadReportBuilder();
    }

    /**
     * {@return a builder of a sustained write's report
     * ({@link io.github.drivespeed.SustainedPlan})}
     */
    public static SustainedReportBuilder sustainedReport() {
        return new SustainedReportBuilder();
    }

    /**
     * {@return a builder of a block-device test's report ({@link io.github.drivespeed.DevicePlan})}
     */
    public static DeviceReportBuilder deviceReport() {
        return new DeviceReportBuilder();
    }

    /**
     * {@return a builder of a capacity check's report ({@link io.github.drivespeed.CapacityPlan})}
     */
    public static CapacityCheckReportBuilder capacityCheckReport() {
        return new CapacityCheckReportBuilder();
    }

    /**
     * {@return a builder of a capacity probe's report
     * ({@link io.github.drivespeed.CapacityProbePlan#run()})}
     */
    public static CapacityProbeReportBuilder capacityProbeReport() {
        return new CapacityProbeReportBuilder();
    }

    /**
     * {@return a target with no mount, device or link known: ext4 from {@code /dev/test}, 4096-byte
     * blocks, 100 GB of which 50 GB free, no warnings}
     *
     * @param directory the directory tested in
     */
    public static TargetInfo target(Path directory) {
        return TargetInfo.builder(directory).fileSystemType("ext4").fileSystemSource("/dev/test")
                .fileSystemBlockSizeBytes(4096).totalSpaceBytes(100_000_000_000L)
                .usableSpaceBytes(50_000_000_000L).build();
    }

    /**
     * {@return a 32 GB device with 512-byte logical blocks, nothing known from sysfs, no warnings}
     *
     * @param device the device node
     */
    public static DeviceInfo device(Path device) {
        return new DeviceInfo(device, Optional.empty(), 32_000_000_000L, 512, Set.of());
    }

    /** {@return the backend the built reports name: {@code test}} */
    public static BackendInfo backend() {
        return new BackendInfo("test", "built by drivespeed-test's TestReports, not measured",
                Optional.empty());
    }

    /**
     * {@return the pass, without warnings or I/O counts}
     *
     * @param kind the pass
     * @param runs the rate of each run, one run per rate
     * @throws IllegalArgumentException if no rate is given or a rate is not available
     */
    public static PassResult pass(PassKind kind, Throughput... runs) {
        return pass(kind, Set.of(), runs);
    }

    /**
     * {@return the pass, without I/O counts}
     *
     * @param kind the pass
     * @param warnings the pass's own warnings, for example {@link Warning#READ_SERVED_FROM_CACHE}
     *     to make its figures not the drive's
     * @param runs the rate of each run, one run per rate
     * @throws IllegalArgumentException if no rate is given or a rate is not available
     */
    public static PassResult pass(PassKind kind, Set<Warning> warnings, Throughput... runs) {
        return PassResult.of(kind, samples(runs, 0), warnings);
    }

    /**
     * {@return the pass, without warnings}
     *
     * @param kind the pass
     * @param ioSize bytes per I/O: each run completed its bytes over this many I/Os (rounded down)
     * @param runs the rate of each run, one run per rate
     * @throws IllegalArgumentException if no rate is given or a rate is not available
     */
    public static PassResult pass(PassKind kind, DataSize ioSize, Throughput... runs) {
        return PassResult.of(kind, samples(runs, ioSize.bytes()), Set.of());
    }

    private static List<Sample> samples(Throughput[] runs, long ioBytes) {
        if (runs.length == 0) {
            throw new IllegalArgumentException("a pass needs at least one run's rate");
        }
        List<Sample> samples = new ArrayList<>();
        for (Throughput rate : runs) {
            if (!rate.isAvailable()) {
                throw new IllegalArgumentException("a run's rate must be available: " + rate);
            }
            long bytes = Math.round(rate.bytesPerSecond());
            samples.add(ioBytes == 0 ? Sample.of(samples.size() + 1, bytes, SECOND_NANOS)
                    : Sample.of(samples.size() + 1, bytes, SECOND_NANOS, bytes / ioBytes,
                            LatencyStats.NONE, Timeline.NONE));
        }
        return samples;
    }
}
