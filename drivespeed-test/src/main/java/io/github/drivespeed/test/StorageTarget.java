package io.github.drivespeed.test;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where an {@link EnabledIfStorage} test's target is, and whether it is there and the kind
 * named: the one place both the condition and the parameters take it from.
 *
 * @param directory the directory to test in
 * @param source where it was named, for messages ({@code system property or configuration
 *     parameter drivespeed.storage.dir}, {@code environment variable DRIVESPEED_STORAGE_DIR},
 *     {@code @EnabledIfStorage(directory)})
 */
record StorageTarget(Path directory, String source) {

    /**
     * Finds the directory an annotation names: its property, else the property's environment
     * variable, else its {@code dir}.
     *
     * @param storage the annotation
     * @param configuration a JUnit configuration parameter or system property by name
     * @param environment an environment variable by name, or null
     * @return the target, or the reason there is none
     */
    static Located locate(EnabledIfStorage storage, Function<String, Optional<String>> configuration,
            Function<String, String> environment) {
        String property = storage.property();
        String variable = environmentVariable(property);
        Optional<String> configured = configuration.apply(property).filter(s -> !s.isBlank());
        if (configured.isPresent()) {
            return new Located(Optional.of(new StorageTarget(Path.of(configured.get().trim()),
                    "system property or configuration parameter " + property)), "");
        }
        String fromEnvironment = environment.apply(variable);
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            return new Located(Optional.of(new StorageTarget(Path.of(fromEnvironment.trim()),
                    "environment variable " + variable)), "");
        }
        if (!storage.directory().isBlank()) {
            return new Located(Optional.of(new StorageTarget(Path.of(storage.directory().trim()),
                    "@EnabledIfStorage(directory)")), "");
        }
        return new Located(Optional.empty(), "no storage to test: set the system property "
                + property + " (or the environment variable " + variable
                + ") to a directory, or give @EnabledIfStorage(directory = ...)");
    }

    /** A target, or why there is none. */
    record Located(Optional<StorageTarget> target, String reason) { }

    /**
     * @param property a property name, {@code drivespeed.storage.dir}
     * @return its environment variable, {@code DRIVESPEED_STORAGE_DIR}
     */
    static String environmentVariable(String property) {
        return property.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
    }

    /**
     * The {@code minFree} setting as a size.
     *
     * @param storage the annotation
     * @return the minimum usable space
     * @throws IllegalArgumentException naming the setting and the value if it is not a size
     */
    static DataSize minFree(EnabledIfStorage storage) {
        try {
            return DataSize.parse(storage.minFree());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("@EnabledIfStorage minFree: " + e.getMessage(), e);
        }
    }

    /**
     * Checks that the directory exists, is a directory and is the kind named; reads nothing but
     * the file system's description (the same read-only probe as {@link DriveSpeed#probe}).
     *
     * @param storage the annotation
     * @return why the test cannot run here, or empty when it can
     * @throws IOException if an existing directory cannot be probed
     */
    Optional<String> skipReason(EnabledIfStorage storage) throws IOException {
        DataSize minFree = minFree(storage);
        if (!Files.exists(directory)) {
            return Optional.of("storage absent: " + directory + " does not exist (from " + source
                    + ")");
        }
        if (!Files.isDirectory(directory)) {
            return Optional.of("storage is not a directory: " + directory + " (from " + source
                    + ")");
        }
        TargetInfo target = DriveSpeed.probe(directory);
        List<String> types = Arrays.asList(storage.fileSystemTypes());
        if (!types.isEmpty() && !types.contains(target.fileSystemType())) {
            return Optional.of("storage " + directory + " is on " + target.fileSystemType()
                    + ", not one of " + types + " (@EnabledIfStorage(fileSystem))");
        }
        for (Warning w : storage.skipIf()) {
            if (target.warnings().contains(w)) {
                return Optional.of("storage " + directory + " has warning " + w + " ("
                        + w.message() + "), which @EnabledIfStorage(skipIf) excludes");
            }
        }
        if (minFree.bytes() > 0 && target.usableSpaceBytes() < minFree.bytes()) {
            return Optional.of("storage " + directory + " has " + DataSize.ofBytes(
                    target.usableSpaceBytes()) + " usable, less than @EnabledIfStorage(minFree) "
                    + minFree + " (" + target + ")");
        }
        return Optional.empty();
    }
}
