/**
 * What is examined and checked before a byte is written: the target (a directory, or a block
 * device and the guard before writing it), the backend chosen for it, and the settings held
 * against both (block size, direct-I/O alignment, memory, free space). Creates and writes
 * nothing; depends on the I/O loop's failure mapping, the probe and the pure-Java backend only.
 */
package io.github.drivespeed.internal.preflight;
