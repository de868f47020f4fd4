package io.github.drivespeed.test.assertions;

import io.github.drivespeed.warning.Warning;
import java.util.Objects;
import java.util.Set;
import org.assertj.core.api.AbstractObjectAssert;

/**
 * The warning checks every report assertion has: {@link #hasNoWarning(Warning)},
 * {@link #hasWarning(Warning)}, {@link #hasNoWarnings()}. A failure names the subject, the
 * warning and its message, and the warnings the report does carry.
 *
 * @param <SELF> the assertion type
 * @param <ACTUAL> the report type
 * @since 0.1.0
 */
public abstract class AbstractWarningsAssert<SELF extends AbstractWarningsAssert<SELF, ACTUAL>,
        ACTUAL> extends AbstractObjectAssert<SELF, ACTUAL> {

    private final String subject;

    /**
     * Assertions on a report's warnings.
     *
     * @param actual the report
     * @param selfType the assertion's class
     * @param subject what it is, for messages ({@code the write pass on /mnt/usb})
     */
    protected AbstractWarningsAssert(ACTUAL actual, Class<?> selfType, String subject) {
        super(actual, selfType);
        this.subject = subject;
    }

    /** {@return what the report is, for messages} */
    protected final String subject() {
        return subject;
    }

    /**
     * {@return the report's warnings, its target's included}
     *
     * @param report the report, not null
     */
    protected abstract Set<Warning> warningsOf(ACTUAL report);

    /**
     * Checks that the report does not carry {@code warning}.
     *
     * @param warning for example {@link Warning#READ_MAY_INCLUDE_PAGE_CACHE}
     * @return this assertion
     */
    public final SELF hasNoWarning(Warning warning) {
        Objects.requireNonNull(warning, "warning");
        isNotNull();
        if (warningsOf(actual).contains(warning)) {
            failWithMessage("Expecting %s to have no warning %s, but it has: %s (its warnings: %s)",
                    subject, warning, warning.message(), warningsOf(actual));
        }
        return myself;
    }

    /**
     * Checks that the report carries {@code warning}.
     *
     * @param warning for example {@link Warning#MEMORY_FILE_SYSTEM}
     * @return this assertion
     */
    public final SELF hasWarning(Warning warning) {
        Objects.requireNonNull(warning, "warning");
        isNotNull();
        if (!warningsOf(actual).contains(warning)) {
            failWithMessage("Expecting %s to have warning %s (%s), but its warnings are %s",
                    subject, warning, warning.message(), warningsOf(actual));
        }
        return myself;
    }

    /**
     * Checks that the report carries no warning at all: nothing known distorts its figures.
     *
     * @return this assertion
     */
    public final SELF hasNoWarnings() {
        isNotNull();
        Set<Warning> warnings = warningsOf(actual);
        if (!warnings.isEmpty()) {
            StringBuilder sb = new StringBuilder();
            for (Warning w : warnings) {
                sb.append("%n  ").append(w).append(": ").append(w.message().replace("%", "%%"));
            }
            failWithMessage("Expecting %s to have no warnings, but it has " + warnings.size()
                    + ":" + sb, subject);
        }
        return myself;
    }
}
