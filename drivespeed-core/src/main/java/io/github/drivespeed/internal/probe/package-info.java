/**
 * The target probe: what file system, mount, block devices, disks and bus links lie under a
 * directory, read from {@code /proc/self/mountinfo} and {@code /sys} in pure Java (no child
 * processes), with the roots of both injectable so that tests can point them at fixture trees.
 */
package io.github.drivespeed.internal.probe;
