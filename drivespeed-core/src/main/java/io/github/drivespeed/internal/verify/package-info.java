/**
 * What a pass checks about the medium beside its I/O loop: every block read back against what
 * was written (rule 7), in a ring of its own and on a checker thread behind the reads, and a write
 * pass's completion times for a cache cliff (rule 8). Depends on the I/O loop and on
 * {@code internal.genuine}'s classifications only.
 */
package io.github.drivespeed.internal.verify;
