package io.github.drivespeed.cli.output;

import static io.github.drivespeed.cli.output.JsonReport.NODES;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.parameters.DeviceParameters;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.target.BlockDevice;

/**
 * What is particular to a {@link DeviceReport} (the device test, {@code drivespeed /dev/sdX
 * --json}) in the JSON of {@link JsonReport}, with its conventions and keys: the document has the
 * directory test's shape, its {@code target} the device ({@link #target(Results)}), its one job of
 * kind {@code device} with its passes ({@link #job(String, DeviceReport)}).
 */
public final class DeviceJsonReport {

    private DeviceJsonReport() {
    }

    /**
     * {@return the {@code target} of a device test's document: the device of its job (a device
     * test is its results' only job); null when no job is a device test}
     *
     * @param results what was measured
     */
    static JsonNode target(Results results) {
        return results.jobs().stream().map(Results.Job::report)
                .filter(DeviceReport.class::isInstance).map(DeviceReport.class::cast).findFirst()
                .map(DeviceJsonReport::target).orElse(null);
    }

    private static JsonNode target(DeviceReport r) {
        ObjectNode target = NODES.objectNode();
        target.put("device", r.device().toString());
        target.put("size_bytes", r.sizeBytes());
        target.put("logical_block_size_bytes", r.logicalBlockBytes());
        target.put("rest_bytes", r.sizeBytes() % r.parameters().blockSize().bytes());
        target.set("read_only", r.blockDevice().flatMap(BlockDevice::readOnly)
                .map(NODES::booleanNode).orElse(null));
        target.set("block_device", r.blockDevice().map(JsonReport::device).orElse(null));
        target.set("link", r.link().map(JsonReport::link).orElse(null));
        target.set("cgroup_limits", CgroupJson.limits(r.target().cgroupLimits()));
        return target;
    }

    /**
     * @param name the job's name
     * @param r the device test's report
     * @return its job: parameters, warnings and passes, with the keys of a sequential job
     */
    static ObjectNode job(String name, DeviceReport r) {
        ObjectNode job = JsonReport.job(name, "device", r.startedAt().toString());
        DeviceParameters p = r.parameters();
        ObjectNode params = job.putObject("parameters");
        params.put("bs_bytes", p.blockSize().bytes());
        JsonReport.put(params, "count", p.count());
        params.put("time_based", p.timeBased());
        params.set("runtime_ns", p.duration().map(d -> NODES.numberNode(d.toNanos()))
                .orElse(null));
        params.put("runs", p.runs());
        params.put("direct", p.direct());
        params.put("write", p.write());
        params.put("force", p.force());
        params.put("verify", p.verify());
        params.put("drop_caches", p.dropCaches());
        params.set("cached_read_ns", JsonReport.nanos(p.cachedRead()));
        job.putNull("ioengine");
        job.set("warnings", JsonReport.warningNames(r.warnings()));
        job.set("io_limits_reached", CgroupJson.reached(r.ioLimitsReached()));
        job.set("read", JsonReport.pass(r.read()));
        job.set("write", r.write().map(JsonReport::pass).orElse(null));
        job.set("cached_read", r.cachedRead().map(JsonReport::pass).orElse(null));
        job.set("constant_fill", r.constantFill().map(f -> {
            ObjectNode fill = NODES.objectNode();
            fill.put("read_bytes", f.readBytes());
            fill.put("constant_bytes", f.constantBytes());
            ArrayNode byFill = fill.putArray("by_fill");
            f.bytesByFill().forEach((value, bytes) -> byFill.addObject().put("byte", value)
                    .put("bytes", bytes));
            return (JsonNode) fill;
        }).orElse(null));
        return job;
    }
}
