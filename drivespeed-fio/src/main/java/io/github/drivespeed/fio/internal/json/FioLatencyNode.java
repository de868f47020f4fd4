package io.github.drivespeed.fio.internal.json;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.drivespeed.report.FioLatencyBins;
import io.github.drivespeed.report.LatencyStats;
import java.util.List;
import java.util.Map;

/**
 * One of fio's latency objects ({@code add_ddir_lat_json}): {@code min}, {@code max},
 * {@code mean}, {@code stddev} and {@code N} in nanoseconds, zeros where nothing was timed; with
 * percentiles, fio's default list computed fio's way over fio's bins; with json+ also the bins.
 */
final class FioLatencyNode {

    private FioLatencyNode() {
    }

    /**
     * @param l the distribution
     * @param percentiles the percentages fio would print for this latency (by default only for
     *     clat; for lat where clat is not measured), or none
     * @param plus json+: add the bins (where percentiles are printed, as fio)
     * @return the object
     */
    static ObjectNode of(LatencyStats l, List<Double> percentiles, boolean plus) {
        ObjectNode o = FioNodes.object();
        boolean any = l.count() > 0;
        o.put("min", any ? l.minNanos() : 0);
        o.put("max", any ? l.maxNanos() : 0);
        o.set("mean", FioNodes.decimal(any ? l.meanNanos() : 0));
        o.set("stddev", FioNodes.decimal(l.count() > 1 ? l.standardDeviationNanos() : 0));
        o.put("N", l.count());
        if (!percentiles.isEmpty() && any) {
            FioLatencyBins bins = l.fioBins();
            ObjectNode p = o.putObject("percentile");
            for (Map.Entry<Double, Long> e : bins.percentilesNanos(percentiles)
                    .entrySet()) {
                p.put(String.format(java.util.Locale.ROOT, "%f", e.getKey()), e.getValue());
            }
            if (plus) {
                ObjectNode b = o.putObject("bins");
                bins.countsByValueNanos().forEach((value, count) -> b.put(Long.toString(value), count));
            }
        }
        return o;
    }
}
