package io.github.drivespeed;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** Text and checks the reports share. */
final class ReportText {

    private ReportText() {
    }

    /**
     * The passes whose median reached {@link Link#SATURATION_RATIO} of the target's link ceiling.
     *
     * @param target what was measured
     * @param passes the report's passes
     * @return those passes, in the given order; empty when the link is unknown
     */
    static List<PassResult> linkLimited(TargetInfo target, List<PassResult> passes) {
        Optional<Link> link = target.link();
        if (link.isEmpty()) {
            return List.of();
        }
        return passes.stream().filter(p -> link.get().isSaturatedBy(p.median())).toList();
    }

    /**
     * Appends the warnings block: {@code warnings:   none}, or one line per warning with its
     * name and message, and under {@link Warning#LINK_LIMITED} each pass that reached the link.
     *
     * @param sb where to append
     * @param warnings the report's warnings
     * @param target what was measured
     * @param passes the report's passes
     */
    static void appendWarnings(StringBuilder sb, Set<Warning> warnings, TargetInfo target,
            List<PassResult> passes) {
        if (warnings.isEmpty()) {
            sb.append("warnings:   none\n");
            return;
        }
        sb.append("warnings:\n");
        for (Warning w : warnings) {
            sb.append("  - ").append(w.name()).append(": ").append(w.message()).append('\n');
            if (w == Warning.LINK_LIMITED) {
                for (PassResult p : linkLimited(target, passes)) {
                    Link link = target.link().orElseThrow();
                    sb.append(String.format(Locale.ROOT, "    %s median %s is %.0f %% of %s\n",
                            p.kind(), p.median(), 100 * p.median().bytesPerSecond()
                                    / link.ceiling().bytesPerSecond(), link));
                }
            }
        }
    }
}
