package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.cli.output.OutputSchema;
import io.github.drivespeed.testing.TestFiles;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Results that cannot be written to standard output (a full disk behind {@code > file}, here
 * {@code /dev/full}) are an I/O failure, exit 3, never a silent success: the real main class in
 * a child JVM, its standard output on {@code /dev/full}.
 */
class StdoutFailureTest {

    @TempDir
    Path dir;

    private Process run(File stdout, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectOutput(stdout).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return p;
    }

    @ParameterizedTest
    @ValueSource(strings = {"--json", "--csv", "--runs"})
    void aFullStandardOutputIsAnIoFailure(String format) throws Exception {
        Path target = Files.createDirectory(dir.resolve("t"));
        List<String> args = new java.util.ArrayList<>(List.of(target.toString(), "--block-size",
                "1M", "--count", "4", "--runs", "1"));
        if (!format.equals("--runs")) {
            args.add(format);
        }
        Process p = run(new File("/dev/full"), args.toArray(String[]::new));
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(err).isEqualTo(3);
        assertThat(err).contains(format.equals("--runs")
                ? "could not write the text summary to standard output"
                : "could not write the results to standard output");
        assertThat(TestFiles.names(target)).isEmpty();
    }

    @Test
    void aFullStandardOutputWithTheResultsInAFileSaysWhereTheyAre() throws Exception {
        Path target = Files.createDirectory(dir.resolve("t"));
        Path json = dir.resolve("r.json");
        Process p = run(new File("/dev/full"), target.toString(), "--block-size", "1M",
                "--count", "4", "--runs", "1", "--json", "-o", json.toString());
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(err).isEqualTo(3);
        assertThat(err).contains("could not write the text summary to standard output (closed"
                + " before the end?); the results are in " + json);
        assertThat(OutputSchema.read(json).has("schema_version")).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"--version", "-V"})
    void aVersionThatCannotBeWrittenIsAnIoFailure(String option) throws Exception {
        Process p = run(new File("/dev/full"), option);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(err).isEqualTo(3);
        assertThat(err).isEqualTo("drivespeed: could not write the version to standard output: No"
                + " space left on device" + System.lineSeparator());
    }

    @Test
    void theSameRunToARealFileSucceeds() throws Exception {
        Path target = Files.createDirectory(dir.resolve("t"));
        File out = dir.resolve("out.json").toFile();
        Process p = run(out, target.toString(), "--block-size", "1M", "--count", "4", "--runs",
                "1", "--json");
        assertThat(p.exitValue()).isZero();
        assertThat(OutputSchema.read(out.toPath()).has("schema_version")).isTrue();
    }
}
