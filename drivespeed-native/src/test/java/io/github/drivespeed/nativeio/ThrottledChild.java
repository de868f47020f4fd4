package io.github.drivespeed.nativeio;

import io.github.drivespeed.DevicePlan;
import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.target.IoLimitReached;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The measured code of the throttled-disk tests, run as a child process through
 * {@code throttled-disk run} (so that the kernel's cap applies to it and not to the test JVM).
 * Prints one {@code key=value} line per figure, the figures held to the cgroup's cap
 * ({@code ioLimitsReached=[WRITE MEDIAN, ...]}: the bed's cap is a cgroup's, which drivespeed
 * names {@code CGROUP_IO_LIMIT}), then the report.
 *
 * <p>Arguments: {@code speed DIR BACKEND BLOCK COUNT direct|buffered} (the sequential test, one
 * run), or {@code device DEVICE BACKEND BLOCK COUNT|DURATION_MS direct|buffered} (the read-only
 * device test, one run; a count, or a duration in milliseconds when it ends in {@code ms}), or
 * {@code workload DIR BACKEND RW BLOCK SIZE COUNT|DURATION_MS direct|buffered [norandommap]
 * [qd=N]} (a
 * workload, fio's {@code rw} names, one run; {@code all} as COUNT for size / block; {@code qd=N}
 * for a queue depth, then {@code inFlight.mean=} and {@code inFlight.peak=} are printed).
 */
public final class ThrottledChild {

    private ThrottledChild() {
    }

    /**
     * @param args see the class comment
     * @throws Exception on any failure (the exit code is then non-zero)
     */
    public static void main(String[] args) throws Exception {
        if ("workload".equals(args[0])) {
            workload(args);
            return;
        }
        boolean buffered = "buffered".equals(args[5]);
        if ("device".equals(args[0])) {
            DevicePlan test = DriveSpeed.onDevice(Path.of(args[1])).backend(args[2])
                    .blockSize(args[3]).runs(1);
            test = args[4].endsWith("ms")
                    ? test.duration(Duration.ofMillis(Long.parseLong(args[4].replace("ms", ""))))
                    : test.count(Long.parseLong(args[4]));
            DeviceReport r = (buffered ? test.buffered() : test).run();
            print("read", r.read());
            System.out.println("warnings=" + r.warnings());
            printReached(r.ioLimitsReached());
            System.out.println(r.details());
            return;
        }
        SequentialPlan test = DriveSpeed.on(Path.of(args[1])).backend(args[2]).blockSize(args[3])
                .count(Long.parseLong(args[4])).runs(1);
        SpeedReport r = (buffered ? test.buffered() : test).run();
        print("write", r.write());
        print("read", r.read());
        System.out.println("warnings=" + r.warnings());
        printReached(r.ioLimitsReached());
        System.out.println(r.details());
    }

    /** The figures at a cap, as {@code ioLimitsReached=[READ MEDIAN, WRITE MEDIAN]}. */
    private static void printReached(List<IoLimitReached> reached) {
        System.out.println("ioLimitsReached=" + reached.stream().map(x -> x.limit().direction()
                + " " + x.figure()).toList());
    }

    private static void workload(String[] args) throws Exception {
        WorkloadPlan w = DriveSpeed.workload(Path.of(args[1])).backend(args[2]).blockSize(args[4])
                .size(args[5]).runs(1);
        w = args[3].startsWith("rand") ? w.random() : w.sequential();
        w = args[3].endsWith("read") ? w.read() : w.write();
        w = args[6].endsWith("ms")
                ? w.duration(Duration.ofMillis(Long.parseLong(args[6].replace("ms", ""))))
                : "all".equals(args[6]) ? w.noDuration() : w.count(Long.parseLong(args[6]));
        if ("buffered".equals(args[7])) {
            w = w.buffered();
        }
        for (int i = 8; i < args.length; i++) {
            if ("norandommap".equals(args[i])) {
                w = w.noRandomMap();
            } else if (args[i].startsWith("qd=")) {
                w = w.queueDepth(Integer.parseInt(args[i].substring(3)));
            }
        }
        WorkloadReport r = w.run();
        r.engine().inFlight().ifPresent(f -> {
            System.out.println("inFlight.mean=" + f.meanDepth());
            System.out.println("inFlight.peak=" + f.peakDepth());
        });
        r.read().ifPresent(p -> print("read", p));
        r.write().ifPresent(p -> print("write", p));
        System.out.println("warnings=" + r.warnings());
        printReached(r.ioLimitsReached());
        System.out.println(r.details());
    }

    private static void print(String name, PassResult pass) {
        Sample s = pass.samples().get(0);
        System.out.println(name + ".bytes=" + s.bytes());
        System.out.println(name + ".elapsedNanos=" + s.elapsedNanos());
        System.out.println(name + ".bytesPerSecond=" + String.format(Locale.ROOT, "%.0f",
                s.throughput().bytesPerSecond()));
        System.out.println(name + ".cacheHandling=" + s.accounting().cacheHandling().name());
        System.out.println(name + ".deviceBytes="
                + s.accounting().deviceIo().map(d -> d.bytes(pass.kind())).orElse(-1L));
        System.out.println(name + ".warnings=" + pass.warnings());
    }
}
