package io.github.drivespeed.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds this repository's test beds ({@code testbed/NAME}) from the working directory up. */
public final class Testbeds {

    private Testbeds() {
    }

    /**
     * @param name the test bed, for example {@code fake-flash}
     * @return its script
     * @throws IllegalStateException if no {@code testbed/NAME} is above the working directory
     */
    public static Path script(String name) {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path s = d.resolve("testbed").resolve(name);
            if (Files.isExecutable(s)) {
                return s;
            }
        }
        throw new IllegalStateException("testbed/" + name + " not found above "
                + Path.of("").toAbsolutePath());
    }
}
