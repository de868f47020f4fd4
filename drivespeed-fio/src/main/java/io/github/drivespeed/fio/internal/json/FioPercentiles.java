package io.github.drivespeed.fio.internal.json;

import io.github.drivespeed.report.LatencyStats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which latencies fio lists percentiles (and json+ bins) of, and at which percentages (fio's
 * {@code slat_percentiles}, {@code clat_percentiles}, {@code lat_percentiles} and
 * {@code percentile_list}, HOWTO "Measurements and reporting"): by default clat's, at fio's
 * default list.
 *
 * @param slat whether slat's are listed
 * @param clat whether clat's are listed
 * @param lat whether lat's are listed
 * @param list the percentages
 */
record FioPercentiles(boolean slat, boolean clat, boolean lat, List<Double> list) {

    /** fio's defaults: clat's percentiles at fio's default list. */
    static final FioPercentiles DEFAULT = new FioPercentiles(false, true, false,
            LatencyStats.FIO_PERCENTILES);

    FioPercentiles {
        list = List.copyOf(list);
    }

    /**
     * {@return the settings a job's options give: its own over the global ones, as fio applies
     * them; values were checked when the job was read}
     *
     * @param global the global options as written
     * @param own the job's own options as written
     */
    static FioPercentiles of(Map<String, String> global, Map<String, String> own) {
        Map<String, String> o = new LinkedHashMap<>(global);
        o.putAll(own);
        List<Double> list = DEFAULT.list();
        String given = o.get("percentile_list");
        if (given != null) {
            list = new ArrayList<>();
            for (String p : given.split(":")) {
                list.add(Double.parseDouble(p));
            }
        }
        return new FioPercentiles("1".equals(o.get("slat_percentiles")),
                !"0".equals(o.get("clat_percentiles")), "1".equals(o.get("lat_percentiles")),
                list);
    }
}
