package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A {@code bin/fio} link, first on the PATH of the commands a test starts, to a launcher that
 * runs this build's command under the name it was started under, as the repository's
 * {@code drivespeed} script does; {@code bin/drivespeed} is a second link to it.
 *
 * <p>With the system property {@code drivespeed.test.fio} set to a fio executable (for example
 * {@code -Ddrivespeed.test.fio=/usr/bin/fio}), {@code bin/fio} links to that fio instead, so that
 * the same tests show what fio itself does; {@link #isDrivespeed()} tells which.
 */
final class FioOnPath {

    /** A finished command: its exit code, standard output and standard error. */
    record Run(int exitCode, String out, String err) { }

    private final Path dir;
    private final Path bin;
    private final boolean drivespeed;

    /**
     * @param dir a scratch directory of the test; {@code bin/} and the launcher go there
     */
    FioOnPath(Path dir) throws IOException {
        this.dir = dir;
        this.bin = Files.createDirectories(dir.resolve("bin"));
        Path launcher = dir.resolve("drivespeed-launcher");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Files.writeString(launcher, "#!/bin/sh\nexec '" + java + "' -Ddrivespeed.invokedAs="
                + "\"$(basename \"$0\")\" -cp '" + System.getProperty("java.class.path")
                + "' " + Main.class.getName() + " \"$@\"\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        String realFio = System.getProperty("drivespeed.test.fio", "");
        this.drivespeed = realFio.isEmpty();
        Files.createSymbolicLink(bin.resolve("fio"), drivespeed ? launcher : Path.of(realFio));
        Files.createSymbolicLink(bin.resolve("drivespeed"), launcher);
    }

    /** @return whether {@code fio} is this build's command (not a real fio) */
    boolean isDrivespeed() {
        return drivespeed;
    }

    /**
     * A command found as the front ends find it: {@code env(1)} searches the child's PATH, where
     * {@link ProcessBuilder} would search this JVM's (and find Debian's fio).
     */
    ProcessBuilder command(Path cwd, String... args) {
        List<String> line = new ArrayList<>(List.of("/usr/bin/env"));
        line.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(line).directory(cwd.toFile());
        Map<String, String> env = pb.environment();
        env.put("PATH", bin + ":" + System.getenv("PATH"));
        // Python tools leave no __pycache__ beside the copies under test resources.
        env.put("PYTHONDONTWRITEBYTECODE", "1");
        return pb;
    }

    /**
     * Runs a command to its end (at most 2 minutes).
     *
     * @param cwd its working directory
     * @param args the command and its arguments
     * @return how it ended
     */
    Run run(Path cwd, String... args) throws IOException, InterruptedException {
        return run(command(cwd, args));
    }

    /**
     * Runs a prepared command to its end (at most 2 minutes).
     *
     * @param pb the command
     * @return how it ended
     */
    Run run(ProcessBuilder pb) throws IOException, InterruptedException {
        Path stderr = Files.createTempFile(dir, "stderr", ".txt");
        Process p = pb.redirectError(stderr.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("finished").isTrue();
        String err = Files.readString(stderr);
        Files.delete(stderr);
        return new Run(p.exitValue(), out, err);
    }
}
