package io.github.drivespeed.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command on a Java that restricts native access (JEP 472: Java 24 and newer warn on the
 * standard error when a library calls {@link System#load} without it): a real measurement with
 * the native backend, through the launcher and through {@code java -jar} (the jar's manifest
 * alone), prints no WARNING line and runs the native backend with its JNI stub; with native
 * access denied and not granted, the backend the report names says why and how to grant it.
 *
 * <p>The runtime is the first Java 24 or newer under {@code /usr/lib/jvm} (or the Java home in
 * the system property {@code drivespeed.test.javaHome24}); without one the tests are skipped
 * with the reason, except under {@code CI=true}, where that is a failure (CI machines have a
 * Temurin 25).
 */
class NativeAccessTest {

    private static Path javaHome;

    @TempDir
    Path root;

    @BeforeAll
    static void findJava24OrNewer() throws IOException {
        Optional<Path> found = Optional.ofNullable(System.getProperty("drivespeed.test.javaHome24"))
                .map(Path::of).or(NativeAccessTest::underUsrLibJvm);
        if (found.isEmpty() && "true".equals(System.getenv("CI"))) {
            fail("no Java 24 or newer under /usr/lib/jvm (CI=true: CI machines have one)");
        }
        assumeTrue(found.isPresent(), "no Java 24 or newer under /usr/lib/jvm");
        javaHome = found.get();
    }

    private static Optional<Path> underUsrLibJvm() {
        try (Stream<Path> homes = Files.list(Path.of("/usr/lib/jvm"))) {
            return homes.filter(h -> Files.isExecutable(h.resolve("bin/java")))
                    .filter(h -> featureRelease(h) >= 24).sorted().findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** @return the feature release a Java home's {@code release} file names, or 0 */
    private static int featureRelease(Path home) {
        try {
            for (String line : Files.readAllLines(home.resolve("release"))) {
                if (line.startsWith("JAVA_VERSION=")) {
                    String v = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                    return Integer.parseInt(v.split("[.+-]")[0]);
                }
            }
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }

    /** The process's standard output and standard error, read apart. */
    private record Run(int exitCode, String out, String err) {
    }

    private Run run(List<String> command, boolean javaHomeSet) throws Exception {
        Path err = root.resolve("stderr.txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(err.toFile());
        if (javaHomeSet) {
            builder.environment().put("JAVA_HOME", javaHome.toString());
        }
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int code = process.waitFor();
        return new Run(code, out, Files.readString(err));
    }

    /**
     * Measures a new directory with the native backend, started by {@code start}, and asserts
     * the native backend ran with its JNI stub, no WARNING line, nothing left behind.
     */
    private void measuresNativelyWithoutWarning(List<String> start, boolean javaHomeSet)
            throws Exception {
        Path dir = Files.createDirectories(root.resolve("measured"));
        List<String> command = new ArrayList<>(start);
        command.addAll(List.of(dir.toString(), "--block-size", "1M", "--count", "8", "--runs",
                "1", "--backend", "native", "--verbose"));
        Run r = run(command, javaHomeSet);
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).as("standard error").doesNotContain("WARNING");
        assertThat(r.out()).contains("backend:    native (Linux ")
                .containsPattern("per-I/O system calls through the JNI stub linux-[^/]+"
                        + "/libdrivespeed\\.so");
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void theLauncherMeasuresWithTheNativeBackendAndPrintsNoWarning() throws Exception {
        Path launcher = Installed.launcher(root.resolve("share/drivespeed"));
        measuresNativelyWithoutWarning(List.of(launcher.toString()), true);
    }

    @Test
    void javaDashJarMeasuresWithTheNativeBackendAndPrintsNoWarning() throws Exception {
        measuresNativelyWithoutWarning(List.of(javaHome.resolve("bin/java").toString(), "-jar",
                Installed.execJar().toString()), false);
    }

    @Test
    void deniedNativeAccessFallsBackNamingTheFlagThatGrantsIt() throws Exception {
        Path dir = Files.createDirectories(root.resolve("measured"));
        // the class path, not -jar: the manifest's grant does not apply
        List<String> command = new ArrayList<>(List.of(javaHome.resolve("bin/java").toString(),
                "--illegal-native-access=deny", "-cp", Installed.execJar().toString(),
                "io.github.drivespeed.cli.Main", dir.toString(), "--block-size", "1M",
                "--count", "8", "--runs", "1", "--verbose"));
        Run r = run(command, false);
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("backend:    java (pure Java", "fell back: native backend"
                + " unavailable: the Java runtime denies native access",
                "--enable-native-access=ALL-UNNAMED (class path)");
        assertThat(dir).isEmptyDirectory();
    }
}
