/**
 * What the checks of a medium found besides its figures: the kind of medium a capacity probe
 * found ({@link io.github.drivespeed.report.medium.MediumKind}) and the size of its cache of
 * recent writes ({@link io.github.drivespeed.report.medium.CacheEstimate}), the blocks a
 * read-only device test read as one byte repeated
 * ({@link io.github.drivespeed.report.medium.ConstantFill}), and the untimed warm-up's write of
 * new blocks ({@link io.github.drivespeed.report.medium.WarmUpWrite}), what a read-back found
 * ({@link io.github.drivespeed.report.medium.Verification},
 * {@link io.github.drivespeed.report.medium.DataLossKind}), and what a timeline showed: a write
 * cache's cliff, a drop in rate, a stall ({@link io.github.drivespeed.report.medium.CacheCliff},
 * {@link io.github.drivespeed.report.medium.RateDrop},
 * {@link io.github.drivespeed.report.medium.Stall}). Immutable values that
 * depend on no other package of drivespeed but {@code unit} and {@code warning}; the reports of
 * {@link io.github.drivespeed.report} hold them.
 */
package io.github.drivespeed.report.medium;
