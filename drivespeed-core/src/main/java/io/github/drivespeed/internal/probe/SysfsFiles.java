package io.github.drivespeed.internal.probe;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * Reads sysfs attributes: small text files, symbolic links and directories. Whatever cannot be
 * read (absent, no permission, an attribute the driver refuses with EIO) is empty, never an error:
 * the probe reports what it can and leaves out the rest.
 */
final class SysfsFiles {

    private SysfsFiles() {
    }

    /**
     * @param file an attribute file
     * @return its text with surrounding white space (and the padding of SCSI strings) removed;
     *     empty if unreadable or blank
     */
    static Optional<String> text(Path file) {
        try {
            String s = new String(Files.readAllBytes(file), StandardCharsets.UTF_8).strip();
            return s.isEmpty() ? Optional.empty() : Optional.of(s);
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
    }

    /**
     * @param file an attribute holding a decimal integer
     * @return the number, empty if unreadable or not a number
     */
    static OptionalLong number(Path file) {
        Optional<String> t = text(file);
        if (t.isEmpty()) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(t.get()));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /**
     * The number a rate attribute starts with: {@code 3.0} of {@code 3.0 Gbps}, {@code 8.0} of
     * {@code 8.0 GT/s PCIe}, {@code 480} of {@code 480}.
     *
     * @param file an attribute file
     * @return the leading number, empty if unreadable or not starting with one ({@code <unknown>},
     *     {@code Unknown})
     */
    static OptionalDouble leadingNumber(Path file) {
        Optional<String> t = text(file);
        if (t.isEmpty()) {
            return OptionalDouble.empty();
        }
        String s = t.get();
        int end = 0;
        while (end < s.length() && (Character.isDigit(s.charAt(end)) || s.charAt(end) == '.')) {
            end++;
        }
        try {
            return end == 0 ? OptionalDouble.empty()
                    : OptionalDouble.of(Double.parseDouble(s.substring(0, end)));
        } catch (NumberFormatException e) {
            return OptionalDouble.empty();
        }
    }

    /**
     * @param link a symbolic link, for example {@code device/subsystem}
     * @return the last name of where it points ({@code scsi} for {@code ../../bus/scsi}), without
     *     following it; empty if it is not a readable link
     */
    static Optional<String> linkTargetName(Path link) {
        try {
            Path target = Files.readSymbolicLink(link).getFileName();
            return target == null ? Optional.empty() : Optional.of(target.toString());
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    /**
     * @param path a path that may pass through symbolic links
     * @return its real path, empty if it does not exist or cannot be resolved
     */
    static Optional<Path> realPath(Path path) {
        try {
            return Optional.of(path.toRealPath());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * @param dir a directory
     * @return its entries sorted by name; empty if it is absent or unreadable
     */
    static List<Path> entries(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            return List.of();
        }
    }
}
