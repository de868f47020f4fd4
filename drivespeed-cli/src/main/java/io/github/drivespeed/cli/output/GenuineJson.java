package io.github.drivespeed.cli.output;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.drivespeed.report.medium.CacheCliff;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.medium.DataLossKind;
import io.github.drivespeed.report.medium.FirstLoss;
import io.github.drivespeed.report.medium.RateDrop;
import io.github.drivespeed.report.medium.Stall;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.report.medium.Verification;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The JSON of what {@link JsonReport} writes about genuine media: read-back verifications, write
 * cache cliffs, and the sustained-write, capacity-check and capacity-probe jobs. Same rules as
 * {@link JsonReport}: raw units named in the key (bytes, bytes per second as fio's
 * {@code bw_bytes}, nanoseconds, offsets in bytes from the start of the file, fill or device),
 * {@code null} for what is not there, every key always present.
 */
final class GenuineJson {

    private static final JsonNodeFactory NODES = new JsonNodeFactory(true);

    private GenuineJson() {
    }

    /** What a read-back check found; null when there was none. */
    static JsonNode verification(Optional<Verification> check) {
        if (check.isEmpty()) {
            return NullNode.getInstance();
        }
        Verification v = check.get();
        ObjectNode n = NODES.objectNode();
        n.put("checked_bytes", v.checkedBytes());
        n.put("lost_bytes", v.lostBytes());
        n.put("data_lost", v.hasLoss());
        firstLoss(n, v.firstLoss());
        ObjectNode byKind = n.putObject("lost_bytes_by_kind");
        for (Map.Entry<DataLossKind, Long> e : v.lostBytesByKind().entrySet()) {
            byKind.put(e.getKey().name(), e.getValue());
        }
        return n;
    }

    /** Where a write pass's rate fell and stayed low, and which cache filled; null when it did not. */
    static JsonNode cacheCliff(Optional<CacheCliff> found) {
        if (found.isEmpty()) {
            return NullNode.getInstance();
        }
        ObjectNode n = drop(found.get().drop());
        n.put("cause", found.get().cause().name());
        return n;
    }

    /** Where a read pass's rate fell and stayed low; null when it did not. */
    static JsonNode rateDrop(Optional<RateDrop> found) {
        return found.<JsonNode>map(GenuineJson::drop).orElse(NullNode.getInstance());
    }

    private static ObjectNode drop(RateDrop d) {
        ObjectNode n = NODES.objectNode();
        n.put("before_drop_bytes", d.bytesBeforeDrop());
        n.put("before_drop_ns", d.nanosBeforeDrop());
        n.set("bw_bytes_before", JsonReport.rate(d.bytesPerSecondBefore()));
        n.set("bw_bytes_after", JsonReport.rate(d.bytesPerSecondAfter()));
        n.set("drop_factor", JsonReport.decimal(d.dropFactor()));
        return n;
    }

    /** A pass's longest time without a completed block, when it was a stall; null otherwise. */
    static JsonNode stall(Optional<Stall> found) {
        if (found.isEmpty()) {
            return NullNode.getInstance();
        }
        Stall x = found.get();
        ObjectNode n = NODES.objectNode();
        n.put("no_progress_ns", x.noProgressNanos());
        n.put("started_at_ns", x.startedAtNanos());
        n.put("offset_bytes", x.offsetBytes());
        n.put("median_block_ns", x.medianBlockNanos());
        n.put("worst_block_ns", x.worstBlockNanos());
        return n;
    }

    /** A sustained write: the parameters, the write pass as one run, and the figures. */
    static ObjectNode sustainedJob(String name, SustainedReport r) {
        ObjectNode n = JsonReport.job(name, "sustained", r.startedAt().toString());
        ObjectNode params = n.putObject("parameters");
        params.put("bs_bytes", r.blockSize().bytes());
        params.put("direct", r.direct());
        params.put("idle_before_ns", r.parameters().idleFirst().toNanos());
        params.set("size_bytes", r.parameters().size()
                .map(s -> NODES.numberNode(s.bytes())).orElse(null));
        params.put("runtime_ns", r.parameters().duration().toNanos());
        params.put("steady_for_ns", r.parameters().steadyFor().toNanos());
        n.putNull("ioengine");
        n.set("warnings", JsonReport.warningNames(r.warnings()));
        n.set("io_limits_reached", CgroupJson.reached(r.ioLimitsReached()));
        ObjectNode s = n.putObject("sustained");
        s.put("stop", r.stop().name());
        s.put("cache_exceeded", r.cacheExceeded());
        s.set("bw_bytes_burst", JsonReport.rate(r.burst().bytesPerSecond()));
        s.set("cache_bytes", r.cacheBytes().isPresent()
                ? NODES.numberNode(r.cacheBytes().getAsLong()) : null);
        s.set("bw_bytes_sustained", r.sustained().map(t -> JsonReport.rate(t.bytesPerSecond()))
                .orElse(null));
        s.put("idle_before_ns", r.parameters().idleFirst().toNanos());
        n.set("write", JsonReport.run(r.write()));
        return n;
    }

    /** A directory's capacity check (f3write + f3read). */
    static ObjectNode capacityCheckJob(String name, CapacityCheckReport r) {
        ObjectNode n = JsonReport.job(name, "capacity_check", r.startedAt().toString());
        ObjectNode params = n.putObject("parameters");
        params.put("file_bytes", r.fill().fileBytes());
        params.put("direct", r.fill().direct());
        params.set("size_bytes", r.parameters().size()
                .map(s -> NODES.numberNode(s.bytes())).orElse(null));
        params.set("runtime_ns", r.parameters().duration()
                .map(d -> NODES.numberNode(d.toNanos())).orElse(null));
        n.set("warnings", JsonReport.warningNames(r.warnings()));
        ObjectNode c = n.putObject("capacity_check");
        c.put("passed", r.passed());
        c.put("verified", r.verified());
        c.put("read_handling", r.readBack().readHandling().name());
        c.put("written_bytes", r.fill().writtenBytes());
        c.put("files", r.fill().files());
        c.put("stop", r.fill().stop().name());
        c.put("usable_bytes", r.usableBytes());
        c.put("lost_bytes", r.lostBytes());
        c.put("write_ns", r.fill().writeNanos());
        c.put("read_ns", r.readBack().readNanos());
        c.put("elapsed_ns", r.elapsedNanos());
        c.set("bw_bytes_write", JsonReport.rate(r.write().bytesPerSecond()));
        c.set("bw_bytes_read", JsonReport.rate(r.read().bytesPerSecond()));
        c.set("verification", verification(Optional.of(r.readBack().verification())));
        c.put("close_failures_after_loss", r.readBack().closeFailuresAfterLoss());
        return n;
    }

    /** A block device's destructive capacity probe (f3probe). */
    static ObjectNode capacityProbeJob(String name, CapacityProbeReport r) {
        ObjectNode n = JsonReport.job(name, "capacity_probe", r.startedAt().toString());
        ObjectNode params = n.putObject("parameters");
        params.put("device", r.device().toString());
        params.put("unit_bytes", r.effort().unitBytes());
        params.put("cache_bound_bytes", r.parameters().cacheBound().bytes());
        params.put("force", r.parameters().force());
        n.set("warnings", JsonReport.warningNames(r.warnings()));
        ObjectNode p = n.putObject("capacity_probe");
        p.put("genuine", r.genuine());
        p.put("medium_kind", r.kind().name().toLowerCase(Locale.ROOT));
        p.put("claimed_bytes", r.claimedBytes());
        p.put("usable_bytes", r.usableBytes());
        p.put("missing_bytes", r.missingBytes());
        p.set("wrap_period_bytes", offset(r.wrapPeriodBytes()));
        firstLoss(p, r.loss().firstLoss());
        p.put("lost_bytes", r.loss().lostBytes());
        ArrayNode ranges = p.putArray("bad_ranges");
        r.loss().badRanges().forEach(b -> ranges.addObject().put("offset_bytes", b.offsetBytes())
                .put("bytes", b.lengthBytes()));
        p.set("first_write_failure_offset_bytes", offset(r.loss().firstWriteFailureOffsetBytes()));
        p.put("cache_ruled_out_bytes", r.cacheRuledOutBytes());
        p.set("cache_estimate", r.cacheEstimate().map(c -> (JsonNode) NODES.objectNode()
                .put("bytes", c.bytes()).put("precision_bytes", c.precisionBytes())
                .put("searched_bytes", c.searchedBytes()).put("at_least", c.atLeast()))
                .orElse(NullNode.getInstance()));
        p.put("written_bytes", r.effort().writtenBytes());
        p.put("read_bytes", r.effort().readBytes());
        p.put("rounds", r.effort().rounds());
        p.put("elapsed_ns", r.effort().elapsedNanos());
        return n;
    }

    /** The first loss's offset, kind and found offset; nulls when there was none. */
    private static void firstLoss(ObjectNode n, Optional<FirstLoss> first) {
        n.set("first_bad_offset_bytes", first.<JsonNode>map(f -> NODES.numberNode(f.offsetBytes()))
                .orElse(NullNode.getInstance()));
        n.set("first_bad_kind", first.<JsonNode>map(f -> NODES.textNode(f.kind().name()))
                .orElse(NullNode.getInstance()));
        n.set("first_bad_found_offset_bytes", offset(first.map(FirstLoss::foundOffsetBytes)
                .orElse(OptionalLong.empty())));
    }

    private static JsonNode offset(OptionalLong bytes) {
        return bytes.isPresent() ? NODES.numberNode(bytes.getAsLong()) : NullNode.getInstance();
    }
}
