package io.github.drivespeed.dist;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;

/** The command laid out as the tar.gz and the Debian package install it, for the tests. */
final class Installed {

    private Installed() {
    }

    /** {@return the executable jar drivespeed-cli built, as the test class path holds it} */
    static Path execJar() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(Path::of)
                .filter(p -> p.getFileName().toString().matches("drivespeed-cli-.*-exec\\.jar"))
                .findFirst().orElseThrow(() -> new AssertionError("no executable jar on the"
                        + " test class path: " + System.getProperty("java.class.path")));
    }

    /** @return bin/drivespeed under {@code home}, with the executable jar at lib/drivespeed.jar */
    static Path launcher(Path home) throws IOException {
        Path bin = Files.createDirectories(home.resolve("bin"));
        Files.createDirectories(home.resolve("lib"));
        Files.copy(execJar(), home.resolve("lib/drivespeed.jar"));
        Path launcher = Files.copy(Path.of("src/dist/bin/drivespeed"), bin.resolve("drivespeed"));
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        return launcher;
    }
}
