/**
 * Whether a medium is genuine: the classification of sectors read back (f3, h2testw), the tally
 * of lost data, the location of a write-cache cliff in a pass's completion times, and the
 * capacity probe's reasoning. Pure computation on buffers and numbers; no I/O.
 */
package io.github.drivespeed.internal.genuine;
