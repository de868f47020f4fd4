package io.github.drivespeed.report;

import io.github.drivespeed.report.medium.MediumKind;
import io.github.drivespeed.warning.Warning;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * What a report's figures are worth, in one word and the warnings that decided it: the drive's
 * own ({@link Outcome#MEASURED}), not the drive's ({@link Outcome#FLAGGED}: a cache served them,
 * or another process shared the drive), or beside the point because the medium lost data
 * ({@link Outcome#DATA_LOST}) or holds less than it claims ({@link Outcome#COUNTERFEIT}).
 * {@link Report#verdict()} derives it from what the report already knows; the command line's exit
 * code 1 for lost data is {@link #dataLost()}. Immutable.
 *
 * @param outcome the verdict
 * @param reasons the warnings that decided it, each one that
 *     {@linkplain Warning#figureNotTheDrives() marks a figure as not the drive's}; empty for
 *     {@link Outcome#MEASURED}
 * @since 0.1.0
 */
public record Verdict(Outcome outcome, Set<Warning> reasons) {

    /**
     * The verdicts, from the best to the worst.
     *
     * @since 0.1.0
     */
    public enum Outcome {
        /**
         * Every figure meant as the drive's is the drive's: nothing is known to have served it
         * from a cache or shared the drive (other warnings may still qualify a figure).
         */
        MEASURED,
        /**
         * A figure meant as the drive's is not: a cache served it or another process shared the
         * drive ({@link Warning#figureNotTheDrives()}). Requirements never take such a figure.
         */
        FLAGGED,
        /** Data read back differed from what was written ({@link Warning#DATA_LOSS}). */
        DATA_LOST,
        /**
         * The medium holds less than it claims: a capacity probe found it wraps around or drops
         * what is written past its real size ({@link MediumKind#WRAP}, {@link MediumKind#LIMBO}).
         */
        COUNTERFEIT
    }

    /** Every figure is the drive's. */
    public static final Verdict MEASURED = new Verdict(Outcome.MEASURED, Set.of());

    /**
     * Checks that the reasons fit the outcome.
     *
     * @param outcome the verdict
     * @param reasons the warnings that decided it
     * @throws IllegalArgumentException if a reason does not mark a figure as not the drive's,
     *     {@link Outcome#MEASURED} has reasons, {@link Outcome#FLAGGED} has none, or a data loss
     *     lacks {@link Warning#DATA_LOSS}
     * @throws NullPointerException if a field is null
     */
    public Verdict {
        Objects.requireNonNull(outcome, "outcome");
        reasons = reasons.isEmpty() ? Set.of()
                : Collections.unmodifiableSet(EnumSet.copyOf(reasons));
        if (reasons.stream().anyMatch(w -> !w.figureNotTheDrives())
                || (outcome == Outcome.MEASURED) != reasons.isEmpty()
                || (outcome == Outcome.DATA_LOST || outcome == Outcome.COUNTERFEIT)
                        != reasons.contains(Warning.DATA_LOSS)) {
            throw new IllegalArgumentException("reasons " + reasons + " do not fit " + outcome);
        }
    }

    /**
     * The verdict on figures carrying these warnings: {@link Outcome#DATA_LOST} with
     * {@link Warning#DATA_LOSS}, else {@link Outcome#FLAGGED} with another warning that marks a
     * figure as not the drive's, else {@link Outcome#MEASURED}.
     *
     * @param warnings the warnings of the figures meant as the drive's (not those of a
     *     cached-read figure, which is the page cache's by design)
     * @return the verdict
     */
    public static Verdict of(Collection<Warning> warnings) {
        Set<Warning> reasons = EnumSet.noneOf(Warning.class);
        for (Warning w : warnings) {
            if (w.figureNotTheDrives()) {
                reasons.add(w);
            }
        }
        if (reasons.contains(Warning.DATA_LOSS)) {
            return new Verdict(Outcome.DATA_LOST, reasons);
        }
        return reasons.isEmpty() ? MEASURED : new Verdict(Outcome.FLAGGED, reasons);
    }

    /**
     * The verdict on passes meant to measure the drive, as {@link #of(Collection)}.
     *
     * @param passes those passes (not a cached-read pass)
     * @param more warnings of the report beyond the passes' own
     * @return the verdict
     */
    static Verdict ofPasses(Collection<PassResult> passes, Collection<Warning> more) {
        Set<Warning> all = EnumSet.noneOf(Warning.class);
        passes.forEach(p -> all.addAll(p.warnings()));
        all.addAll(more);
        return of(all);
    }

    /**
     * {@return whether the medium lost data or holds less than it claims ({@link Outcome#DATA_LOST}
     * or {@link Outcome#COUNTERFEIT}): no figure of it is worth having}
     */
    public boolean dataLost() {
        return outcome == Outcome.DATA_LOST || outcome == Outcome.COUNTERFEIT;
    }

    /**
     * {@return whether every figure meant as the drive's is the drive's ({@link Outcome#MEASURED})}
     */
    public boolean figuresAreTheDrives() {
        return outcome == Outcome.MEASURED;
    }

    /** For example {@code measured} or {@code flagged: READ_SERVED_FROM_CACHE}. */
    @Override
    public String toString() {
        String name = outcome.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
        return reasons.isEmpty() ? name : name + ": " + String.join(", ",
                reasons.stream().map(Warning::name).toList());
    }
}
