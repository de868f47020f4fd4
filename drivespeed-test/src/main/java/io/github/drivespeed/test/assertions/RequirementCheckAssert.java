package io.github.drivespeed.test.assertions;

import io.github.drivespeed.requirement.RequirementCheck;
import io.github.drivespeed.requirement.StorageRequirement;
import java.util.Optional;
import org.assertj.core.api.AbstractObjectAssert;

/**
 * Assertions on a {@link RequirementCheck}; a failure gives the verdict and lists every criterion
 * with its bound and the figure measured, in units ({@code failed: sequential write >= 30.0
 * MB/s (28.6 MiB/s): slowest measured 12.0 MB/s (11.4 MiB/s), 0.40x the minimum}), or why it was
 * not judged ({@code not judged: sustained write >= 30.0 MB/s (28.6 MiB/s): burst only: ...}).
 *
 * @since 0.1.0
 */
public final class RequirementCheckAssert
        extends AbstractObjectAssert<RequirementCheckAssert, RequirementCheck> {

    private final String subject;

    RequirementCheckAssert(RequirementCheck actual, String subject) {
        super(actual, RequirementCheckAssert.class);
        this.subject = subject;
    }

    /**
     * Checks that every criterion was judged and met ({@link RequirementCheck.Outcome#MET}). A
     * requirement not judged (a sustained class on a burst, figures left out as not the
     * drive's) fails this as one not met does, and the message says which it was.
     *
     * @return this assertion
     */
    public RequirementCheckAssert hasPassed() {
        isNotNull();
        if (actual.outcome() == RequirementCheck.Outcome.NOT_MET) {
            failWithMessage("Expecting %s to meet %s, but %d of %d criteria failed:%n%s", subject,
                    actual.requirement(), actual.failures().size(), actual.results().size(),
                    actual.toString().strip());
        } else if (actual.outcome() == RequirementCheck.Outcome.NOT_JUDGED) {
            failWithMessage("Expecting %s to meet %s, but it was not judged: %d of %d criteria"
                    + " could not be:%n%s", subject, actual.requirement(),
                    actual.notJudged().size(), actual.results().size(),
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
                && r.status() == RequirementCheck.Status.NOT_MET);
        if (!failed) {
            failWithMessage("Expecting %s to fail on %s, but it did not:%n%s", subject,
                    criterion.label(), actual.toString().strip());
        }
        return myself;
    }

    /**
     * Checks that the requirement was not judged ({@link RequirementCheck.Outcome#NOT_JUDGED}):
     * nothing failed, and a criterion could not be judged.
     *
     * @return this assertion
     */
    public RequirementCheckAssert isNotJudged() {
        isNotNull();
        if (actual.outcome() != RequirementCheck.Outcome.NOT_JUDGED) {
            failWithMessage("Expecting %s not to be judged on %s, but it was:%n%s", subject,
                    actual.requirement(), actual.toString().strip());
        }
        return myself;
    }

    /**
     * Checks that {@code criterion} was not judged, for the reason given.
     *
     * @param criterion for example {@link StorageRequirement.Criterion#SUSTAINED_WRITE}
     * @param why for example {@link RequirementCheck.NotJudged#BURST_ONLY}
     * @return this assertion
     */
    public RequirementCheckAssert hasNotJudged(StorageRequirement.Criterion criterion,
            RequirementCheck.NotJudged why) {
        isNotNull();
        boolean notJudged = actual.results().stream().anyMatch(r -> r.criterion() == criterion
                && r.whyNotJudged().equals(Optional.of(why)));
        if (!notJudged) {
            failWithMessage("Expecting %s to leave %s not judged (%s), but it did not:%n%s",
                    subject, criterion.label(), why.label(), actual.toString().strip());
        }
        return myself;
    }
}
