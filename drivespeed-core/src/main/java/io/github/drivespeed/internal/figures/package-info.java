/**
 * What the public values and the engine share, depending on no package of the project but
 * {@code warning}: the size text of reports and refusals, and the thresholds that make a pass
 * too short or a pause a stall. Not API: the values' own accessors say what they found.
 */
package io.github.drivespeed.internal.figures;
