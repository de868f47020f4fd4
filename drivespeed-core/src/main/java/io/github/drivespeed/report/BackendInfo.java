package io.github.drivespeed.report;

import java.util.Objects;
import java.util.Optional;

/**
 * Which I/O backend ran a measurement, and why a preferred one was not used.
 *
 * @param name the backend's short name, for example {@code java} for the pure-Java backend
 * @param description one line on how the backend does its I/O
 * @param fallbackReason why a preferred backend (for example the native one) could not be used,
 *     or empty when the best available backend ran
 * @since 0.1.0
 */
public record BackendInfo(String name, String description, Optional<String> fallbackReason) {

    /**
     * Checks that no field is null.
     *
     * @param name the backend's short name, for example {@code java} for the pure-Java backend
     * @param description one line on how the backend does its I/O
     * @param fallbackReason why a preferred backend (for example the native one) could not be used,
     *     or empty when the best available backend ran
     */
    public BackendInfo {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(fallbackReason, "fallbackReason");
    }

    @Override
    public String toString() {
        return name + " (" + description + ")"
                + fallbackReason.map(r -> "; fell back: " + r).orElse("");
    }
}
