package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.drivespeed.cli.output.OutputSchema;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The text summary ends with the answer in one line, {@code summary:} and the figures with how
 * they were measured, for every kind of report the command prints; a figure that is not the
 * drive's says so in that line. The backend line names the backend alone unless {@code -v}.
 */
class OneLineAnswerTest {

    /**
     * Where the shared disk's other I/O flagged a figure, the temporary directory is in memory
     * (a tmpfs /tmp) or a pass was too short to time well, the line says so.
     */
    private static final String NOTE = "(; (flagged|memory, not a drive|passes too short): see"
            + " warnings)?";

    @TempDir
    Path dir;

    /** The last line of standard output. */
    private static String lastLine(CommandRun o) {
        List<String> lines = o.out().lines().toList();
        return lines.get(lines.size() - 1);
    }

    @Test
    void aSequentialTestEndsWithItsFiguresInOneLineAndNamesTheBackendShortly()
            throws IOException {
        CommandRun o = CommandRun.of(dir.toString(), "--block-size", "256K", "--count", "8",
                "--runs", "2");
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(lastLine(o)).matches("summary: {4}write \\d+\\.\\d+ MB/s, read \\d+\\.\\d+"
                + " MB/s \\(median of 2, O_DIRECT, 2 MiB per pass" + NOTE + "\\)");
        assertThat(o.out().lines().filter(l -> l.startsWith("summary:"))).hasSize(1);
        assertThat(o.out()).containsPattern("(?m)^backend: {4}native \\(--verbose: how it does"
                + " its I/O\\)$").doesNotContain("JNI stub", "sha256");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void theJsonGivesEachJobsOneLineAsTheTextSummaryDoes(@TempDir Path out) throws IOException {
        Path json = out.resolve("r.json");
        CommandRun o = CommandRun.of(dir.toString(), "--block-size", "256K", "--count", "8",
                "--runs", "1", "--json", "-o", json.toString());
        assertThat(o.exitCode()).as(o.err()).isZero();
        JsonNode doc = OutputSchema.read(json);
        assertThat(doc.get("jobs")).hasSize(1);
        assertThat("summary:    " + doc.get("jobs").get(0).get("summary").asText())
                .isEqualTo(lastLine(o)).startsWith("summary:    write ");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void verboseGivesTheBackendLineInFull() {
        for (String option : List.of("-v", "--verbose")) {
            CommandRun o = CommandRun.of(dir.toString(), "--block-size", "256K", "--count", "8",
                    "--runs", "1", option);
            assertThat(o.exitCode()).as(o.err()).isZero();
            assertThat(o.out()).containsPattern("(?m)^backend: {4}native \\(Linux [^:]+: open\\(2\\)"
                    + " O_DIRECT.*(JNI stub|JNA)")
                    .doesNotContain("--verbose: how it does its I/O");
            assertThat(lastLine(o)).startsWith("summary:    write ");
        }
    }

    @Test
    void aFlaggedFigureSaysSoInTheOneLine() {
        // the pure-Java backend cannot evict a buffered read's pages: the read figure is flagged
        CommandRun o = CommandRun.of(dir.toString(), "--block-size", "64K", "--count", "4",
                "--runs", "1", "--buffered", "--backend", "java");
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(o.out()).contains("READ_MAY_INCLUDE_PAGE_CACHE");
        assertThat(lastLine(o)).matches("summary: {4}write \\d+\\.\\d+ MB/s, read \\d+\\.\\d+"
                + " MB/s \\(median of 1, buffered, 256 KiB per pass; flagged: see warnings\\)");
        assertThat(o.out()).containsPattern("(?m)^backend: {4}java \\(--verbose");
    }

    @Test
    void aWorkloadGivesItsIopsAndRateInOneLine() {
        CommandRun o = CommandRun.of(dir.toString(), "--rw", "randread", "--bs", "4K", "--size",
                "4M", "--count", "256");
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(lastLine(o)).matches("summary: {4}read \\d+ IOPS \\d+\\.\\d+ MB/s \\(median"
                + " of 1, randread 4 KiB QD1 T1, O_DIRECT" + NOTE + "\\)");
        assertThat(o.out()).containsPattern("(?m)^backend: {4}native \\(--verbose");
    }

    @Test
    void presetsGiveEveryRowInOneLineUnderOneSpelling() throws IOException {
        CommandRun o = CommandRun.of(dir.toString(), "--preset", "RND4K-Q1T1", "--size", "8M",
                "--duration", "300ms");
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(lastLine(o)).matches("summary: {4}RND4K Q1T1 read \\d+\\.\\d+ MB/s \\d+ IOPS,"
                + " RND4K Q1T1 write \\d+\\.\\d+ MB/s \\d+ IOPS \\(O_DIRECT(; (flagged|passes too"
                + " short): see warnings)?\\)");
        assertThat(o.out()).contains("presets [RND4K Q1T1]").doesNotContain("RND4K-Q1T1")
                .containsPattern("(?m)^backend: {4}native \\(--verbose");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aSustainedWriteGivesItsRateInOneLine() {
        CommandRun o = CommandRun.of(dir.toString(), "--sustained", "--duration", "1",
                "--size", "16M");
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(lastLine(o)).matches("summary: {4}(sustained write|write) \\d+\\.\\d+ MB/s.*"
                + " \\(O_DIRECT, \\d+ [KM]iB blocks, .* in .*\\)");
    }

    @Test
    void aCapacityCheckGivesItsResultInOneLine() throws IOException {
        CommandRun o = CommandRun.of(dir.toString(), "--verify-capacity", "--size", "16M");
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(lastLine(o)).matches("summary: {4}capacity OK: usable [^;]+, lost [^;]+; write \\d+\\.\\d+ MB/s, read \\d+\\.\\d+ MB/s \\(filled"
                + " .* in 1 file, O_DIRECT\\)");
        assertThat(TestFiles.names(dir)).isEmpty();
    }
}
