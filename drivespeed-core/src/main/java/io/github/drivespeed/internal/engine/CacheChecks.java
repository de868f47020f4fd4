package io.github.drivespeed.internal.engine;

import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.warning.Warning;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** The warnings a read pass's samples call for: what was done about the cache, and what the device moved. */
final class CacheChecks {

    private CacheChecks() {
    }

    /**
     * @param kind the pass the samples belong to
     * @param samples one per run
     * @return {@link Warning#READ_MAY_INCLUDE_PAGE_CACHE} when a run could not keep the page cache
     *     out; {@link Warning#READ_SERVED_FROM_CACHE} when a run's device moved less than
     *     90 % of the bytes it read ({@link Sample#servedFromCache})
     */
    static Set<Warning> readWarnings(PassKind kind, List<Sample> samples) {
        Set<Warning> w = EnumSet.noneOf(Warning.class);
        for (Sample s : samples) {
            if (s.cacheHandling().mayIncludeCache()) {
                w.add(Warning.READ_MAY_INCLUDE_PAGE_CACHE);
            }
            if (s.servedFromCache(kind)) {
                w.add(Warning.READ_SERVED_FROM_CACHE);
            }
        }
        return w;
    }
}
