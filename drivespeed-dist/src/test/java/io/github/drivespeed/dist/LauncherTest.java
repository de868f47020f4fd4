package io.github.drivespeed.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/drivespeed, laid out as in the tar.gz beside the executable jar, runs the command from
 * any directory and through symbolic links to it, relative or absolute, as /usr/bin/drivespeed
 * is in the Debian package; through a link named fio it answers as fio; a JAVA_HOME without a
 * java is an error, not passed over; a deleted working directory is one line and exit code 2.
 */
class LauncherTest {

    @TempDir
    Path root;


    /** @return the first line of {@code drivespeed --version} run as {@code command} in {@code dir} */
    private static String version(Path command, Path dir) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command.toString(), "--version").directory(dir.toFile())
                .redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(out).isZero();
        return out.strip();
    }

    @Test
    void runsFromAnotherDirectoryAndThroughRelativeAndAbsoluteSymlinks() throws Exception {
        Path launcher = Installed.launcher(root.resolve("share/drivespeed"));
        Path usrBin = Files.createDirectories(root.resolve("bin"));
        Path relative = Files.createSymbolicLink(usrBin.resolve("drivespeed"),
                Path.of("../share/drivespeed/bin/drivespeed"));
        Path absolute = Files.createSymbolicLink(root.resolve("ds"), launcher);
        Path chained = Files.createSymbolicLink(root.resolve("ds2"), Path.of("bin/drivespeed"));
        Path elsewhere = Files.createDirectories(root.resolve("elsewhere"));

        for (Path command : new Path[] {launcher, relative, absolute, chained}) {
            assertThat(version(command, elsewhere)).as(command.toString())
                    .startsWith("drivespeed 0.1.0");
        }
    }

    @Test
    void saysWhatIsMissingWhenTheJarIsNotBesideIt() throws Exception {
        Path launcher = Installed.launcher(root);
        Files.delete(root.resolve("lib/drivespeed.jar"));

        Process process = new ProcessBuilder(launcher.toString(), "--version")
                .redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).isEqualTo(127);
        assertThat(out).contains("drivespeed: ", "lib/drivespeed.jar is missing");
    }

    @Test
    void aDeletedWorkingDirectoryIsOneLineAndExitCodeTwoNotAJavaStackTrace() throws Exception {
        Path launcher = Installed.launcher(root.resolve("share/drivespeed"));
        // the repository's own launcher too (this module's tests run in drivespeed-dist/): it
        // checks before it would build anything
        Path repositoryLauncher = Path.of("..", "drivespeed").toAbsolutePath().normalize();
        for (Path command : new Path[] {launcher, repositoryLauncher}) {
            Process process = new ProcessBuilder("sh", "-c",
                    "mkdir gone && cd gone && rmdir ../gone && exec \"$0\" --version",
                    command.toString()).directory(root.toFile()).redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes(),
                    StandardCharsets.UTF_8);
            assertThat(process.waitFor()).as(command + ": " + out).isEqualTo(2);
            assertThat(out).as(command.toString())
                    .contains("drivespeed: the current directory no longer exists")
                    .doesNotContain("java.lang", "Exception");
        }
    }

    @Test
    void throughALinkNamedFioItAnswersAsFio() throws Exception {
        Path launcher = Installed.launcher(root.resolve("share/drivespeed"));
        Path fio = Files.createSymbolicLink(root.resolve("fio"), launcher);
        assertThat(version(fio, root)).startsWith("fio-3.33-drivespeed-0.1.0");
    }

    @Test
    void aJavaHomeWithoutJavaIsAnErrorNamingIt() throws Exception {
        Path launcher = Installed.launcher(root);
        Path empty = Files.createDirectories(root.resolve("no-java"));
        ProcessBuilder builder = new ProcessBuilder(launcher.toString(), "--version")
                .redirectErrorStream(true);
        builder.environment().put("JAVA_HOME", empty.toString());
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(out).isEqualTo(127);
        assertThat(out).contains("JAVA_HOME is " + empty, "holds no bin/java");
    }
}
