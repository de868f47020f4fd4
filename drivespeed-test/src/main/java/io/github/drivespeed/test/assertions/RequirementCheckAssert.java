package io.github.drivespeed.test.assertions;

import io.github.drivespeed.requirement.RequirementCheck;
import io.github.drivespeed.requirement.StorageRequirement;
import org.assertj.core.api.AbstractObjectAssert;

/**
 * Assertions on a {@link RequirementCheck}; a failure lists every criterion with its bound and
 * the figure measured, in units ({@code failed: sequential write >= 30.0 MB/s (28.6 MiB/s):
 * measured 12.0 MB/s (11.4 MiB/s), 0.40x the minimum}).
 */
public final class RequirementCheckAssert
        extends AbstractObjectAssert<RequirementCheckAssert, RequirementCheck> {

    private final String subject;

    RequirementCheckAssert(RequirementCheck actual, String subject) {
        super(actual, RequirementCheckAssert.class);
        this.subject = subject;
    }

    /**
     * Checks that every criterion was measured and met.
     *
     * @return this assertion
     */
    public RequirementCheckAssert hasPassed() {
        isNotNull();
        if (!actual.passed()) {
            failWithMessage("Expecting %s to meet %s, but %d of %d criteria did not:%n%s", subject,
                    actual.requirement(), actual.failures().size(), actual.results().size(),
                    actual.toString().strip());
        }
        return myself;
    }

    /**
     * Checks that {@code criterion} was measured and failed.
     *
     * @param criterion for example {@link StorageRequirement.Criterion#SEQUENTIAL_WRITE}
     * @return this assertion
     */
    public RequirementCheckAssert hasFailed(StorageRequirement.Criterion criterion) {
        isNotNull();
        boolean failed = actual.results().stream().anyMatch(r -> r.criterion() == criterion
                && r.status() == RequirementCheck.Status.FAILED);
        if (!failed) {
            failWithMessage("Expecting %s to fail on %s, but it did not:%n%s", subject,
                    criterion.label(), actual.toString().strip());
        }
        return myself;
    }
}
