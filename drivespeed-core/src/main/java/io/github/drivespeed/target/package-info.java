/**
 * What was measured, a {@link io.github.drivespeed.target.Target}: a directory's
 * {@link io.github.drivespeed.target.TargetInfo} (its mount and file system, the block devices down
 * to the disks, the bus link, and the warnings they imply), read from
 * {@code /proc/self/mountinfo} and {@code /sys} without writing anything and returned by
 * {@link io.github.drivespeed.DriveSpeed#probe(java.nio.file.Path)}; or a raw block device's
 * {@link io.github.drivespeed.target.DeviceInfo}. Every report names its target.
 */
package io.github.drivespeed.target;
