/**
 * fio-style workloads: jobs over one fully written test file (prepared by the measurement
 * template of {@code internal.measure}), their engines and queues, their workers released
 * together, their groups run side by side, stages told to a listener, and the CPU and thread
 * accounting of each run. Only the plans of the root package use it.
 */
package io.github.drivespeed.internal.workload;
