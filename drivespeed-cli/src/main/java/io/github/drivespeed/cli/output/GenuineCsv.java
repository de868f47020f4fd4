package io.github.drivespeed.cli.output;

import io.github.drivespeed.report.medium.CacheCliff;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.medium.DataLossKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.report.medium.Verification;
import io.github.drivespeed.warning.Warning;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The CSV columns about genuine media, after {@link CsvReport}'s own: what a read-back check found,
 * a write pass's cache cliff, the sustained write's figures, and the capacity check's and probe's;
 * named as their JSON keys ({@link GenuineJson}), the same raw units, empty where not measured.
 */
final class GenuineCsv {

    /** The columns, in order, after {@link CsvReport}'s. */
    static final List<String> COLUMNS = List.of("verified_bytes", "lost_bytes",
            "first_bad_offset_bytes", "first_bad_kind", "first_bad_found_offset_bytes",
            "not_the_drives", "cliff_before_drop_bytes", "cliff_before_drop_ns",
            "cliff_bw_bytes_before", "cliff_bw_bytes_after", "bw_bytes_burst", "cache_bytes",
            "bw_bytes_sustained", "stop", "usable_bytes", "claimed_bytes", "medium_kind",
            "wrap_period_bytes");

    private static final int VERIFIED = 0;
    private static final int NOT_THE_DRIVES = 5;
    private static final int CLIFF = 6;
    private static final int BURST = 10;
    private static final int USABLE = 14;

    private GenuineCsv() {
    }

    /**
     * Appends the pass's verification, its figure-not-the-drive's warnings and its cliff.
     *
     * @param row a row with {@link CsvReport}'s own columns
     * @param p the pass
     */
    static void pass(List<String> row, PassResult p) {
        List<String> g = empty();
        p.verification().ifPresent(v -> verification(g, v));
        g.set(NOT_THE_DRIVES, CsvReport.names(p.notTheDrives()));
        p.cacheCliff().ifPresent(c -> cliff(g, c));
        row.addAll(g);
    }

    /** Fills in the sustained write's figures in a row that has every column. */
    static void sustained(List<String> row, SustainedReport r) {
        int at = row.size() - COLUMNS.size() + BURST;
        row.set(at, Numbers.wholeText(r.burst().bytesPerSecond()));
        row.set(at + 1, r.cacheBytes().isPresent() ? Long.toString(r.cacheBytes().getAsLong())
                : "");
        row.set(at + 2, r.sustained().map(t -> Numbers.wholeText(t.bytesPerSecond())).orElse(""));
        row.set(at + 3, r.stop().name());
    }

    /** Two rows: the fill (write) and the read-back (read) with what it found. */
    static List<List<String>> capacityCheck(String name, CapacityCheckReport r) {
        Set<Warning> warnings = r.warnings();
        List<List<String>> rows = new ArrayList<>();
        for (String direction : List.of("write", "read")) {
            boolean write = direction.equals("write");
            List<String> row = head(name, "capacity_check", direction, r.fill().direct(),
                    write ? r.fill().writtenBytes() : r.readBack().verification().checkedBytes(),
                    write ? r.fill().writeNanos() : r.readBack().readNanos(),
                    (write ? r.write() : r.read()).bytesPerSecond(), warnings,
                    r.target().directory().toString(), r.target().fileSystemType(),
                    r.target().blockDevice().map(d -> d.sysfsName()).orElse(""),
                    r.startedAt().toString());
            List<String> g = empty();
            if (!write) {
                verification(g, r.readBack().verification());
                g.set(USABLE, Long.toString(r.usableBytes()));
            }
            row.addAll(g);
            rows.add(row);
        }
        return rows;
    }

    /** One row, direction {@code probe}: the device in the directory column. */
    static List<String> capacityProbe(String name, CapacityProbeReport r) {
        List<String> row = head(name, "capacity_probe", "probe", true, r.effort().writtenBytes(),
                r.effort().elapsedNanos(), Double.NaN, r.warnings(), r.device().toString(), "", "",
                r.startedAt().toString());
        List<String> g = empty();
        r.loss().firstLoss().ifPresent(f -> {
            g.set(VERIFIED + 2, Long.toString(f.offsetBytes()));
            g.set(VERIFIED + 3, f.kind().name());
        });
        g.set(USABLE, Long.toString(r.usableBytes()));
        g.set(USABLE + 1, Long.toString(r.claimedBytes()));
        g.set(USABLE + 2, r.kind().name().toLowerCase(Locale.ROOT));
        r.wrapPeriodBytes().ifPresent(period -> g.set(USABLE + 3, Long.toString(period)));
        row.addAll(g);
        return row;
    }

    /** {@link CsvReport}'s own columns for a job that is no pass: the figures it has. */
    private static List<String> head(String name, String kind, String direction, boolean direct,
            long bytes, long nanos, double bytesPerSecond, Set<Warning> warnings,
            String directory, String fsType, String device, String startedAt) {
        List<String> row = new ArrayList<>(Collections.nCopies(
                CsvReport.COLUMNS.size() - COLUMNS.size(), ""));
        List<String> own = CsvReport.COLUMNS;
        row.set(own.indexOf("jobname"), name);
        row.set(own.indexOf("kind"), kind);
        row.set(own.indexOf("direction"), direction);
        row.set(own.indexOf("runs"), "1");
        row.set(own.indexOf("direct"), Boolean.toString(direct));
        row.set(own.indexOf("io_bytes"), Long.toString(bytes));
        row.set(own.indexOf("runtime_ns"), Long.toString(nanos));
        row.set(own.indexOf("bw_bytes"), Numbers.wholeText(bytesPerSecond));
        row.set(own.indexOf("warnings"), CsvReport.names(warnings));
        row.set(own.indexOf("directory"), directory);
        row.set(own.indexOf("fs_type"), fsType);
        row.set(own.indexOf("device"), device);
        row.set(own.indexOf("started_at"), startedAt);
        return row;
    }

    private static List<String> empty() {
        return new ArrayList<>(Collections.nCopies(COLUMNS.size(), ""));
    }

    private static void verification(List<String> g, Verification v) {
        g.set(VERIFIED, Long.toString(v.checkedBytes()));
        g.set(VERIFIED + 1, Long.toString(v.lostBytes()));
        v.firstLoss().ifPresent(f -> {
            g.set(VERIFIED + 2, Long.toString(f.offsetBytes()));
            g.set(VERIFIED + 3, f.kind().name());
            f.foundOffsetBytes().ifPresent(found -> g.set(VERIFIED + 4, Long.toString(found)));
        });
    }

    private static void cliff(List<String> g, CacheCliff c) {
        g.set(CLIFF, Long.toString(c.drop().bytesBeforeDrop()));
        g.set(CLIFF + 1, Long.toString(c.drop().nanosBeforeDrop()));
        g.set(CLIFF + 2, Numbers.wholeText(c.drop().bytesPerSecondBefore()));
        g.set(CLIFF + 3, Numbers.wholeText(c.drop().bytesPerSecondAfter()));
    }
}
