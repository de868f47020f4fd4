package io.github.drivespeed.test.assertions;

import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.requirement.StorageRequirement;
import io.github.drivespeed.warning.Warning;
import java.util.Set;

/**
 * Assertions on a sequential {@link SpeedReport}: its passes, its warnings (the target's and
 * both passes'), and requirements.
 *
 * <pre>{@code
 * assertThat(report).hasNoWarning(Warning.READ_MAY_INCLUDE_PAGE_CACHE)
 *         .meets("write=10MB/s,read=20MB/s")
 *         .write().median().isAtLeast(megabytesPerSecond(30));
 * }</pre>
 *
 * @since 0.1.0
 */
public final class SpeedReportAssert extends AbstractWarningsAssert<SpeedReportAssert, SpeedReport> {

    SpeedReportAssert(SpeedReport actual) {
        super(actual, SpeedReportAssert.class, actual == null ? "the report"
                : "the report on " + actual.target().directory());
    }

    @Override
    protected Set<Warning> warningsOf(SpeedReport report) {
        return report.warnings();
    }

    /** {@return assertions on the write pass} */
    public PassResultAssert write() {
        isNotNull();
        return new PassResultAssert(actual.write(), "the write pass on "
                + actual.target().directory());
    }

    /** {@return assertions on the read pass} */
    public PassResultAssert read() {
        isNotNull();
        return new PassResultAssert(actual.read(), "the read pass on "
                + actual.target().directory());
    }

    /**
     * Checks the report against a requirement; a figure the report flags as not the drive's
     * never satisfies one, and an SD class (a sustained write minimum) is judged only where the
     * write pass went past the drive's write cache (see {@link StorageRequirement#check(SpeedReport)}):
     * a requirement not judged fails this, saying so.
     *
     * @param requirement what the drive must do
     * @return this assertion
     */
    public SpeedReportAssert meets(StorageRequirement requirement) {
        isNotNull();
        new RequirementCheckAssert(requirement.check(actual), subject()).hasPassed();
        return myself;
    }

    /**
     * Checks that the report meets a requirement given as text.
     *
     * @param requirement a requirement as {@link StorageRequirement#parse} reads it:
     *     {@code write=30MB/s}, {@code C10}, {@code V30,A1}
     * @return this assertion
     * @throws IllegalArgumentException if the text is not a requirement
     */
    public SpeedReportAssert meets(String requirement) {
        return meets(StorageRequirement.parse(requirement));
    }
}
