package io.github.drivespeed.test.assertions;

import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.requirement.Measurements;
import io.github.drivespeed.requirement.StorageRequirement;
import io.github.drivespeed.warning.Warning;
import java.util.Optional;
import java.util.Set;

/**
 * Assertions on a {@link WorkloadReport}: its read and write directions (IOPS, throughput,
 * latency percentiles), its warnings and requirements.
 *
 * <pre>{@code
 * assertThat(workload).read().latency().percentile(99).isAtMost(Duration.ofMillis(5));
 * assertThat(workload).meets("randread=1500");
 * }</pre>
 *
 * @since 0.1.0
 */
public final class WorkloadReportAssert
        extends AbstractWarningsAssert<WorkloadReportAssert, WorkloadReport> {

    WorkloadReportAssert(WorkloadReport actual) {
        super(actual, WorkloadReportAssert.class, actual == null ? "the workload"
                : "the workload on " + actual.target().directory());
    }

    @Override
    protected Set<Warning> warningsOf(WorkloadReport report) {
        return report.warnings();
    }

    /** {@return assertions on the reads; fails if the workload did not read} */
    public PassResultAssert read() {
        return direction(actual == null ? Optional.empty() : actual.read(), "reads");
    }

    /** {@return assertions on the writes; fails if the workload did not write} */
    public PassResultAssert write() {
        return direction(actual == null ? Optional.empty() : actual.write(), "writes");
    }

    private PassResultAssert direction(Optional<PassResult> pass, String name) {
        isNotNull();
        if (pass.isEmpty()) {
            failWithMessage("Expecting %s to have measured %s, but it did not (%s)", subject(),
                    name, actual.parameters());
        }
        return new PassResultAssert(pass.get(), "the " + name + " of " + subject());
    }

    /**
     * Checks that the workload meets the requirement.
     *
     * @param requirement what the drive must do; the workload must hold the figures it bounds
     * @return this assertion
     */
    public WorkloadReportAssert meets(StorageRequirement requirement) {
        isNotNull();
        new RequirementCheckAssert(requirement.check(Measurements.of(actual)), subject())
                .hasPassed();
        return myself;
    }

    /**
     * Checks that the workload meets a requirement given as text.
     *
     * @param requirement as {@link StorageRequirement#parse} reads it: {@code randread=1500},
     *     {@code A1}
     * @return this assertion
     * @throws IllegalArgumentException if the text is not a requirement
     */
    public WorkloadReportAssert meets(String requirement) {
        return meets(StorageRequirement.parse(requirement));
    }
}
