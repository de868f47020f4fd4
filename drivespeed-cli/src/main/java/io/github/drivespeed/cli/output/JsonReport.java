package io.github.drivespeed.cli.output;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.parameters.SequentialParameters;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.report.BackendInfo;
import io.github.drivespeed.report.engine.CpuUsage;
import io.github.drivespeed.report.DeviceIo;
import io.github.drivespeed.report.DiskFlushes;
import io.github.drivespeed.report.engine.EngineInfo;
import io.github.drivespeed.report.engine.InFlight;
import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.Timeline;
import io.github.drivespeed.report.TimelinePoint;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.requirement.RequirementCheck;
import io.github.drivespeed.requirement.StorageRequirement;
import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.BtrfsData;
import io.github.drivespeed.target.Link;
import io.github.drivespeed.target.MountInfo;
import io.github.drivespeed.target.RemovedLeftover;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Writes {@link Results} as JSON (schema version {@value #SCHEMA_VERSION}; every key is listed in
 * the README's "JSON schema"). The mapping lives here, outside the core, whose result types carry
 * no JSON code: each key is chosen here and kept stable.
 *
 * <p>Rules: raw units only (bytes, bytes per second, nanoseconds, I/Os), the unit in the key
 * ({@code _bytes}, {@code _ns}) except fio's own names with fio's meaning ({@code bw_bytes} is
 * bytes per second, {@code iops}, {@code total_ios}, {@code slat_ns}, {@code clat_ns},
 * {@code lat_ns} with fio's {@code "99.000000"} percentile keys: {@code lat_ns} from just before
 * an I/O's submission to its reap, split with an asynchronous engine at the return of the
 * submitting system call into {@code slat_ns} and {@code clat_ns}; with psync {@code slat_ns}
 * is empty and {@code clat_ns} is {@code lat_ns}, as fio's); a figure that could not be computed is {@code null}
 * (JSON has no NaN); every key is always present. Rates in bytes per second are rounded to whole
 * bytes (as fio prints {@code bw_bytes}); IOPS, means and standard deviations keep six decimals
 * (as fio's {@code %f}). Output is the same in every locale.
 */
public final class JsonReport {

    /** The schema version; raised when a key changes meaning or is removed, not when one is added. */
    public static final int SCHEMA_VERSION = 1;

    static final JsonNodeFactory NODES = new JsonNodeFactory(true);
    static final ObjectWriter WRITER = new ObjectMapper()
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            .writer(new DefaultPrettyPrinter()
                    .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                    .withArrayIndenter(new DefaultIndenter("  ", "\n")));

    private JsonReport() {
    }

    /**
     * Writes the results, then a newline.
     *
     * @param results what to write
     * @param generator the program and version, for example {@code drivespeed 0.1.0}
     * @param out where to; not closed
     * @throws IOException if writing fails
     */
    public static void write(Results results, String generator, Writer out) throws IOException {
        WRITER.without(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                .writeValue(out, toTree(results, generator));
        out.write('\n');
        out.flush();
    }

    /**
     * The results as a JSON tree.
     *
     * @param results what to map
     * @param generator the program and version
     * @return the document
     */
    public static ObjectNode toTree(Results results, String generator) {
        ObjectNode doc = NODES.objectNode();
        doc.put("schema_version", SCHEMA_VERSION);
        doc.put("generator", generator);
        doc.set("target", results.target().<JsonNode>map(JsonReport::target)
                .orElseGet(() -> DeviceJsonReport.target(results)));
        doc.set("backend", results.backend().map(JsonReport::backend).orElse(null));
        ArrayNode jobs = doc.putArray("jobs");
        for (Results.Job job : results.jobs()) {
            jobs.add(job.report().accept(new JsonJob(job.name()))
                    .put("summary", job.report().summary()));
        }
        doc.set("warnings", warningDetails(results.warnings(), results.target()
                .map(TargetInfo::removedLeftovers).orElse(List.of())));
        doc.set("requirement", results.requirement().map(JsonReport::requirement).orElse(null));
        doc.set("failure", results.failure().map(JsonReport::failure).orElse(null));
        return doc;
    }

    /** The failure that ended the measurement after the jobs were measured. */
    private static ObjectNode failure(Results.Failure f) {
        ObjectNode n = NODES.objectNode();
        n.put("message", f.message());
        n.put("exit_code", f.exitCode());
        return n;
    }

    static ObjectNode target(TargetInfo t) {
        ObjectNode n = NODES.objectNode();
        n.put("directory", t.directory().toString());
        n.put("fs_type", t.fileSystemType());
        n.put("fs_source", t.fileSystemSource());
        n.put("fs_block_size_bytes", t.fileSystemBlockSizeBytes());
        n.put("total_space_bytes", t.totalSpaceBytes());
        n.put("usable_space_bytes", t.usableSpaceBytes());
        n.set("mount", t.mount().map(JsonReport::mount).orElse(null));
        n.set("upper_mount", t.upperMount().map(JsonReport::mount).orElse(null));
        n.set("btrfs", t.btrfsData().map(JsonReport::btrfs).orElse(null));
        n.put("test_file_nocow", t.testFileNoCow());
        ArrayNode devices = n.putArray("devices");
        for (BlockDevice d : t.blockDevices()) {
            devices.add(device(d));
        }
        n.set("link", t.link().map(JsonReport::link).orElse(null));
        n.set("cgroup_limits", CgroupJson.limits(t.cgroupLimits()));
        n.set("warnings", warningNames(t.warnings()));
        return n;
    }

    /** How a btrfs target keeps its data: its data profiles, and whether new data is checksummed. */
    private static ObjectNode btrfs(BtrfsData d) {
        ObjectNode n = NODES.objectNode();
        n.set("data_profiles", strings(d.profiles()));
        n.put("data_checksums", d.checksums());
        return n;
    }

    private static ObjectNode mount(MountInfo m) {
        ObjectNode n = NODES.objectNode();
        n.put("mount_point", m.mountPoint().toString());
        n.put("root", m.root());
        n.put("device_number", m.deviceNumber().toString());
        n.put("fs_type", m.fileSystemType());
        n.put("source", m.source());
        n.set("options", strings(m.options()));
        n.set("mount_options", strings(m.mountOptions()));
        n.set("super_options", strings(m.superOptions()));
        return n;
    }

    static ObjectNode device(BlockDevice d) {
        ObjectNode n = NODES.objectNode();
        n.put("name", d.sysfsName());
        n.put("device_number", d.deviceNumber().toString());
        n.put("kind", d.kind().name().toLowerCase(Locale.ROOT));
        put(n, "size_bytes", d.sizeBytes());
        put(n, "partition_number", d.partitionNumber());
        put(n, "mapper_name", d.mapperName());
        put(n, "raid_level", d.raidLevel());
        put(n, "backing_file", d.backingFile());
        put(n, "vendor", d.vendor());
        put(n, "model", d.model());
        put(n, "firmware_revision", d.firmwareRevision());
        put(n, "serial", d.serial());
        put(n, "transport", d.transport());
        n.set("rotational", d.rotational().map(NODES::booleanNode).orElse(null));
        n.set("read_only", d.readOnly().map(NODES::booleanNode).orElse(null));
        put(n, "logical_block_size_bytes", d.logicalBlockBytes());
        put(n, "physical_block_size_bytes", d.physicalBlockBytes());
        put(n, "scheduler", d.scheduler());
        put(n, "write_cache", d.writeCache().map(BlockDevice.WriteCache::sysfsText));
        n.set("fua", d.fua().map(NODES::booleanNode).orElse(null));
        ArrayNode lower = n.putArray("lower");
        d.lower().forEach(l -> lower.add(l.sysfsName()));
        n.set("link", d.link().map(JsonReport::link).orElse(null));
        return n;
    }

    static ObjectNode link(Link link) {
        ObjectNode n = NODES.objectNode();
        if (link instanceof Link.Usb u) {
            n.put("type", "usb");
            n.put("description", u.description());
            n.set("ceiling_bytes_per_second", rate(u.ceiling().bytesPerSecond()));
            n.put("vendor_id", u.vendorId());
            n.put("product_id", u.productId());
            put(n, "manufacturer", u.manufacturer());
            put(n, "product", u.product());
            put(n, "serial", u.serial());
            n.put("version", u.version());
            n.set("speed_bits_per_second", rate(u.megabitsPerSecond() * 1e6));
            n.put("lanes", u.lanes());
        } else if (link instanceof Link.Sata s) {
            n.put("type", "sata");
            n.put("description", s.description());
            n.set("ceiling_bytes_per_second", rate(s.ceiling().bytesPerSecond()));
            n.put("port", s.port());
            n.set("speed_bits_per_second", rate(s.gigabitsPerSecond() * 1e9));
            n.set("port_limit_bits_per_second", rate(s.portLimitGigabitsPerSecond() * 1e9));
        } else {
            Link.Pcie p = (Link.Pcie) link;
            n.put("type", "pcie");
            n.put("description", p.description());
            n.set("ceiling_bytes_per_second", rate(p.ceiling().bytesPerSecond()));
            n.put("address", p.address());
            n.set("speed_transfers_per_second", rate(p.gigatransfersPerSecond() * 1e9));
            n.put("width", p.width());
            n.set("max_speed_transfers_per_second", rate(p.maxGigatransfersPerSecond() * 1e9));
            n.put("max_width", p.maxWidth());
        }
        return n;
    }

    static ObjectNode backend(BackendInfo b) {
        ObjectNode n = NODES.objectNode();
        n.put("name", b.name());
        n.put("description", b.description());
        put(n, "fallback_reason", b.fallbackReason());
        return n;
    }

    static ObjectNode sequentialJob(String name, SpeedReport r) {
        ObjectNode n = job(name, "sequential", r.startedAt().toString());
        SequentialParameters p = r.parameters();
        ObjectNode params = n.putObject("parameters");
        params.put("bs_bytes", p.blockSize().bytes());
        params.put("count", p.count());
        params.put("size_bytes", p.bytesPerPass().bytes());
        params.put("runs", p.runs());
        params.put("direct", p.direct());
        params.put("dsync", p.dsync());
        params.put("data", p.dataPattern().toString());
        params.put("verify", p.verify());
        params.put("drop_caches", p.dropCaches());
        params.put("buffered_fallback", p.bufferedFallback());
        params.set("cached_read_ns", nanos(p.cachedRead()));
        n.putNull("ioengine");
        n.set("warnings", warningNames(r.warnings()));
        n.set("io_limits_reached", CgroupJson.reached(r.ioLimitsReached()));
        n.set("read", pass(r.read()));
        n.set("write", pass(r.write()));
        n.set("cached_read", r.cachedRead().map(JsonReport::pass).orElse(null));
        n.set("warm_up_write", r.warmUpWrite().map(w -> (JsonNode) NODES.objectNode()
                .put("bytes", w.bytes()).put("elapsed_ns", w.elapsedNanos())
                .set("bw_bytes", rate(w.throughput().bytesPerSecond())))
                .orElse(NullNode.getInstance()));
        n.put("close_failures_after_loss", r.closeFailuresAfterLoss());
        return n;
    }

    static ObjectNode workloadJob(String name, WorkloadReport r) {
        ObjectNode n = job(name, "workload", r.startedAt().toString());
        WorkloadParameters p = r.parameters();
        ObjectNode params = n.putObject("parameters");
        params.put("rw", p.fioRw());
        params.put("rwmixread", p.readPercent());
        params.put("bs_bytes", p.blockSize().bytes());
        params.put("size_bytes", p.size().bytes());
        put(params, "number_ios", p.length().count());
        params.put("time_based", p.timeBased());
        params.set("runtime_ns", p.length().duration().map(d -> NODES.numberNode(d.toNanos()))
                .orElse(null));
        params.put("ramp_time_ns", p.length().rampTime().toNanos());
        params.put("numjobs", p.threads());
        params.put("iodepth", p.queueDepth());
        params.put("randseed", p.seed());
        params.put("norandommap", !p.randomMap());
        params.set("time_limit_ns", p.length().timeLimit().map(d -> NODES.numberNode(d.toNanos()))
                .orElse(null));
        params.put("fdatasync", p.syncEveryWrites());
        params.put("runs", p.runs());
        params.put("direct", p.direct());
        params.put("log_avg_ns", p.recording().timelineInterval().toNanos());
        params.put("ioengine", p.io().ioEngine().map(IoEngine::fioName).orElse(null));
        params.put("buffered_fallback", p.io().bufferedFallback());
        params.put("sqthread_poll", p.io().sqThreadPoll());
        params.put("existing_file", p.existingFile().map(Path::toString).orElse(null));
        n.put("ioengine", r.engine().toString());
        n.set("engine", engine(r.engine()));
        n.set("cpu", r.cpu().map(JsonReport::cpu).orElse(null));
        ArrayNode cpuRuns = n.putArray("cpu_runs");
        r.cpuPerRun().forEach(c -> cpuRuns.add(cpu(c)));
        n.set("warnings", warningNames(r.warnings()));
        n.set("io_limits_reached", CgroupJson.reached(r.ioLimitsReached()));
        n.set("read", r.read().map(JsonReport::pass).orElse(null));
        n.set("write", r.write().map(JsonReport::pass).orElse(null));
        return n;
    }

    /**
     * {@return a time in nanoseconds, or JSON null where there is none}
     *
     * @param time the time, or empty
     */
    static JsonNode nanos(Optional<Duration> time) {
        return time.map(d -> (JsonNode) NODES.numberNode(d.toNanos()))
                .orElse(NullNode.getInstance());
    }

    /** The engine as fio names it, and how it came to run. */
    private static ObjectNode engine(EngineInfo e) {
        ObjectNode n = NODES.objectNode();
        n.put("name", e.ioEngine().fioName());
        n.put("requested", e.requestedIoEngine().map(IoEngine::fioName).orElse(null));
        n.put("numjobs", e.threads());
        n.put("iodepth", e.queueDepth());
        n.put("workers", e.workers());
        n.put("details", e.details().orElse(""));
        put(n, "fallback_reason", e.fallbackReason());
        n.set("in_flight", e.inFlight().map(JsonReport::inFlight).orElse(null));
        return n;
    }

    /** The depth in flight beside the one asked for, and the submitting threads' CPU share. */
    private static ObjectNode inFlight(InFlight f) {
        ObjectNode n = NODES.objectNode();
        n.put("iodepth", f.queueDepth());
        n.put("mean", f.meanDepth());
        n.put("peak", f.peakDepth());
        if (f.submitterBusy().isPresent()) {
            n.put("submitter_busy", f.submitterBusy().getAsDouble());
        } else {
            n.putNull("submitter_busy");
        }
        n.put("reached", f.reached());
        n.put("tool_limited", f.toolLimited());
        return n;
    }

    /**
     * The process's CPU time over a window: per I/O, and as fio's usr_cpu and sys_cpu; where the
     * platform reports none, the times are null and {@code unavailable_reason} says why.
     */
    private static ObjectNode cpu(CpuUsage c) {
        ObjectNode n = NODES.objectNode();
        if (c.isAvailable()) {
            n.put("usr_ns", c.userNanos());
            n.put("sys_ns", c.systemNanos());
        } else {
            n.putNull("usr_ns");
            n.putNull("sys_ns");
        }
        n.put("elapsed_ns", c.elapsedNanos());
        n.put("total_ios", c.ios());
        n.set("usr_ns_per_io", decimal(c.userNanosPerIo()));
        n.set("sys_ns_per_io", decimal(c.systemNanosPerIo()));
        n.set("usr_cpu", decimal(c.userPercent()));
        n.set("sys_cpu", decimal(c.systemPercent()));
        n.put("source", c.source());
        c.unavailableReason().ifPresent(r -> n.put("unavailable_reason", r));
        // the I/O threads' own counts, fio's ctx, minf and majf; absent where not counted
        c.ioThreadEvents().ifPresent(e -> {
            n.put("ctx", e.contextSwitches());
            n.put("minf", e.minorFaults());
            n.put("majf", e.majorFaults());
        });
        return n;
    }

    static ObjectNode job(String name, String kind, String startedAt) {
        ObjectNode n = NODES.objectNode();
        n.put("jobname", name);
        n.put("kind", kind);
        n.put("started_at", startedAt);
        return n;
    }

    static ObjectNode pass(PassResult p) {
        ObjectNode n = NODES.objectNode();
        long runtime = p.samples().stream().mapToLong(Sample::elapsedNanos).sum();
        n.put("io_bytes", p.totalBytes());
        n.put("runtime_ns", runtime);
        n.set("bw_bytes", rate(p.overall().bytesPerSecond()));
        n.set("bw_bytes_median", rate(p.median().bytesPerSecond()));
        n.set("bw_bytes_min", rate(p.min().bytesPerSecond()));
        n.set("bw_bytes_max", rate(p.max().bytesPerSecond()));
        n.set("bw_bytes_mean", rate(p.mean().bytesPerSecond()));
        n.set("bw_bytes_stddev", rate(p.standardDeviation().bytesPerSecond()));
        n.put("total_ios", p.totalIos());
        n.set("iops", decimal(p.totalIos() == 0 ? Double.NaN : p.overallIops()));
        n.set("iops_median", decimal(p.totalIos() == 0 ? Double.NaN : p.medianIops()));
        n.set("slat_ns", latency(p.submissionLatency()));
        n.set("clat_ns", latency(p.completionLatency()));
        n.set("lat_ns", latency(p.latency()));
        n.set("warnings", warningNames(p.warnings()));
        ArrayNode runs = n.putArray("runs");
        for (Sample s : p.samples()) {
            runs.add(run(s));
        }
        n.set("not_the_drives", warningNames(p.notTheDrives()));
        n.set("verification", GenuineJson.verification(p.verification()));
        n.set("cache_cliff", GenuineJson.cacheCliff(p.cacheCliff()));
        n.set("rate_drop", GenuineJson.rateDrop(p.rateDrop()));
        n.set("stall", GenuineJson.stall(p.stall()));
        return n;
    }

    /** One run of a pass: its figures, timeline, cache handling, device counters and checks. */
    static ObjectNode run(Sample s) {
        ObjectNode run = NODES.objectNode();
        run.put("run", s.run());
        run.put("io_bytes", s.bytes());
        run.put("runtime_ns", s.elapsedNanos());
        run.set("bw_bytes", rate(s.throughput().bytesPerSecond()));
        run.put("total_ios", s.ios());
        run.set("iops", decimal(s.ios() == 0 ? Double.NaN : s.iops()));
        run.set("slat_ns", latency(s.latencies().submission()));
        run.set("clat_ns", latency(s.latencies().completion()));
        run.set("lat_ns", latency(s.latency()));
        run.set("timeline", timeline(s.timeline()));
        run.put("cache_handling", s.accounting().cacheHandling().name());
        run.set("device_io", s.accounting().deviceIo().map(JsonReport::deviceIo).orElse(null));
        run.set("verification", GenuineJson.verification(s.findings().verification()));
        run.set("cache_cliff", GenuineJson.cacheCliff(s.findings().cacheCliff()));
        run.set("rate_drop", GenuineJson.rateDrop(s.findings().rateDrop()));
        run.set("stall", GenuineJson.stall(s.findings().stall()));
        return run;
    }

    /** What the block device under the target moved during a run (its kernel counters). */
    private static ObjectNode deviceIo(DeviceIo d) {
        ObjectNode n = NODES.objectNode();
        n.put("device", d.deviceName());
        n.put("read_bytes", d.readBytes());
        n.put("read_ios", d.readRequests());
        n.put("write_bytes", d.writeBytes());
        n.put("write_ios", d.writeRequests());
        ArrayNode flushes = n.putArray("flushes");
        for (DiskFlushes f : d.flushes()) {
            ObjectNode disk = flushes.addObject();
            disk.put("device", f.deviceName());
            put(disk, "write_cache", f.writeCache().map(BlockDevice.WriteCache::sysfsText));
            disk.set("fua", f.fua().map(NODES::booleanNode).orElse(null));
            disk.put("write_bytes", f.writeBytes());
            put(disk, "flush_ios", f.flushRequests());
        }
        return n;
    }

    /**
     * One of fio's latencies ({@code slat_ns}, {@code clat_ns}, {@code lat_ns}, fio's meaning):
     * min, max, mean, stddev, N and the percentiles; nulls, N 0 and no percentiles where not
     * measured.
     */
    private static ObjectNode latency(LatencyStats l) {
        ObjectNode n = NODES.objectNode();
        n.set("min", l.count() == 0 ? null : NODES.numberNode(l.minNanos()));
        n.set("max", l.count() == 0 ? null : NODES.numberNode(l.maxNanos()));
        n.set("mean", decimal(l.meanNanos()));
        n.set("stddev", decimal(l.standardDeviationNanos()));
        n.put("N", l.count());
        ObjectNode percentiles = n.putObject("percentile");
        for (Map.Entry<Double, Long> e : l.fioPercentilesNanos().entrySet()) {
            percentiles.put(percentileKey(e.getKey()), e.getValue());
        }
        return n;
    }

    /**
     * {@return fio's key for it: {@code "99.900000"}}
     *
     * @param percentile for example 99.9
     */
    public static String percentileKey(double percentile) {
        return String.format(Locale.ROOT, "%f", percentile);
    }

    private static ObjectNode timeline(Timeline t) {
        ObjectNode n = NODES.objectNode();
        n.put("interval_ns", t.intervalNanos());
        ArrayNode points = n.putArray("points");
        for (TimelinePoint p : t.points()) {
            ObjectNode point = points.addObject();
            point.put("start_ns", p.startNanos());
            point.put("end_ns", p.endNanos());
            point.put("io_bytes", p.bytes());
            point.put("total_ios", p.ios());
        }
        return n;
    }

    private static ObjectNode requirement(RequirementCheck c) {
        ObjectNode n = NODES.objectNode();
        n.put("name", c.requirement().name());
        n.put("source", c.requirement().source().orElse(""));
        n.put("passed", c.passed());
        n.put("verdict", c.outcome().name().toLowerCase(Locale.ROOT));
        ArrayNode results = n.putArray("results");
        for (RequirementCheck.Result r : c.results()) {
            ObjectNode o = results.addObject();
            o.put("criterion", r.criterion().name().toLowerCase(Locale.ROOT));
            o.put("status", status(r.status()));
            o.put("not_judged", r.whyNotJudged().map(w -> w.name().toLowerCase(Locale.ROOT))
                    .orElse(null));
            o.put("unit", unit(r.criterion()));
            o.set("percentile", decimal(r.latencyPercentile()));
            o.set("required", decimal(r.required()));
            o.set("measured", decimal(r.measured()));
            o.set("margin_ratio", decimal(r.marginRatio()));
            o.set("cgroup_limit", r.cgroupLimit().map(CgroupJson::ioLimit).orElse(null));
        }
        return n;
    }

    /**
     * {@return the unit of its figures in the JSON and CSV output: {@code bytes_per_second},
     * {@code iops} or {@code ns}}
     *
     * @param c a criterion
     */
    public static String unit(io.github.drivespeed.requirement.StorageRequirement.Criterion c) {
        switch (c.unit()) {
            case BYTES_PER_SECOND:
                return "bytes_per_second";
            case IOS_PER_SECOND:
                return "iops";
            default:
                return "ns";
        }
    }

    /**
     * {@return a criterion's status in the JSON output: {@code passed}, {@code failed} or
     * {@code not_judged}}
     *
     * @param s a status
     */
    static String status(RequirementCheck.Status s) {
        switch (s) {
            case MET:
                return "passed";
            case NOT_MET:
                return "failed";
            default:
                return "not_judged";
        }
    }

    static ArrayNode warningNames(Collection<Warning> warnings) {
        ArrayNode a = NODES.arrayNode();
        warnings.stream().sorted().forEach(w -> a.add(w.name()));
        return a;
    }

    static ArrayNode warningDetails(Collection<Warning> warnings) {
        return warningDetails(warnings, List.of());
    }

    /**
     * The warnings with their messages; {@code LEFTOVER_REMOVED} also with {@code removed}, the
     * path and size in bytes of each test file of an earlier run removed before measuring.
     */
    static ArrayNode warningDetails(Collection<Warning> warnings, List<RemovedLeftover> removed) {
        ArrayNode a = NODES.arrayNode();
        warnings.stream().sorted().forEach(w -> {
            ObjectNode n = a.addObject().put("name", w.name()).put("message", w.message());
            if (w == Warning.LEFTOVER_REMOVED) {
                ArrayNode files = n.putArray("removed");
                removed.forEach(r -> files.addObject().put("path", r.path().toString())
                        .put("bytes", r.bytes()));
            }
        });
        return a;
    }

    private static ArrayNode strings(Collection<String> values) {
        ArrayNode a = NODES.arrayNode();
        values.forEach(a::add);
        return a;
    }

    /** A rate in whole bytes (or bits, transfers) per second; null when not available. */
    static com.fasterxml.jackson.databind.JsonNode rate(double perSecond) {
        return Double.isFinite(perSecond) ? NODES.numberNode(Math.round(perSecond)) : null;
    }

    /** Six decimals, as fio's {@code %f}; null when not available. */
    static com.fasterxml.jackson.databind.JsonNode decimal(double value) {
        return Double.isFinite(value) ? NODES.numberNode(Numbers.sixDecimals(value)) : null;
    }

    static void put(ObjectNode n, String key, Optional<String> value) {
        n.set(key, value.map(NODES::textNode).orElse(null));
    }

    static void put(ObjectNode n, String key, OptionalLong value) {
        n.set(key, value.isPresent() ? NODES.numberNode(value.getAsLong()) : null);
    }

    private static void put(ObjectNode n, String key, OptionalInt value) {
        n.set(key, value.isPresent() ? NODES.numberNode(value.getAsInt()) : null);
    }
}
