/**
 * What the measuring itself did, beside the drive's figures: which engine issued the I/O and at
 * which queue depth ({@link io.github.drivespeed.report.engine.EngineInfo}), how many I/Os it
 * kept in the kernel at once ({@link io.github.drivespeed.report.engine.InFlight}), and the CPU
 * time the measuring took per I/O ({@link io.github.drivespeed.report.engine.CpuUsage}, with the
 * I/O threads' own context switches and page faults,
 * {@link io.github.drivespeed.report.engine.ThreadEvents}). Immutable values that depend on no
 * other package of drivespeed but {@code parameters} and {@code unit}; the reports of
 * {@link io.github.drivespeed.report} hold them.
 */
package io.github.drivespeed.report.engine;
