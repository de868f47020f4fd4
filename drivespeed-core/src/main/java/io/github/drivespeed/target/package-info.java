/**
 * What was measured: {@link io.github.drivespeed.target.TargetInfo} (the directory, its mount and
 * file system, the block devices down to the disks, the bus link, and the warnings they imply),
 * read from {@code /proc/self/mountinfo} and {@code /sys} without writing anything. Returned by
 * {@link io.github.drivespeed.DriveSpeed#probe(java.nio.file.Path)} and by every report.
 */
package io.github.drivespeed.target;
