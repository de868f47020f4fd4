package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.drivespeed.cli.output.OutputSchema;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file system that fills up in the middle of a workload's runs or a preset table's rows (a
 * small tmpfs: once the progress bar shows the chosen run, the test file is emptied and the file
 * system filled, so that its next write finds no room): the command prints and writes the runs or
 * rows that completed, then the failure, and exits 3.
 */
class WorkloadLateFailureCommandTest {

    private static final int RUNS = 5;
    private static final Pattern TEST_FILE = Pattern.compile("drivespeed-\\d+-[0-9a-f]{16}\\.tmp");
    private static final Pattern STOPPED_RUN = Pattern.compile("(?m)^stopped by a failure in run"
            + " (\\d+) of " + RUNS + " \\(the error below\\): the figures are of the (\\d+) runs?"
            + " completed before it$");
    private static final String NO_SPACE = "drivespeed: no space left on device (ENOSPC) while"
            + " writing ";

    @TempDir
    Path dir;

    @Test
    @Tag("privileged")
    void aWorkloadThatFillsUpInRunThreeKeepsTheRunsBeforeItExit3() throws Exception {
        // (run 3 shown, or a later one where the bar drew none of run 3)
        Filled o = runFillingUpAt("randwrite 4 KiB run [3-" + RUNS + "]/" + RUNS, "--rw",
                "randwrite", "--bs", "4K", "--runs", Integer.toString(RUNS));
        assertThat(o.run().exitCode()).as(o.run().err()).isEqualTo(3);
        String out = o.run().out();
        Matcher stopped = STOPPED_RUN.matcher(out);
        assertThat(stopped.find()).as(out).isTrue();
        int completed = Integer.parseInt(stopped.group(2));
        assertThat(completed).isBetween(2, RUNS - 1);
        assertThat(Integer.parseInt(stopped.group(1))).isEqualTo(completed + 1);
        // the summary of those runs, after the line
        assertThat(out.substring(stopped.end())).containsPattern("write +\\d+ IOPS")
                .contains("summary: ");
        assertThat(o.run().err()).contains(NO_SPACE);

        JsonNode job = failedDocument(o).get("jobs").get(0);
        assertThat(job.get("jobname").asText()).isEqualTo("randwrite 4 KiB");
        assertThat(job.get("parameters").get("runs").asInt()).isEqualTo(RUNS);
        assertThat(job.get("write").get("runs").size()).isEqualTo(completed);
        assertThat(job.get("write").get("bw_bytes").asLong()).isPositive();
        assertThat(job.get("read").isNull()).isTrue();
    }

    @Test
    @Tag("privileged")
    void aPresetRowThatFillsUpKeepsTheRowBeforeItExit3() throws Exception {
        Filled o = runFillingUpAt("run [12]/2 \\(2/2\\)", "--preset", "RND4K-Q1T1", "--runs",
                "2");
        assertThat(o.run().exitCode()).as(o.run().err()).isEqualTo(3);
        String out = o.run().out();
        String stopped = "stopped by a failure in RND4K Q1T1 write (row 2 of 2, the error below):"
                + " the table has the row completed before it";
        assertThat(out).contains(stopped);
        // the table of that row, and its summary line
        String table = out.substring(out.indexOf(stopped));
        assertThat(table).containsPattern("(?m)^RND4K Q1T1 read +read +\\d+\\.\\d +\\d+\\.\\d"
                        + " +\\d+ ")
                .doesNotContainPattern("(?m)^RND4K Q1T1 write +write")
                .containsPattern("(?m)^summary: ");
        assertThat(o.run().err()).contains(NO_SPACE);

        JsonNode jobs = failedDocument(o).get("jobs");
        assertThat(jobs).hasSize(1);
        JsonNode row = jobs.get(0);
        assertThat(row.get("jobname").asText()).isEqualTo("RND4K Q1T1 read");
        assertThat(row.get("parameters").get("rw").asText()).isEqualTo("randread");
        assertThat(row.get("read").get("runs").size()).isEqualTo(2);
        assertThat(row.get("read").get("bw_bytes").asLong()).isPositive();
        assertThat(row.get("write").isNull()).isTrue();
    }

    @Test
    @Tag("privileged")
    void theRandomWorkloadsOfARequirementKeepTheRowBeforeTheFailureAndJudgeNothing()
            throws Exception {
        Filled o = runFillingUpAt("run [12]/\\d+ \\(2/2\\)", "--require",
                "randread=1,randwrite=1");
        assertThat(o.run().exitCode()).as(o.run().err()).isEqualTo(3);
        String out = o.run().out();
        String stopped = "stopped by a failure in RND4K Q1T1 write (row 2 of 2, the error below):"
                + " the table has the row completed before it";
        assertThat(out).contains(stopped);
        assertThat(out.substring(out.indexOf(stopped)))
                .containsPattern("(?m)^RND4K Q1T1 read +read +\\d+\\.\\d ")
                .doesNotContain("requirement");
        assertThat(o.run().err()).contains(NO_SPACE);

        JsonNode doc = failedDocument(o);
        assertThat(doc.get("requirement").isNull()).isTrue();
        assertThat(doc.get("jobs")).singleElement().satisfies(row ->
                assertThat(row.get("jobname").asText()).isEqualTo("RND4K Q1T1 read"));
    }

    /** The JSON written beside the text: valid by the schema, with the failure. */
    private static JsonNode failedDocument(Filled o) throws IOException {
        JsonNode doc = OutputSchema.read(Files.readString(o.json()));
        JsonNode failure = doc.get("failure");
        assertThat(failure.get("exit_code").asInt()).isEqualTo(3);
        assertThat(failure.get("message").asText())
                .startsWith("no space left on device (ENOSPC) while writing ");
        return doc;
    }

    /** A run's output, and the JSON file it wrote. */
    private record Filled(CommandRun run, Path json) { }

    /**
     * Runs the workload on a tmpfs of 32 MiB (a test file of 8 MiB, time-based runs of 400 ms,
     * text on standard output and the JSON in a file), emptying the test file and filling the
     * file system once the progress bar shows what {@code trigger} finds; checks that no test
     * file is left.
     */
    private Filled runFillingUpAt(String trigger, String... more) throws Exception {
        Privileged.requireRoot();
        Path json = dir.resolve("results.json");
        List<String> args = new ArrayList<>(List.of("--size", "8M", "--duration", "400ms",
                "--backend", "java", "--buffered", "--json", "--output", json.toString()));
        args.addAll(List.of(more));
        try (Mounts.Mount tmpfs = Mounts.mount(dir, "tmpfs", "size=32m")) {
            Path fs = tmpfs.dir();
            args.add(0, fs.toString());
            StringWriter out = new StringWriter();
            FillingAt err = new FillingAt(Pattern.compile(trigger), fs);
            var cl = CommandLineFactory.create(() -> true);
            cl.setOut(new PrintWriter(out, true));
            cl.setErr(new PrintWriter(err, true));
            int code = cl.execute(args.toArray(String[]::new));
            assertThat(err.filled).as(err.toString()).isTrue();
            try (var names = Files.list(fs)) {
                assertThat(names.map(p -> p.getFileName().toString())).containsExactly(
                        "filler.bin");
            }
            return new Filled(new CommandRun(code, out.toString(), err.toString()), json);
        }
    }

    /**
     * Standard error, kept; the first time {@code trigger} finds something in it (the progress
     * bar's label of the run to fail), the test file is emptied and the file system filled to
     * the last page. The bar draws under its lock, which the end of a stage takes too: no next
     * run starts before the file system is full (the run's own writes go on meanwhile).
     */
    private static final class FillingAt extends Writer {
        private final StringBuilder text = new StringBuilder();
        private final Pattern trigger;
        private final Path fs;
        private volatile boolean filled;

        FillingAt(Pattern trigger, Path fs) {
            this.trigger = trigger;
            this.fs = fs;
        }

        @Override
        public synchronized void write(char[] cbuf, int off, int len) {
            text.append(cbuf, off, len);
            if (!filled && trigger.matcher(text).find()) {
                filled = true;
                try {
                    emptyTestFilesAndFill(fs);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }

        @Override
        public synchronized String toString() {
            return text.toString();
        }
    }

    /**
     * Fills the file system to the last page, then truncates the test file (its pages freed: a
     * write to it needs new ones) and at once fills again, in one write of a buffer as large as
     * the file system: the workload's writes race it for the freed pages, and would have to take
     * every one of them to leave the test file without a hole. The file system is then full and
     * the test file's next write to a hole finds no room.
     */
    private static void emptyTestFilesAndFill(Path fs) throws IOException {
        Path testFile;
        try (var names = Files.list(fs)) {
            testFile = names.filter(p -> TEST_FILE.matcher(p.getFileName().toString())
                    .matches()).findFirst().orElseThrow();
        }
        ByteBuffer all = ByteBuffer.allocateDirect((int) Files.getFileStore(fs).getTotalSpace());
        try (FileChannel test = FileChannel.open(testFile, StandardOpenOption.WRITE);
             FileChannel filler = FileChannel.open(fs.resolve("filler.bin"),
                     StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            long end = fill(filler, 0, all);
            test.truncate(0);
            fill(filler, end, all);
        }
    }

    /**
     * Writes {@code filler} from {@code at} until not one page is left (a write that runs out
     * of room returns what it wrote, the next fails); returns its end.
     */
    private static long fill(FileChannel filler, long at, ByteBuffer buffer) {
        long end = at;
        try {
            while (true) {
                end += filler.write(buffer.clear(), end);
            }
        } catch (IOException full) {
            return end;
        }
    }
}
