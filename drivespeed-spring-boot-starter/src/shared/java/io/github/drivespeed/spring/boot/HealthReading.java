package io.github.drivespeed.spring.boot;

import io.github.drivespeed.micrometer.Measurement;
import io.github.drivespeed.micrometer.MeasurementSchedule;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.requirement.Measurements;
import io.github.drivespeed.requirement.RequirementCheck;
import io.github.drivespeed.requirement.StorageRequirement;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Files;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What {@link DriveSpeedHealthIndicator} reports on one directory, apart from Spring Boot's
 * health API (which differs between Boot 3 and Boot 4): a status name ({@code UP},
 * {@code DOWN} or {@code UNKNOWN}), the details in order, and the last measurement's failure,
 * if that is why it is DOWN. The indicator's javadoc describes each.
 *
 * @param status Spring Boot's status code
 * @param details the details, in the order they are shown
 * @param failure why the last measurement failed, when it is the status's reason
 */
record HealthReading(String status, Map<String, Object> details, Optional<Exception> failure) {

    private static final String UP = "UP";
    private static final String DOWN = "DOWN";
    private static final String UNKNOWN = "UNKNOWN";

    HealthReading {
        details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
    }

    /**
     * Reads {@code schedule}'s last measurement against {@code threshold}; never measures.
     */
    static HealthReading of(MeasurementSchedule schedule, Optional<StorageRequirement> threshold) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("path", schedule.target().toString());
        threshold.ifPresent(t -> details.put("threshold", t.toString()));
        if (!Files.isDirectory(schedule.target())) {
            details.put("exists", false);
            return new HealthReading(DOWN, details, Optional.empty());
        }
        details.put("exists", true);
        Optional<Measurement> last = schedule.latest();
        if (last.isEmpty()) {
            Optional<Exception> failure = schedule.lastFailure();
            if (failure.isEmpty()) {
                details.put("outcome", "not measured yet");
            }
            return new HealthReading(failure.isPresent() ? DOWN : UNKNOWN, details, failure);
        }
        Measurement m = last.get();
        details.put("outcome", m.outcome().tagValue());
        details.put("write", m.sequential().write().median().toString());
        details.put("read", m.sequential().read().median().toString());
        details.put("randomRead", m.randomReads().map(HealthReading::iops).orElse("not measured"));
        details.put("measuredAt", m.finishedAt().toString());
        details.put("warnings", warnings(m));
        if (threshold.isEmpty()) {
            return new HealthReading(UP, details, Optional.empty());
        }
        RequirementCheck check = threshold.get()
                .check(Measurements.of(m.sequential()).with(m.workload()));
        RequirementCheck.Outcome verdict = check.outcome();
        details.put("verdict", verdict.name().toLowerCase(Locale.ROOT));
        String status = UP;
        if (verdict == RequirementCheck.Outcome.NOT_MET) {
            status = DOWN;
            details.put("failures", lines(check.failures()));
        } else if (verdict == RequirementCheck.Outcome.NOT_JUDGED) {
            status = UNKNOWN;
        }
        if (verdict != RequirementCheck.Outcome.MET) {
            details.put("notJudged", lines(check.notJudged()));
        }
        return new HealthReading(status, details, Optional.empty());
    }

    private static List<String> lines(List<RequirementCheck.Result> results) {
        return results.stream().map(Object::toString).toList();
    }

    private static String iops(PassResult reads) {
        return String.format(Locale.ROOT, "%.0f IOPS", reads.medianIops());
    }

    private static List<String> warnings(Measurement m) {
        Set<Warning> all = EnumSet.noneOf(Warning.class);
        all.addAll(m.sequential().warnings());
        all.addAll(m.workload().warnings());
        return all.stream().map(Warning::name).toList();
    }
}
