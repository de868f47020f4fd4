package io.github.drivespeed.testing.archfixture.spi.unit;

/** Fixture: a value of the project. */
public record Size(long bytes) {
}
