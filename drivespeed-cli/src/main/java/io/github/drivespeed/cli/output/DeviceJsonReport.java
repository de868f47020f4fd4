package io.github.drivespeed.cli.output;

import static io.github.drivespeed.cli.output.JsonReport.NODES;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.drivespeed.parameters.DeviceParameters;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.target.BlockDevice;
import java.io.IOException;
import java.io.Writer;

/**
 * Writes a {@link DeviceReport} (the device test, {@code drivespeed /dev/sdX --json}) as JSON with
 * the conventions and the keys of {@link JsonReport} (schema version
 * {@value JsonReport#SCHEMA_VERSION}): raw units, the unit in the key, {@code null} for what could
 * not be computed, every key always present, the same text in every locale. The document has the
 * directory test's shape: {@code target} (here the device), {@code backend}, one job of kind
 * {@code device} with its passes, {@code warnings}, {@code requirement} (always null).
 */
public final class DeviceJsonReport {

    private DeviceJsonReport() {
    }

    /**
     * Writes the report, then a newline.
     *
     * @param report the device test's report
     * @param generator the program and version, for example {@code drivespeed 0.1.0}
     * @param out where to; not closed
     * @throws IOException if writing fails
     */
    public static void write(DeviceReport report, String generator, Writer out)
            throws IOException {
        JsonReport.WRITER.without(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                .writeValue(out, toTree(report, generator));
        out.write('\n');
        out.flush();
    }

    /**
     * {@return the device test's JSON document (schema 1)}
     *
     * @param r the device test's report
     * @param generator the program and version
     */
    public static ObjectNode toTree(DeviceReport r, String generator) {
        ObjectNode doc = NODES.objectNode();
        doc.put("schema_version", JsonReport.SCHEMA_VERSION);
        doc.put("generator", generator);
        ObjectNode target = doc.putObject("target");
        target.put("device", r.device().toString());
        target.put("size_bytes", r.sizeBytes());
        target.put("logical_block_size_bytes", r.logicalBlockBytes());
        target.put("rest_bytes", r.sizeBytes() % r.parameters().blockSize().bytes());
        target.set("read_only", r.blockDevice().flatMap(BlockDevice::readOnly)
                .map(NODES::booleanNode).orElse(null));
        target.set("block_device", r.blockDevice().map(JsonReport::device).orElse(null));
        target.set("link", r.link().map(JsonReport::link).orElse(null));
        target.set("cgroup_limits", CgroupJson.limits(r.target().cgroupLimits()));
        doc.set("backend", JsonReport.backend(r.backend()));
        doc.putArray("jobs").add(job("device", r));
        doc.set("warnings", JsonReport.warningDetails(r.warnings()));
        doc.putNull("requirement");
        return doc;
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
