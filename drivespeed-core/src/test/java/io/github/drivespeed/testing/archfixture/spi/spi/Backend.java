package io.github.drivespeed.testing.archfixture.spi.spi;

import io.github.drivespeed.testing.archfixture.spi.unit.Size;

/** Fixture: a service-provider interface that uses a value of the project. */
public interface Backend {
    Size alignment();
}
