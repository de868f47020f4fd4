package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.drivespeed.cli.output.OutputSchema;
import io.github.drivespeed.testing.SharedDisk;
import io.github.drivespeed.testing.TestFiles;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** --json, --csv, --output, --chart, --quiet, --require and the progress bar, on real runs. */
class OutputOptionsTest {

    @TempDir
    Path dir;

    @TempDir
    Path outDir;

    record Outcome(int exitCode, String out, String err) { }

    private static Outcome run(boolean terminal, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = CommandLineFactory.create(() -> terminal);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Outcome(code, out.toString(), err.toString());
    }

    private static Outcome run(String... args) {
        return run(false, args);
    }

    @Test
    void jsonAloneOnStdoutWithTheMeasuredFigures() throws IOException {
        Outcome o = run(dir.toString(), "--block-size", "256K", "--count", "8", "--runs", "2",
                "--json");
        assertThat(o.exitCode()).isZero();
        assertThat(o.err()).isEmpty();
        JsonNode doc = OutputSchema.read(o.out());
        assertThat(doc.get("schema_version").asInt()).isEqualTo(1);
        assertThat(doc.at("/target/directory").asText()).isEqualTo(dir.toRealPath().toString());
        JsonNode job = doc.at("/jobs/0");
        assertThat(job.get("jobname").asText()).isEqualTo("sequential");
        assertThat(job.at("/parameters/bs_bytes").asLong()).isEqualTo(256 * 1024);
        for (String pass : List.of("read", "write")) {
            JsonNode p = job.get(pass);
            assertThat(p.get("io_bytes").asLong()).isEqualTo(2L * 8 * 256 * 1024);
            assertThat(p.get("runs")).hasSize(2);
            long runtime = p.at("/runs/0/runtime_ns").asLong() + p.at("/runs/1/runtime_ns").asLong();
            assertThat(p.get("runtime_ns").asLong()).isEqualTo(runtime);
            assertThat(p.get("bw_bytes").asDouble())
                    .isCloseTo(p.get("io_bytes").asLong() * 1e9 / runtime,
                            org.assertj.core.data.Offset.offset(1.0));
            assertThat(p.at("/clat_ns/N").asLong()).isEqualTo(16);
            assertThat(p.at("/clat_ns/percentile/99.000000").asLong()).isPositive();
        }
        assertThat(doc.get("requirement").isNull()).isTrue();
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void csvToAFileKeepsTheTextOnStdoutAndAnExistingFileIsRefusedUnlessOverwrite()
            throws IOException {
        Path csv = outDir.resolve("r.csv");
        Outcome o = run(dir.toString(), "--block-size", "64K", "--count", "4", "--runs", "1",
                "--csv", "--output", csv.toString());
        assertThat(o.exitCode()).isZero();
        assertThat(o.out()).contains("test 1: write:").contains("read:       median");
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).startsWith("jobname,kind,direction,rw,bs_bytes,");
        assertThat(lines.get(1)).startsWith("sequential,sequential,write,,65536,1,1,1,true,262144,");
        assertThat(lines.get(2)).startsWith("sequential,sequential,read,,65536,");

        Outcome again = run(dir.toString(), "--count", "1", "--csv", "--output", csv.toString());
        assertThat(again.exitCode()).isEqualTo(2);
        assertThat(again.err()).isEqualTo("drivespeed: invalid value for option '--output': '"
                + csv + "': the file exists; give --overwrite to replace it, or another name\n");
        assertThat(again.out()).isEmpty();
        assertThat(Files.readAllLines(csv)).isEqualTo(lines);

        Outcome replaced = run(dir.toString(), "--block-size", "64K", "--count", "2", "--runs",
                "1", "--json", "--quiet", "--output", csv.toString(), "--overwrite");
        assertThat(replaced.exitCode()).isZero();
        assertThat(replaced.out()).isEmpty();
        OutputSchema.read(csv);
        assertThat(TestFiles.names(outDir)).containsExactly("r.csv");
    }

    @Test
    void aDirectoryOrAMissingParentIsRefusedBeforeAnythingIsWritten() throws IOException {
        Outcome o = run(dir.toString(), "--json", "--output", outDir.toString());
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.err()).contains("'--output'").contains("it is a directory");
        Outcome missing = run(dir.toString(), "--chart",
                outDir.resolve("no/such/dir/c.png").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("'--chart'").contains("its directory does not exist");
        Outcome both = run(dir.toString(), "--json", "--csv");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err()).contains("'--json' and '--csv' exclude each other");
        assertThat(TestFiles.names(dir)).isEmpty();
        assertThat(TestFiles.names(outDir)).isEmpty();
    }

    /**
     * A requirement not met exits 1 with the reasons; one met exits 0.
     * The figures come from the shared disk ({@code @TempDir}): where another build's
     * measurement or writer used it meanwhile, they are rightly flagged
     * {@code CONCURRENT_MEASUREMENT} or {@code FOREIGN_IO} and left out, and the requirement is
     * then not judged (exit 4) for that reason alone ({@link #assertMetOrLeftOutAsShared}).
     */
    @Test
    void aRequirementThatIsNotMetExits1WithTheReasonsAndOneThatIsMetExits0()
            throws IOException {
        Outcome failing = run(dir.toString(), "--block-size", "64K", "--count", "4", "--runs",
                "1", "--require", "write=1000GB/s", "--quiet");
        assertThat(failing.out()).isEmpty();
        // on the shared disk, flagged figures are left out rather than measured short
        String bound = "sequential write >= 1000000.0 MB/s (953674.3 MiB/s): ";
        if (!failing.err().contains("\n  not judged: " + bound)) {
            assertThat(failing.exitCode()).isEqualTo(1);
            assertThat(failing.err()).startsWith("drivespeed: requirement write=1000GB/s not"
                    + " met:\n").contains("\n  failed: " + bound + "slowest measured ");
        } else {
            assertThat(failing.exitCode()).isEqualTo(4);
            assertThat(failing.err()).startsWith("drivespeed: requirement write=1000GB/s not"
                    + " judged:\n").containsPattern(SharedDisk.LEFT_OUT_AS_SHARED);
        }
        Path json = outDir.resolve("r.json");
        TestFiles.flushDirtyPages(); // no earlier write-back as FOREIGN_IO, which is not met
        Outcome met = run(dir.toString(), "--block-size", "64K", "--count", "4", "--runs", "1",
                "--require", "write=2MB/s", "--json", "-o", json.toString());
        // 2 MB/s is far below any drive or file system this runs on
        JsonNode doc = OutputSchema.read(json);
        assertMetOrLeftOutAsShared(met, doc);
        if (met.exitCode() == 0) {
            assertThat(met.out()).contains("requirement write=2MB/s: met");
        }
        JsonNode req = doc.get("requirement");
        assertThat(req.at("/results/0/criterion").asText()).isEqualTo("sequential_write");
        assertThat(req.at("/results/0/required").asDouble()).isEqualTo(2e6);
        Outcome bad = run(dir.toString(), "--require", "V31");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).startsWith("drivespeed: invalid value for option '--require':"
                + " 'V31': unknown SD class 'V31'");
    }

    /**
     * A random requirement runs the random workloads it needs, and they meet it.
     * The figures come from the shared disk ({@code @TempDir}): where another build's
     * measurement or writer used it meanwhile, they are rightly flagged
     * {@code CONCURRENT_MEASUREMENT} or {@code FOREIGN_IO} and left out, and the requirement is
     * then not judged (exit 4) for that reason alone ({@link #assertMetOrLeftOutAsShared}).
     */
    @Test
    void aRandomRequirementRunsTheRandomWorkloadsItNeeds() throws IOException {
        TestFiles.flushDirtyPages(); // no earlier write-back as FOREIGN_IO, which is not met
        Outcome o = run(dir.toString(), "--require", "randread=1,randwrite=1", "--size", "4M",
                "--duration", "200ms", "--json");
        JsonNode doc = OutputSchema.read(o.out());
        assertMetOrLeftOutAsShared(o, doc);
        assertThat(doc.get("jobs")).hasSize(2);
        assertThat(doc.at("/jobs/0/jobname").asText()).isEqualTo("RND4K Q1T1 read");
        assertThat(doc.at("/jobs/1/parameters/rw").asText()).isEqualTo("randwrite");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    /**
     * Asserts that a requirement the figures in {@code doc} should meet was met (exit 0), or,
     * where they carry the shared disk's flags, was not judged only because the flagged figures
     * were left out (exit 4, each criterion passed or not judged, the reason on stderr).
     */
    private static void assertMetOrLeftOutAsShared(Outcome o, JsonNode doc) {
        List<String> warnings = doc.get("warnings").findValuesAsText("name");
        JsonNode req = doc.get("requirement");
        if (SharedDisk.flagsNamed(warnings).isEmpty()) {
            assertThat(o.exitCode()).as(o.err()).isZero();
            assertThat(req.get("passed").asBoolean()).isTrue();
            assertThat(req.get("verdict").asText()).isEqualTo("met");
            return;
        }
        assertThat(o.exitCode()).as(o.err()).isEqualTo(4);
        assertThat(req.get("passed").asBoolean()).isFalse();
        assertThat(req.get("verdict").asText()).isEqualTo("not_judged");
        assertThat(req.get("results").findValuesAsText("status")).contains("not_judged")
                .allMatch(status -> status.equals("passed") || status.equals("not_judged"));
        assertThat(req.get("results").findValuesAsText("not_judged"))
                .allMatch(why -> why.equals("not_the_drives") || why.equals("null"));
        assertThat(o.err()).contains("not judged: ")
                .containsPattern(SharedDisk.LEFT_OUT_AS_SHARED);
    }

    @Test
    void theChartIsAPngOf800By500() throws IOException {
        Path png = outDir.resolve("t.png");
        Outcome o = run(dir.toString(), "--block-size", "64K", "--count", "16", "--runs", "2",
                "--quiet", "--chart", png.toString());
        assertThat(o.exitCode()).isZero();
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(800);
        assertThat(image.getHeight()).isEqualTo(500);
        Path sweep = outDir.resolve("s.png");
        Outcome s = run(dir.toString(), "--rw", "read", "--sweep", "--size", "64M", "--count",
                "32", "--chart", sweep.toString());
        assertThat(s.exitCode()).isZero();
        assertThat(ImageIO.read(sweep.toFile()).getWidth()).isEqualTo(800);
        assertThat(s.out()).endsWith("\nchart:      " + sweep
                + " (median MB/s against block size)\n");
    }

    @Test
    void theSummarySaysWhereTheChartIsAndWhatItShows() throws IOException {
        Path png = outDir.resolve("runs.png");
        Outcome o = run(dir.toString(), "--block-size", "64K", "--count", "16", "--runs", "3",
                "--chart", png.toString());
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(o.out().lines().filter(l -> l.startsWith("chart:")).toList())
                .singleElement().asString().matches("chart:      " + java.util.regex.Pattern
                        .quote(png.toString()) + " \\(MB/s per \\d+ m?s, 6 lines, fdatasync"
                        + " shaded\\)");
        assertThat(ImageIO.read(png.toFile()).getWidth()).isEqualTo(800);
    }

    @Test
    void theProgressBarIsDrawnOnlyOnATerminalAndNeverWithQuiet() {
        String[] args = {dir.toString(), "--rw", "randread", "--size", "4M", "--duration", "700ms"};
        Outcome terminal = run(true, args);
        assertThat(terminal.exitCode()).isZero();
        assertThat(terminal.err()).contains("\rrandread 4 KiB run 1/1 [")
                .contains("MB/s").endsWith("\r\u001b[K");
        Outcome pipe = run(false, args);
        assertThat(pipe.err()).isEmpty();
        String[] quiet = {dir.toString(), "--rw", "randread", "--size", "4M", "--duration",
            "700ms", "--quiet"};
        Outcome q = run(true, quiet);
        assertThat(q.err()).isEmpty();
        assertThat(q.out()).isEmpty();
    }

    @Test
    void probeAsJsonAndCsv() throws IOException {
        Outcome j = run(dir.toString(), "--probe", "--json");
        assertThat(j.exitCode()).isZero();
        JsonNode doc = OutputSchema.read(j.out());
        assertThat(doc.get("jobs")).isEmpty();
        assertThat(doc.at("/target/fs_type").asText()).isNotEmpty();
        assertThat(doc.get("backend").isNull()).isTrue();
        Outcome c = run(dir.toString(), "--probe", "--csv");
        assertThat(c.out().lines().toList()).hasSize(2);
        assertThat(c.out()).startsWith("directory,fs_type,fs_source,");
        Outcome chart = run(dir.toString(), "--probe", "--chart", outDir.resolve("x.png")
                .toString());
        assertThat(chart.exitCode()).isEqualTo(2);
    }

    private Outcome smallRun(String... more) {
        List<String> args = new java.util.ArrayList<>(List.of(dir.toString(), "--block-size",
                "64K", "--count", "2", "--runs", "1"));
        args.addAll(List.of(more));
        return run(args.toArray(String[]::new));
    }

    @Test
    void aNewFileGetsTheDefaultPermissionsAndAReplacedOneKeepsItsOwn() throws IOException {
        // the permissions a shell redirect gives: 0666 less the umask, as Files.createFile does
        Path reference = Files.createFile(outDir.resolve("reference"));
        String umaskDefault = PosixFilePermissions.toString(
                Files.getPosixFilePermissions(reference));
        Files.delete(reference);
        Path json = outDir.resolve("r.json");
        Path png = outDir.resolve("r.png");
        Outcome o = smallRun("--json", "--quiet", "-o", json.toString(), "--chart",
                png.toString());
        assertThat(o.exitCode()).as(o.err()).isZero();
        OutputSchema.read(json);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(json)))
                .isEqualTo(umaskDefault).isNotEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(png)))
                .isEqualTo(umaskDefault);

        Files.setPosixFilePermissions(json, PosixFilePermissions.fromString("rw----r--"));
        Files.setPosixFilePermissions(png, PosixFilePermissions.fromString("rw-rw-r--"));
        Outcome replaced = smallRun("--csv", "--quiet", "-o", json.toString(), "--chart",
                png.toString(), "--overwrite");
        assertThat(replaced.exitCode()).as(replaced.err()).isZero();
        assertThat(Files.readString(json)).startsWith("jobname,");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(json)))
                .isEqualTo("rw----r--");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(png)))
                .isEqualTo("rw-rw-r--");
        assertThat(TestFiles.names(outDir)).containsExactlyInAnyOrder("r.json", "r.png");
    }

    @Test
    void aSymbolicLinkToARegularFileIsWrittenThroughAndKept() throws IOException {
        Path target = Files.writeString(outDir.resolve("target.txt"), "old");
        Path link = Files.createSymbolicLink(outDir.resolve("link.txt"), target.getFileName());
        Outcome o = smallRun("--json", "--quiet", "-o", link.toString(), "--overwrite");
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readSymbolicLink(link)).isEqualTo(target.getFileName());
        assertThat(Files.readString(target)).startsWith("{");
        assertThat(TestFiles.names(outDir)).containsExactlyInAnyOrder("target.txt", "link.txt");
    }

    @Test
    void aCharacterDeviceIsWrittenToAndADirectoryBehindALinkIsRefusedEvenWithOverwrite()
            throws IOException {
        // a character device is written to, as a shell redirect writes it, link or not
        Path devNull = Files.createSymbolicLink(outDir.resolve("null.json"), Path.of("/dev/null"));
        Outcome device = run(dir.toString(), "--json", "-o", devNull.toString(), "--count", "1",
                "--block-size", "1M", "--runs", "1");
        assertThat(device.exitCode()).as(device.err()).isZero();
        assertThat(Files.isSymbolicLink(devNull)).isTrue();
        Outcome direct = run(dir.toString(), "--json", "-o", "/dev/null", "--count", "1",
                "--block-size", "1M", "--runs", "1");
        assertThat(direct.exitCode()).as(direct.err()).isZero();

        Path dirLink = Files.createSymbolicLink(outDir.resolve("d.png"), dir);
        Outcome chart = run(dir.toString(), "--chart", dirLink.toString(), "--overwrite");
        assertThat(chart.exitCode()).isEqualTo(2);
        assertThat(chart.err()).contains("'--chart': '" + dirLink + "': it is a symbolic link to"
                + " a directory");
        assertThat(Files.isSymbolicLink(dirLink)).isTrue();
        assertThat(TestFiles.names(dir)).isEmpty();
        assertThat(TestFiles.names(outDir)).containsExactlyInAnyOrder("null.json", "d.png");
        Files.delete(devNull);
        Files.delete(dirLink);
    }

    @Test
    void anOutputThatCannotBeCreatedIsFoundBeforeMeasuringAndNamesOptionPathAndCause()
            throws IOException {
        // /proc takes no new files, for root either
        Outcome o = run(dir.toString(), "--json", "-o", "/proc/drivespeed-test.json");
        assertThat(o.exitCode()).isEqualTo(2);
        // the path given, not the temporary file's name beside it
        assertThat(o.err()).isEqualTo("drivespeed: invalid value for option '-o':"
                + " '/proc/drivespeed-test.json': cannot be written there: its directory /proc"
                + " does not take new files (No such file or directory), and drivespeed writes the"
                + " results to a new file beside drivespeed-test.json and moves it into place;"
                + " give a path in a directory you can create files in\n");
        assertThat(o.err().lines()).hasSize(1);
        assertThat(o.out()).isEmpty();
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void theTemporaryFileIsRemovedWhenTheRunFailsAfterIt() throws IOException {
        Path json = outDir.resolve("r.json");
        Outcome refused = run(dir.toString(), "--rw", "read", "--bs", "8M", "--size", "4M",
                "--json", "-o", json.toString(), "--chart", outDir.resolve("r.png").toString());
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(TestFiles.names(outDir)).isEmpty();
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aChartNameNotEndingInPngIsRefusedAndAnyCaseOfPngIsTaken() throws IOException {
        Outcome jpg = run(dir.toString(), "--chart", outDir.resolve("x.jpg").toString());
        assertThat(jpg.exitCode()).isEqualTo(2);
        assertThat(jpg.err()).isEqualTo("drivespeed: invalid value for option '--chart': '"
                + outDir.resolve("x.jpg") + "': the chart is a PNG image; give a name ending in"
                + " .png\n");
        assertThat(jpg.out()).isEmpty();
        Outcome upper = smallRun("--quiet", "--chart", outDir.resolve("X.PNG").toString());
        assertThat(upper.exitCode()).as(upper.err()).isZero();
        assertThat(ImageIO.read(outDir.resolve("X.PNG").toFile()).getWidth()).isEqualTo(800);
        assertThat(TestFiles.names(dir)).isEmpty();
    }
}
