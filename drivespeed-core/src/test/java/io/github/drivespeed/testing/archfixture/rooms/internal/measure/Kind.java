package io.github.drivespeed.testing.archfixture.rooms.internal.measure;

import io.github.drivespeed.testing.archfixture.rooms.internal.workload.Job;

/** Fixture: a kind of measurement that runs a workload. */
public final class Kind {
    public static String name() {
        return new Job().toString();
    }
}
