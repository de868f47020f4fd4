package io.github.drivespeed.testing;

import io.github.drivespeed.requirement.RequirementCheck;
import io.github.drivespeed.warning.Warning;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a test that measures the shared disk (a {@code @TempDir} on the machine's system disk)
 * must accept: on a build machine shared with other builds, another measurement or another
 * writer may use the same disk during a pass, and drivespeed then rightly flags the figure
 * {@link Warning#CONCURRENT_MEASUREMENT} or {@link Warning#FOREIGN_IO} (its drive locks and the
 * device's counters see them) and leaves it out of every requirement. Such a test either owns its
 * drive ({@link Mounts#privateDrive}, root only) or accepts the flagged outcome as the correct
 * one, with the checks here: everything else it pins stays exact, and a flagged figure must be
 * reported as such (a requirement's criterion left out naming exactly those flags).
 */
public final class SharedDisk {

    /** The flags another user of the same disk puts on a figure, and only those. */
    public static final Set<Warning> FLAGS = Collections.unmodifiableSet(
            EnumSet.of(Warning.CONCURRENT_MEASUREMENT, Warning.FOREIGN_IO));

    private static final String LEFT_OUT = "figures left out as not the drive's: ";

    /**
     * How a requirement's criterion reads where the figures were left out for the shared disk's
     * flags and nothing else: {@code figures left out as not the drive's: FOREIGN_IO}, no other
     * warning name after them.
     */
    public static final Pattern LEFT_OUT_AS_SHARED = Pattern.compile(Pattern.quote(LEFT_OUT)
            + "(CONCURRENT_MEASUREMENT|FOREIGN_IO|CONCURRENT_MEASUREMENT, FOREIGN_IO)(?![\\w,])");

    private SharedDisk() {
    }

    /**
     * {@return the warnings other than the shared disk's flags}, to pin exactly as on a quiet
     * machine.
     *
     * @param warnings a report's or a pass's warnings
     */
    public static Set<Warning> apartFromSharing(Collection<Warning> warnings) {
        Set<Warning> rest = EnumSet.noneOf(Warning.class);
        rest.addAll(warnings);
        rest.removeAll(FLAGS);
        return rest;
    }

    /**
     * {@return the shared disk's flags among the warnings}: empty where no other user of the disk
     * was seen.
     *
     * @param warnings a report's or a pass's warnings
     */
    public static Set<Warning> flags(Collection<Warning> warnings) {
        Set<Warning> flags = EnumSet.noneOf(Warning.class);
        flags.addAll(warnings);
        flags.retainAll(FLAGS);
        return flags;
    }

    /**
     * {@return the warning names other than the shared disk's flags}, in their order, for
     * warnings read from JSON or CSV output.
     *
     * @param names warning names, for example {@code ["FOREIGN_IO", "SYNC_MOUNT"]}
     */
    public static List<String> namesApartFromSharing(Iterable<String> names) {
        List<String> rest = new ArrayList<>();
        for (String name : names) {
            if (FLAGS.stream().noneMatch(w -> w.name().equals(name))) {
                rest.add(name);
            }
        }
        return rest;
    }

    /**
     * {@return the shared disk's flags among warning names} read from JSON or CSV output.
     *
     * @param names warning names, for example {@code ["FOREIGN_IO", "SYNC_MOUNT"]}
     */
    public static Set<Warning> flagsNamed(Iterable<String> names) {
        Set<Warning> flags = EnumSet.noneOf(Warning.class);
        for (String name : names) {
            FLAGS.stream().filter(w -> w.name().equals(name)).forEach(flags::add);
        }
        return flags;
    }

    /**
     * Asserts the outcome of a requirement that figures measured on the shared disk meet: where
     * {@code warnings} (the measured passes' warnings) carry none of the shared disk's flags, every
     * criterion passed; where they do, every criterion passed or was not judged, its figures
     * left out as not the drive's ({@link RequirementCheck.NotJudged#NOT_THE_DRIVES}), and at
     * least one was left out, naming exactly the flags the figures carry (another reason, or a
     * criterion failed, fails the test).
     *
     * @param check the requirement's check of the figures
     * @param warnings the warnings of every pass the requirement looked at
     * @throws AssertionError if the outcome is neither
     */
    public static void assertMetOrLeftOutAsShared(RequirementCheck check,
            Collection<Warning> warnings) {
        Set<Warning> flags = flags(warnings);
        if (flags.isEmpty()) {
            if (!check.passed()) {
                throw new AssertionError("expected the requirement met by figures no other user"
                        + " of the disk touched, but: " + check);
            }
            return;
        }
        boolean leftOut = false;
        for (RequirementCheck.Result r : check.results()) {
            if (r.status() == RequirementCheck.Status.NOT_JUDGED) {
                if (!r.whyNotJudged().equals(Optional.of(RequirementCheck.NotJudged.NOT_THE_DRIVES))
                        || !namesOnly(r.note().orElse(""), flags)) {
                    throw new AssertionError("expected " + r.criterion() + " left out as"
                            + " measured on a shared disk (" + LEFT_OUT + "some of " + flags
                            + "), but: " + r);
                }
                leftOut = true;
            } else if (!r.passed()) {
                throw new AssertionError("expected " + r.criterion() + " passed or left out as"
                        + " measured on a shared disk " + flags + ", but: " + r);
            }
        }
        if (!leftOut) {
            throw new AssertionError("figures flagged " + flags + " satisfied a requirement: "
                    + check);
        }
    }

    /**
     * Whether a criterion's note names, as the figures' warnings, some of {@code flags} and
     * nothing else.
     */
    private static boolean namesOnly(String note, Set<Warning> flags) {
        for (Warning one : flags) {
            if (note.equals(one.name())) {
                return true;
            }
        }
        return note.equals(String.join(", ", flags.stream().map(Warning::name).toList()));
    }
}
