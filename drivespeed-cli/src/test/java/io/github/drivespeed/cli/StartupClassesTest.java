package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.testing.TestFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a short command loads, read from a child JVM's class-loading log: front ends start the
 * command once per measurement, so what a command does not use stays unloaded. {@code --version}
 * loads no engine, native binding, logging, output library, Flight Recorder or annotation proxy
 * (the command's model is built without annotations); {@code --version} or {@code -V} alone, as
 * front ends ask it, not even the command line's model; a one-block run
 * loads no Flight Recorder (no recording is on) and starts no child process (JNA's
 * {@code ldconfig -p}).
 */
class StartupClassesTest {

    @TempDir
    Path dir;

    /** Runs the command in a child JVM; returns the classes it loaded, one name a line. */
    private List<String> loadedClasses(List<String> out, String... args) throws Exception {
        return loadedClassesAs("drivespeed", out, args);
    }

    /** The same, started under the name {@code invokedAs} (as the launcher passes it). */
    private List<String> loadedClassesAs(String invokedAs, List<String> out, String... args)
            throws Exception {
        Path log = dir.resolve("classes.log");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xlog:class+load=info:file=" + log + ":none",
                "-D" + Main.INVOKED_AS + "=" + invokedAs,
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        out.add(output);
        return Files.readAllLines(log).stream().map(line -> line.split(" ", 2)[0]).toList();
    }

    @Test
    void versionAloneBuildsNoCommandLine() throws Exception {
        for (String option : List.of("--version", "-V")) {
            List<String> out = new ArrayList<>();
            List<String> classes = loadedClasses(out, option);

            assertThat(out.get(0)).as(option).isEqualTo(Version.line() + System.lineSeparator());
            assertThat(classes).as(option).contains(Main.class.getName())
                    .doesNotContain("picocli.CommandLine")
                    .noneMatch(c -> c.startsWith("io.github.drivespeed.cli.options."))
                    .noneMatch(c -> c.startsWith("com.sun.jna."));
        }
    }

    @Test
    void versionAloneStartedAsFioAnswersAsFio() throws Exception {
        List<String> out = new ArrayList<>();
        List<String> classes = loadedClassesAs(Main.FIO_NAME, out, "--version");

        assertThat(out.get(0)).isEqualTo(Version.fioLine() + System.lineSeparator())
                .startsWith("fio-3.");
        assertThat(classes).doesNotContain("picocli.CommandLine");
    }

    @Test
    void versionBesideAnotherOptionLoadsOnlyTheCommandLine() throws Exception {
        List<String> out = new ArrayList<>();
        List<String> classes = loadedClasses(out, "--version", "--verbose");

        assertThat(out.get(0)).isEqualTo(Version.line() + System.lineSeparator());
        assertThat(classes).contains(Main.class.getName(), "picocli.CommandLine")
                .noneMatch(c -> c.startsWith("jdk.jfr."))
                .noneMatch(c -> c.startsWith("com.sun.jna."))
                .noneMatch(c -> c.startsWith("org.slf4j."))
                .noneMatch(c -> c.startsWith("com.fasterxml.jackson."))
                .noneMatch(c -> c.startsWith("org.jfree."))
                .noneMatch(c -> c.startsWith("io.micrometer."))
                .noneMatch(c -> c.startsWith("io.github.drivespeed.internal."))
                .noneMatch(c -> c.startsWith("io.github.drivespeed.nativeio."))
                .noneMatch(c -> c.startsWith("java.sql."))
                // the model is built without annotations, whose values come as proxies
                .noneMatch(c -> c.startsWith("jdk.proxy") || c.startsWith("com.sun.proxy."))
                // the synopsis is made when the help is printed
                .doesNotContain("io.github.drivespeed.cli.options.HelpText",
                        "io.github.drivespeed.cli.options.Synopsis");
    }

    @Test
    void aOneBlockRunLoadsNoFlightRecorderAndStartsNoProcess() throws Exception {
        Path target = Files.createDirectory(dir.resolve("t"));
        List<String> out = new ArrayList<>();
        List<String> classes = loadedClasses(out, target.toString(), "--block-size", "1M",
                "--count", "1", "--runs", "1", "--direct-or-buffered");

        assertThat(out.get(0)).contains("write:", "read:");
        assertThat(classes).contains("io.github.drivespeed.internal.jfr.FlightEvents")
                .noneMatch(c -> c.startsWith("jdk.jfr.Event"))
                .noneMatch(c -> c.startsWith("jdk.jfr.internal."))
                .doesNotContain("java.lang.ProcessBuilder", "java.lang.ProcessImpl");
        assertThat(TestFiles.names(target)).isEmpty();
    }
}
