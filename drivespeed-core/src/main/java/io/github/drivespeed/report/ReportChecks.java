package io.github.drivespeed.report;

import io.github.drivespeed.parameters.Parameters;
import io.github.drivespeed.report.text.ReportText;
import io.github.drivespeed.target.IoLimitReached;
import io.github.drivespeed.target.Target;
import io.github.drivespeed.warning.Warning;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What the reports' records share, written once: the checks of the values every report holds,
 * and the merge of a report's warnings from its target, its passes and the verdicts on its
 * figures.
 */
final class ReportChecks {

    private ReportChecks() {
    }

    /**
     * Checks the values every report holds.
     *
     * @param target what was measured
     * @param parameters the settings used
     * @param backend the I/O backend that ran
     * @param startedAt when the measurement started
     * @throws NullPointerException naming the value that is null
     */
    static void requireCommon(Target target, Parameters parameters, BackendInfo backend,
            Instant startedAt) {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(parameters, "parameters");
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(startedAt, "startedAt");
    }

    /**
     * A report's warnings: the target's, then every pass's (the cached-read pass's too), then the
     * report's own, then the verdicts on the figures ({@link Warning#LINK_LIMITED},
     * {@link Warning#ABOVE_LINK_CEILING}, {@link Warning#FASTER_THAN_CACHED_READS}) and
     * {@link Warning#CGROUP_IO_LIMIT} when a figure reached a cap of the process's cgroup.
     *
     * @param target what was measured
     * @param passes the passes whose figures are the drive's
     * @param cachedRead the cached-read pass, or empty
     * @param own the report's own warnings beyond its target's and passes'
     * @param ioLimitsReached the passes' figures held to a cap of the cgroup
     * @return the warnings in declaration order, unmodifiable
     */
    static Set<Warning> warnings(Target target, List<PassResult> passes,
            Optional<PassResult> cachedRead, Set<Warning> own,
            List<IoLimitReached> ioLimitsReached) {
        Set<Warning> all = EnumSet.noneOf(Warning.class);
        all.addAll(target.warnings());
        for (PassResult p : passes) {
            all.addAll(p.warnings());
        }
        cachedRead.ifPresent(c -> all.addAll(c.warnings()));
        all.addAll(own);
        all.addAll(ReportText.verdicts(target.link(), passes, cachedRead));
        if (!ioLimitsReached.isEmpty()) {
            all.add(Warning.CGROUP_IO_LIMIT);
        }
        return Collections.unmodifiableSet(all);
    }
}
