package io.github.drivespeed.cli.text;

import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.medium.DataLossKind;
import io.github.drivespeed.report.medium.FirstLoss;
import io.github.drivespeed.report.medium.MediumKind;
import io.github.drivespeed.report.medium.Verification;
import io.github.drivespeed.unit.DataSize;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Data loss in words, as h2testw's "DATA LOST": a block under the report that says where the
 * first bad byte is, how much was lost, of what kind and (for aliasing) whose data was found there,
 * and a one-line summary for standard error. Offsets are bytes from the start of the test file,
 * the fill (a capacity check's files one after another) or the device.
 */
public final class LossLines {

    /** The bad regions of a damaged medium printed; more are counted. */
    private static final int RANGES_SHOWN = 16;

    private LossLines() {
    }

    /**
     * Prints what a read-back check found lost, if anything.
     *
     * @param out where to
     * @param what what was read back, for example {@code the read passes}
     * @param v what the check found; nothing is printed when it found no loss
     */
    public static void print(PrintWriter out, String what, Verification v) {
        print(out, what, v, 0);
    }

    /**
     * Prints what a read-back check found lost, if anything, and the closes that then failed.
     *
     * @param out where to
     * @param what what was read back, for example {@code the read passes}
     * @param v what the check found; nothing is printed when it found no loss
     * @param closeFailuresAfterLoss test files that then failed to close with EIO (the file
     *     system's own data lost too)
     */
    public static void print(PrintWriter out, String what, Verification v,
            int closeFailuresAfterLoss) {
        print(out, what, v, closeFailuresAfterLoss, 0);
    }

    /**
     * Prints what a read-back check found lost, if anything, the closes that then failed, and how
     * much of what was read back was the untimed warm-up file's (its losses are the medium's too,
     * so the totals count its read-back; the run lines do not).
     *
     * @param out where to
     * @param what what was read back, for example {@code the read passes}
     * @param v what the check found; nothing is printed when it found no loss
     * @param closeFailuresAfterLoss test files that then failed to close with EIO (the file
     *     system's own data lost too)
     * @param warmUpBytes the bytes of the warm-up file's read-back counted in {@code v}; 0 for none
     */
    public static void print(PrintWriter out, String what, Verification v,
            int closeFailuresAfterLoss, long warmUpBytes) {
        if (!v.hasLoss()) {
            return;
        }
        out.println();
        out.println("DATA LOST: " + what + " did not give back what was written.");
        FirstLoss first = v.firstLoss().orElseThrow();
        out.println("  first bad offset: " + bytes(first.offsetBytes()));
        out.println("  lost:             " + bytes(v.lostBytes()) + " of "
                + bytes(v.checkedBytes()) + " read back ("
                + String.format(Locale.ROOT, "%.1f %%", 100.0 * v.lostBytes() / v.checkedBytes())
                + ")" + (warmUpBytes > 0 ? ", the untimed warm-up file's " + bytes(warmUpBytes)
                        + " included (data it lost is lost all the same)" : ""));
        out.println("  kind:             " + kind(first));
        if (v.lostBytesByKind().size() > 1) {
            StringBuilder sb = new StringBuilder("  by kind:         ");
            String sep = "";
            for (Map.Entry<DataLossKind, Long> e : v.lostBytesByKind().entrySet()) {
                sb.append(sep).append(e.getKey().name()).append(' ').append(bytes(e.getValue()));
                sep = ", ";
            }
            out.println(sb);
        }
        if (closeFailuresAfterLoss > 0) {
            out.println("  then:             closing a test file failed with EIO ("
                    + closeFailuresAfterLoss + (closeFailuresAfterLoss == 1 ? " time" : " times")
                    + "): the file system's own data was lost as well");
        }
        out.println("  A medium that loses data has no speed worth printing: the figures above"
                + " are not the drive's.");
    }

    /**
     * Prints what a capacity probe found, if the medium is not genuine.
     *
     * @param out where to
     * @param r a capacity probe; nothing is printed when the medium is genuine
     */
    public static void print(PrintWriter out, CapacityProbeReport r) {
        if (r.genuine()) {
            return;
        }
        out.println();
        out.println("DATA LOST: " + r.device() + " stores less than it claims (" + r.kind().label()
                + ").");
        out.println("  usable:           " + usable(r));
        CapacityProbeReport.Loss loss = r.loss();
        loss.firstWriteFailureOffsetBytes().ifPresent(failedAt -> {
            out.println("  writes fail:      from offset " + bytes(failedAt)
                    + " with EIO: usable at most " + bytes(failedAt)
                    + (r.usableBytes() >= failedAt ? "; what was written"
                    + " below it reads back as written" : ""));
        });
        loss.firstLoss().ifPresent(f -> {
            out.println("  first bad offset: " + bytes(f.offsetBytes()));
            out.println("  kind:             " + kind(f));
        });
        r.wrapPeriodBytes().ifPresent(period -> out.println("  wraps around:     every "
                + bytes(period) + " (a write at offset X lands at X modulo that)"));
        if (r.kind() == MediumKind.ALIASED) {
            loss.firstLoss().ifPresent(f -> out.println("  aliases:          writes land on"
                    + " other offsets, at no one period (not X modulo a size): offset "
                    + bytes(f.offsetBytes()) + (f.foundOffsetBytes().isPresent()
                    ? " held the data written at offset " + bytes(f.foundOffsetBytes().getAsLong())
                    : " did not hold its data")));
        }
        r.cacheEstimate().ifPresent(c -> out.println("  cache:            " + (c.bytes() == 0
                ? "none: of the last " + bytes(c.searchedBytes()) + " written past the usable"
                + " size, none read back"
                : "keeps " + (c.atLeast() ? "at least " : "") + "the last " + bytes(c.bytes())
                + " written past the usable size (to within " + bytes(c.precisionBytes())
                + "): a read-back soon after writing sees them as written (f3probe's"
                + " \"Approximate cache size\")")));
    }

    /**
     * {@return the usable size and what is lost: for a damaged medium each bad region (up to
     * {@value #RANGES_SHOWN}) and what lies after them, which holds its data}
     */
    private static String usable(CapacityProbeReport r) {
        String head = bytes(r.usableBytes()) + " of " + bytes(r.claimedBytes()) + " claimed";
        if (r.kind() == MediumKind.ALIASED) {
            return "at most " + head + " (of any two offsets found sharing a place, the higher"
                    + " lies at or past the real size); the other " + bytes(r.missingBytes())
                    + " lose what is written there, and writes there overwrite offsets below it;"
                    + " how much below " + bytes(r.usableBytes()) + " holds its data the probe"
                    + " cannot tell";
        }
        if (r.kind() != MediumKind.DAMAGED || r.loss().badRanges().isEmpty()) {
            return head + "; the other " + bytes(r.missingBytes()) + " lose what is written there";
        }
        List<CapacityProbeReport.BadRange> ranges = r.loss().badRanges();
        StringBuilder sb = new StringBuilder(head).append(", contiguous from offset 0; ")
                .append(bytes(r.loss().lostBytes())).append(" lost in ").append(ranges.size())
                .append(ranges.size() == 1 ? " region: " : " regions: ");
        String sep = "";
        for (CapacityProbeReport.BadRange b : ranges.subList(0, Math.min(RANGES_SHOWN,
                ranges.size()))) {
            sb.append(sep).append(DataSize.ofBytes(b.lengthBytes())).append(" at ")
                    .append(DataSize.ofBytes(b.offsetBytes()));
            sep = ", ";
        }
        if (ranges.size() > RANGES_SHOWN) {
            sb.append(" and ").append(ranges.size() - RANGES_SHOWN).append(" more");
        }
        long after = r.missingBytes() - r.loss().lostBytes();
        return after <= 0 ? sb.toString() : sb.append("; the other ").append(bytes(after))
                .append(" above ").append(mib(r.usableBytes())).append(" hold their data")
                .toString();
    }

    private static String mib(long n) {
        return String.format(Locale.ROOT, "%.1f MiB", n / 1048576.0);
    }

    /**
     * {@return {@code DATA LOST: 192.0 MiB of 256.0 MiB read back differ from what was written,
     * first at offset 67108864 (64.0 MiB): overwritten by ...}}
     *
     * @param v what a check found, with a loss
     */
    public static String oneLine(Verification v) {
        return "DATA LOST: " + bytes(v.lostBytes()) + " of " + bytes(v.checkedBytes())
                + " read back differ from what was written, first at offset "
                + bytes(v.firstLoss().orElseThrow().offsetBytes()) + ": "
                + kind(v.firstLoss().orElseThrow())
                + "; the speed figures are not the drive's";
    }

    /**
     * {@return {@code DATA LOST: /dev/sdb holds 64.0 MiB of the 256.0 MiB it claims (wrap)}; for a
     * medium that aliases at no period, {@code holds at most ...}}
     *
     * @param r a capacity probe that found the medium not genuine
     */
    public static String oneLine(CapacityProbeReport r) {
        return "DATA LOST: " + r.device() + " holds "
                + (r.kind() == MediumKind.ALIASED ? "at most " : "") + bytes(r.usableBytes())
                + " of the " + bytes(r.claimedBytes()) + " it claims (" + r.kind().label() + ")";
    }

    private static String kind(FirstLoss first) {
        return first.kind().description() + (first.foundOffsetBytes().isPresent()
                ? ": it holds the data written at offset "
                + bytes(first.foundOffsetBytes().getAsLong()) : "");
    }

    /** {@code 67108864 B (64.0 MiB)}; below 1 MiB just the bytes. */
    static String bytes(long n) {
        return n < 1 << 20 ? n + " B"
                : String.format(Locale.ROOT, "%d B (%.1f MiB)", n, n / 1048576.0);
    }
}
