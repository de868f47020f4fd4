/**
 * Listeners told what a running measurement is doing, for a progress display:
 * {@link io.github.drivespeed.progress.ProgressListener} (sequential and device passes) and
 * {@link io.github.drivespeed.progress.WorkloadListener} (workload stages). Called on the
 * measuring threads, never per I/O.
 */
package io.github.drivespeed.progress;
