package io.github.drivespeed.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.text.ReportText;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every kind of report gives its answer in one line ({@link Report#summary()}, also its
 * {@code toString()}) and everything in lines ({@link Report#details()}); measured for real, in a
 * temporary directory, with tiny sizes.
 */
class ReportSummaryTest {

    /**
     * Where a figure was flagged (the shared disk's other I/O), the temporary directory is in
     * memory (a tmpfs /tmp) or a pass was too short to time well, the line says so.
     */
    private static final String FLAGGED = "(; (flagged|memory, not a drive|passes too short):"
            + " see warnings)?";

    @TempDir
    Path dir;

    private static void assertOneLineAndDetails(Report r) {
        assertThat(r.summary()).doesNotContain("\n").isEqualTo(r.toString());
        assertThat(r.details()).endsWith("\n").contains(r.target().details());
        assertThat(r.details().lines().count()).isGreaterThan(3);
    }

    @Test
    void aSequentialReportsLineHasBothMediansAndHowTheyWereMeasured() throws IOException {
        SpeedReport r = DriveSpeed.on(dir).blockSize("64K").count(4).runs(2).run();
        assertOneLineAndDetails(r);
        assertThat(r.summary()).matches("write \\d+\\.\\d+ MB/s, read \\d+\\.\\d+ MB/s \\(median"
                + " of 2, O_DIRECT, 256 KiB per pass" + FLAGGED + "\\)")
                .startsWith("write " + ReportText.megabytesPerSecond(r.write().median()) + ", read "
                        + ReportText.megabytesPerSecond(r.read().median()));
        assertThat(r.details()).contains("backend:    " + r.backend() + "\n")
                .contains("write:      median " + r.write().median());
    }

    @Test
    void aFlaggedFigureNeverReadsAsAClean() throws IOException {
        // the pure-Java backend cannot evict a buffered read's pages: the read figure is flagged
        SpeedReport r = DriveSpeed.on(dir).blockSize("64K").count(4).runs(1).buffered().run();
        assertThat(r.read().warnings()).contains(Warning.READ_MAY_INCLUDE_PAGE_CACHE);
        assertThat(r.verdict().outcome()).isEqualTo(Verdict.Outcome.FLAGGED);
        assertThat(r.summary()).endsWith("(median of 1, buffered, 256 KiB per pass; flagged: see"
                + " warnings)");
    }

    /**
     * A pass of fewer than {@value Warning#MIN_PASS_BLOCKS} blocks is always too short: where
     * nothing worse is to be said, the line says so, and a pass long enough has no such note.
     */
    @Test
    void aPassTooShortIsSaidInTheLine() throws IOException {
        SpeedReport r = DriveSpeed.on(dir).blockSize("64K").count(2).runs(1).run();
        assertThat(r.write().warnings()).contains(Warning.PASS_TOO_SHORT);
        String expected = r.verdict().outcome() != Verdict.Outcome.MEASURED ? "flagged"
                : r.target().warnings().contains(Warning.MEMORY_FILE_SYSTEM)
                        ? "memory, not a drive" : "passes too short";
        assertThat(r.summary()).endsWith("(median of 1, O_DIRECT, 128 KiB per pass; " + expected
                + ": see warnings)");

        WorkloadReport timed = DriveSpeed.workload(dir).random().read().blockSize("4K")
                .size("1M").duration(Duration.ofMillis(300)).run();
        assertThat(timed.read().orElseThrow().warnings()).doesNotContain(Warning.PASS_TOO_SHORT);
        assertThat(timed.summary()).doesNotContain("passes too short");
    }

    /**
     * A sweep's line has every row's median rate and IOPS, in the order run; a row of one block
     * (fewer than {@value Warning#MIN_PASS_BLOCKS}) is too short, and the table's line says so
     * where nothing worse is to be said.
     */
    @Test
    void aTablesLineHasEveryRowAndItsWorstNote() throws IOException {
        WorkloadTable table = DriveSpeed.workload(dir).random().read().size("1M").count(1)
                .runSweep(List.of(DataSize.ofKibibytes(4), DataSize.ofKibibytes(8)));
        String note = table.rows().stream().anyMatch(r -> r.report().verdict().outcome()
                != Verdict.Outcome.MEASURED) ? "flagged"
                : table.rows().get(0).report().target().warnings()
                        .contains(Warning.MEMORY_FILE_SYSTEM) ? "memory, not a drive"
                        : "passes too short";
        assertThat(table.summary()).doesNotContain("\n").matches("4 KiB \\d+\\.\\d+ MB/s \\d+"
                + " IOPS, 8 KiB \\d+\\.\\d+ MB/s \\d+ IOPS \\(O_DIRECT; " + note
                + ": see warnings\\)");
    }

    @Test
    void aWorkloadsLineHasItsIopsAndRate() throws IOException {
        WorkloadReport r = DriveSpeed.workload(dir).random().read().blockSize("4K").size("1M")
                .count(64).run();
        assertOneLineAndDetails(r);
        assertThat(r.summary()).matches("read \\d+ IOPS \\d+\\.\\d+ MB/s \\(median of 1,"
                + " randread 4 KiB QD1 T1, O_DIRECT" + FLAGGED + "\\)");
    }

    @Test
    void aSustainedWritesLineSaysWhatItFound() throws IOException {
        SustainedReport r = DriveSpeed.sustained(dir).size("4M").duration(Duration.ofSeconds(1))
                .run();
        assertOneLineAndDetails(r);
        assertThat(r.summary()).matches("(sustained write|write) \\d+\\.\\d+ MB/s.* \\(O_DIRECT,"
                + " \\d+ [KM]iB blocks, .* in .*\\)");
    }

    @Test
    void aCapacityChecksLineHasItsResult() throws IOException {
        CapacityCheckReport r = DriveSpeed.verifyCapacity(dir).size("4M").run();
        assertOneLineAndDetails(r);
        assertThat(r.summary()).matches("capacity OK: usable [^;]+, lost [^;]+; write \\d+\\.\\d+"
                + " MB/s, read \\d+\\.\\d+ MB/s \\(filled .* in 1 file, O_DIRECT\\)");
    }

    @Test
    void figuresMeasuredInMemorySaySoInTheLine() throws IOException {
        Path shm = Path.of("/dev/shm");
        assumeTrue(Files.isDirectory(shm) && Files.getFileStore(shm).type().equals("tmpfs"),
                "/dev/shm is not a tmpfs here");
        Path inMemory = Files.createTempDirectory(shm, "drivespeed-summary-");
        try {
            SpeedReport r = DriveSpeed.on(inMemory).blockSize("64K").count(4).runs(1).run();
            assertThat(r.target().warnings()).contains(Warning.MEMORY_FILE_SYSTEM);
            assertThat(r.summary()).matches("write \\d+\\.\\d+ MB/s, read \\d+\\.\\d+ MB/s"
                    + " \\(median of 1, (O_DIRECT|buffered), 256 KiB per pass; memory, not a"
                    + " drive: see warnings\\)");
            assertThat(TestFiles.names(inMemory)).isEmpty();
        } finally {
            Files.delete(inMemory);
        }
    }
}
