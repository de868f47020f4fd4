package io.github.drivespeed.fio.internal.json;

import io.github.drivespeed.fio.internal.FioWritten;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.parameters.SequentialParameters;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.engine.CpuUsage;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.report.engine.EngineInfo;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.report.engine.ThreadEvents;
import io.github.drivespeed.report.WorkloadReport;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.IntFunction;

/**
 * One fio job as drivespeed ran it: a workload (one job, its threads reported together as fio's
 * {@code group_reporting} reports {@code numjobs}), or a sequential test's write pass and read
 * pass (two jobs, one after the other, as fio runs two jobs separated by {@code stonewall}). The
 * jobs of an fio job file's group (run at once) share its {@code groupid}; every other job is a
 * group of its own. Sustained writes, device tests and capacity checks and probes have no fio
 * job; they are in the {@code drivespeed} object only.
 *
 * @param name fio's {@code jobname}
 * @param groupId fio's {@code groupid}
 * @param options fio's {@code job options}, as fio would spell them in a job file
 * @param read the reads, if any
 * @param write the writes, if any
 * @param async whether an asynchronous engine (libaio, io_uring) issued the I/O
 * @param depthPerThread I/Os in flight per issuing thread
 * @param startedAt when the job started
 * @param elapsed the job's measured time, ramps included
 * @param usrCpuPercent fio's {@code usr_cpu}, empty where not measured
 * @param sysCpuPercent fio's {@code sys_cpu}, empty where not measured
 * @param ioThreads fio's {@code ctx}, {@code minf} and {@code majf}: the job's I/O threads'
 *     context switches and page faults, empty where not counted
 * @param latencyDepth fio's {@code latency_depth}: the queue depth the job ran at
 * @param percentiles which latencies get percentiles, at which percentages
 * @param unified whether reads and writes are reported apart, summed, or both
 */
record FioJobSource(String name, int groupId, Map<String, String> options,
        Optional<PassResult> read, Optional<PassResult> write, boolean async, int depthPerThread,
        Instant startedAt, Duration elapsed, OptionalDouble usrCpuPercent,
        OptionalDouble sysCpuPercent, Optional<ThreadEvents> ioThreads, int latencyDepth,
        FioPercentiles percentiles, FioUnified unified) {

    /**
     * {@return this job with the options an fio job file or command line wrote for it, as fio
     * lists them, and the percentiles they ask for}
     *
     * @param global the global options as written
     * @param own the job's own options as written
     */
    FioJobSource writtenAs(Map<String, String> global, Map<String, String> own) {
        return new FioJobSource(name, groupId, own, read, write, async, depthPerThread,
                startedAt, elapsed, usrCpuPercent, sysCpuPercent, ioThreads, latencyDepth,
                FioPercentiles.of(global, own), FioUnified.of(global, own));
    }

    /**
     * {@return an fio {@code create_only=1} job: its file laid out, nothing read or written}
     *
     * @param job the job
     * @param global the global options as written
     */
    static FioJobSource laidOut(FioWritten.LaidOut job, Map<String, String> global) {
        return new FioJobSource(job.name(), job.group(), job.options(), Optional.empty(),
                Optional.empty(), false, 1, job.startedAt(), Duration.ZERO,
                OptionalDouble.empty(), OptionalDouble.empty(), Optional.empty(), 1,
                FioPercentiles.of(global, job.options()),
                FioUnified.of(global, job.options()));
    }

    /**
     * @return whether the job ran asynchronously and a direction's report does not split its
     *     latency into slat and clat (those are then placeholders)
     */
    boolean unsplit() {
        return async && (read.filter(FioTimings::unsplit).isPresent()
                || write.filter(FioTimings::unsplit).isPresent());
    }

    /**
     * @param results what was measured
     * @return its fio jobs, in the order they ran
     */
    static List<FioJobSource> of(Results results) {
        List<FioJobSource> jobs = new ArrayList<>();
        Optional<FioWritten> fio = results.fio();
        Map<String, String> global = fio.map(FioWritten::globalOptions).orElse(Map.of());
        fio.ifPresent(f -> f.laidOut().forEach(l -> jobs.add(laidOut(l, global))));
        int group = -1;
        int lastGroup = -1;
        for (int i = 0; i < results.jobs().size(); i++) {
            Results.Job job = results.jobs().get(i);
            for (Piece piece : job.report().accept(new Pieces(job.name()))) {
                if (piece.stonewall() || results.group(i) != lastGroup) {
                    group++;
                }
                lastGroup = results.group(i);
                FioJobSource source = piece.job().apply(group);
                jobs.add(fio.isEmpty() ? source
                        : source.writtenAs(global, fio.get().jobOptions().get(i)));
            }
        }
        return jobs;
    }

    /**
     * One fio job a report makes, once its {@code groupid} is known.
     *
     * @param stonewall whether it starts a group of its own, as after fio's {@code stonewall}
     *     (else it shares the group of the jobs that ran with it)
     * @param job the job in a group
     */
    private record Piece(boolean stonewall, IntFunction<FioJobSource> job) { }

    /**
     * The fio jobs of a report: a workload's one, which runs with the other jobs of its group; a
     * sequential test's write pass and read pass, each after a stonewall; none for the other
     * kinds, which fio has no job for.
     */
    private static final class Pieces implements Report.Visitor<List<Piece>> {

        private final String name;

        Pieces(String name) {
            this.name = name;
        }

        @Override
        public List<Piece> visit(SpeedReport r) {
            // the read pass runs after the write pass: a group of its own (stonewall)
            return List.of(
                    new Piece(true, g -> sequential(name + "-write", g, r, r.write(), "write")),
                    new Piece(true, g -> sequential(name + "-read", g, r, r.read(), "read")));
        }

        @Override
        public List<Piece> visit(WorkloadReport r) {
            return List.of(new Piece(false, g -> workload(name, g, r)));
        }

        @Override
        public List<Piece> visit(SustainedReport r) {
            return List.of();
        }

        @Override
        public List<Piece> visit(DeviceReport r) {
            return List.of();
        }

        @Override
        public List<Piece> visit(CapacityCheckReport r) {
            return List.of();
        }

        @Override
        public List<Piece> visit(CapacityProbeReport r) {
            return List.of();
        }
    }

    private static FioJobSource workload(String name, int group, WorkloadReport r) {
        WorkloadParameters p = r.parameters();
        EngineInfo engine = r.engine();
        boolean async = FioTimings.isAsync(r);
        Map<String, String> o = new LinkedHashMap<>();
        o.put("name", name);
        o.put("rw", p.fioRw());
        if (p.reads() && p.writes()) {
            o.put("rwmixread", Integer.toString(p.readPercent()));
        }
        o.put("bs", Long.toString(p.blockSize().bytes()));
        o.put("size", Long.toString(p.size().bytes()));
        p.length().count().ifPresent(c -> o.put("number_ios", Long.toString(c)));
        p.length().duration().ifPresent(d -> o.put("runtime", duration(d)));
        if (!p.length().rampTime().isZero()) {
            o.put("ramp_time", duration(p.length().rampTime()));
        }
        o.put("direct", p.direct() ? "1" : "0");
        o.put("ioengine", engine.ioEngine().fioName());
        // what ran: a queue depth without an asynchronous engine runs as that many threads
        int depth = engine.queueDepthRunAsThreads() ? 1 : engine.queueDepth();
        o.put("iodepth", Integer.toString(depth));
        if (engine.workers() > 1) {
            o.put("numjobs", Integer.toString(engine.workers()));
        }
        o.put("randseed", Long.toString(p.seed()));
        if (p.runs() > 1) {
            o.put("loops", Integer.toString(p.runs()));
        }
        if (p.writes()) {
            o.put("end_fsync", "1");
        }
        Duration elapsed = p.length().rampTime().multipliedBy(p.runs())
                .plus(measured(r.read(), r.write()));
        return new FioJobSource(name, group, o, r.read(), r.write(), async, depth, r.startedAt(),
                elapsed, FioTimings.usrCpuPercent(r), FioTimings.sysCpuPercent(r),
                r.cpu().flatMap(CpuUsage::ioThreadEvents), depth, FioPercentiles.DEFAULT,
                FioUnified.NONE);
    }

    private static FioJobSource sequential(String name, int group, SpeedReport r, PassResult pass,
            String rw) {
        SequentialParameters p = r.parameters();
        Map<String, String> o = new LinkedHashMap<>();
        o.put("name", name);
        o.put("rw", rw);
        o.put("bs", Long.toString(p.blockSize().bytes()));
        o.put("size", Long.toString(p.bytesPerPass().bytes()));
        o.put("direct", p.direct() ? "1" : "0");
        o.put("ioengine", "psync");
        if (p.runs() > 1) {
            o.put("loops", Integer.toString(p.runs()));
        }
        boolean write = "write".equals(rw);
        if (write && p.dsync()) {
            o.put("sync", "dsync");
        }
        if (write) {
            o.put("end_fsync", "1");
        }
        Optional<PassResult> none = Optional.empty();
        return new FioJobSource(name, group, o, write ? none : Optional.of(pass),
                write ? Optional.of(pass) : none, false, 1, r.startedAt(),
                measured(Optional.of(pass), none), OptionalDouble.empty(),
                OptionalDouble.empty(), Optional.empty(), 1, FioPercentiles.DEFAULT,
                FioUnified.NONE);
    }

    /**
     * fio's aggregate bandwidth of each job's group ({@code agg} of its run status group): per
     * direction the group's bytes over its longest runtime, in bytes per second.
     *
     * @param jobs every job
     * @return per {@code groupid}, {@code {read, write}}
     */
    static Map<Integer, long[]> groupBandwidth(List<FioJobSource> jobs) {
        // per group: read bytes, write bytes, longest read runtime, longest write runtime (ms)
        Map<Integer, long[]> sums = new LinkedHashMap<>();
        for (FioJobSource j : jobs) {
            long[] g = sums.computeIfAbsent(j.groupId(), k -> new long[4]);
            List<Optional<PassResult>> dirs = List.of(j.read(), j.write());
            for (int d = 0; d < 2; d++) {
                Optional<PassResult> p = dirs.get(d);
                if (p.isPresent()) {
                    g[d] += p.get().totalBytes();
                    g[2 + d] = Math.max(g[2 + d], FioDirection.runtimeMillis(p.get()));
                }
            }
        }
        Map<Integer, long[]> out = new LinkedHashMap<>();
        sums.forEach((group, g) -> out.put(group, new long[] {g[2] > 0 ? 1000 * g[0] / g[2] : 0,
            g[3] > 0 ? 1000 * g[1] / g[3] : 0}));
        return out;
    }

    /** The measured time of the runs (in a mix both directions share each run's time). */
    private static Duration measured(Optional<PassResult> read, Optional<PassResult> write) {
        PassResult p = read.or(() -> write).orElseThrow();
        return Duration.ofMillis(FioDirection.runtimeMillis(p));
    }

    /** fio's time grammar: whole seconds bare, else milliseconds with {@code ms}. */
    private static String duration(Duration d) {
        return d.toMillis() % 1000 == 0 ? Long.toString(d.toSeconds()) : d.toMillis() + "ms";
    }
}
