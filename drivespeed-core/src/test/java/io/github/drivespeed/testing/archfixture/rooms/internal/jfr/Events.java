package io.github.drivespeed.testing.archfixture.rooms.internal.jfr;

import io.github.drivespeed.testing.archfixture.rooms.internal.workload.Job;

/** Fixture: flight events that reach into a workload instead of reading its report. */
public final class Events {
    public String of(Job job) {
        return job.toString();
    }
}
