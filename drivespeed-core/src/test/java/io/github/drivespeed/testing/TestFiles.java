package io.github.drivespeed.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Looks for files in test directories. */
public final class TestFiles {

    private TestFiles() {
    }

    /**
     * @param dir a directory
     * @return the names of the entries in it, sorted
     * @throws IOException if it cannot be listed
     */
    public static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    /**
     * @param dir a directory
     * @return the drivespeed test files in it
     * @throws IOException if it cannot be listed
     */
    public static List<Path> testFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().matches("drivespeed-.*\\.tmp"))
                    .sorted().collect(Collectors.toList());
        }
    }
}
