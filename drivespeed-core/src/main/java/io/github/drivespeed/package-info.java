/**
 * drivespeed: measures drive read and write speed correctly, in-process.
 *
 * <p>Start at {@link io.github.drivespeed.DriveSpeed#on(java.nio.file.Path)}. Units are in every
 * method name that returns a number: bytes, nanoseconds, bytes per second, MB/s (10^6 bytes per
 * second, as dd prints) and MiB/s (2^20 bytes per second, as fio prints).
 */
package io.github.drivespeed;
