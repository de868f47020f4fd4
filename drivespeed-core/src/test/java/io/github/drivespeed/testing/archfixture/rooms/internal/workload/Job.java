package io.github.drivespeed.testing.archfixture.rooms.internal.workload;

/** Fixture: a workload. */
public final class Job {
    @Override
    public String toString() {
        return "job";
    }
}
