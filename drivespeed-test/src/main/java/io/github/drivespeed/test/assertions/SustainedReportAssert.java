package io.github.drivespeed.test.assertions;

import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.requirement.Measurements;
import io.github.drivespeed.requirement.StorageRequirement;
import io.github.drivespeed.warning.Warning;
import java.util.Set;

/**
 * Assertions on a sustained write's {@link SustainedReport}: its warnings and requirements, the SD
 * classes among them, which are judged on its sustained rate.
 *
 * <pre>{@code
 * assertThat(DriveSpeed.sustained(cardDir).run()).meets("V30");
 * }</pre>
 *
 * @since 0.1.0
 */
public final class SustainedReportAssert
        extends AbstractWarningsAssert<SustainedReportAssert, SustainedReport> {

    SustainedReportAssert(SustainedReport actual) {
        super(actual, SustainedReportAssert.class, actual == null ? "the sustained write"
                : "the sustained write on " + actual.target().directory());
    }

    @Override
    protected Set<Warning> warningsOf(SustainedReport report) {
        return report.warnings();
    }

    /**
     * Checks the report against a requirement: a sustained write minimum (every SD class) takes
     * its {@linkplain SustainedReport#sustained() sustained rate}, and is not judged where the
     * write shows none (a smaller size or time cut it short with no drop), which fails this,
     * saying so.
     *
     * @param requirement what the drive must do
     * @return this assertion
     */
    public SustainedReportAssert meets(StorageRequirement requirement) {
        isNotNull();
        new RequirementCheckAssert(requirement.check(Measurements.of(actual)), subject())
                .hasPassed();
        return myself;
    }

    /**
     * Checks that the report meets a requirement given as text.
     *
     * @param requirement as {@link StorageRequirement#parse} reads it: {@code V30},
     *     {@code sustained=25MB/s}
     * @return this assertion
     * @throws IllegalArgumentException if the text is not a requirement
     */
    public SustainedReportAssert meets(String requirement) {
        return meets(StorageRequirement.parse(requirement));
    }
}
