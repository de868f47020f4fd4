package io.github.drivespeed.report.text;

import io.github.drivespeed.internal.figures.Thresholds;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.unit.Nanoseconds;
import io.github.drivespeed.warning.Warning;
import java.util.List;
import java.util.Locale;

/** Under {@link Warning#FLUSH_NOT_SENT} and {@link Warning#PASS_TOO_SHORT}: the runs behind it. */
final class FigureDetails {

    private FigureDetails() {
    }

    /**
     * For {@link Warning#FLUSH_NOT_SENT}, each write run's disks that took writes without a FLUSH
     * ({@code     write run 1: loop3 (write cache write through) completed 0 flush requests while
     * it wrote 268.4 MB (256.0 MiB)}); for {@link Warning#PASS_TOO_SHORT}, each run under the
     * bounds ({@code     read run 2 lasted 31.40 ms (1 block): under 100 ms and fewer than 4
     * blocks is too short to time well}), the report's advice after them
     * ({@link ReportText#passTooShort}); nothing for
     * the other warnings.
     *
     * @param sb where the lines go
     * @param w the warning
     * @param passes the report's passes
     */
    static void append(StringBuilder sb, Warning w, List<PassResult> passes) {
        if (w != Warning.FLUSH_NOT_SENT && w != Warning.PASS_TOO_SHORT) {
            return;
        }
        for (PassResult p : passes) {
            for (Sample s : p.warnings().contains(w) ? p.samples() : List.<Sample>of()) {
                String head = "    " + p.kind() + " run " + s.run();
                if (w == Warning.FLUSH_NOT_SENT) {
                    s.accounting().deviceIo().map(d -> d.unflushed(false)).orElse(List.of())
                            .forEach(f -> sb.append(head).append(": ").append(f).append('\n'));
                } else if (Thresholds.passTooShort(s.elapsedNanos(), s.ios())) {
                    sb.append(head).append(tooShort(s));
                }
            }
        }
    }

    /** {@code  lasted 60.41 ms (64 blocks): under 100 ms is too short to time well; ...}. */
    private static String tooShort(Sample s) {
        boolean fewBlocks = s.ios() > 0 && s.ios() < Warning.MIN_PASS_BLOCKS;
        boolean brief = s.elapsedNanos() < Warning.MIN_PASS_MILLIS * 1_000_000L;
        return String.format(Locale.ROOT, " lasted %s%s: %s%s%s too short to time well%n",
                Nanoseconds.format(s.elapsedNanos()), s.ios() == 0 ? ""
                        : " (" + s.ios() + (s.ios() == 1 ? " block)" : " blocks)"),
                brief ? "under " + Warning.MIN_PASS_MILLIS + " ms" : "",
                brief && fewBlocks ? " and " : "",
                fewBlocks ? "fewer than " + Warning.MIN_PASS_BLOCKS + " blocks is" : " is");
    }
}
