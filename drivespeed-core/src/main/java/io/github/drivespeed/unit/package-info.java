/**
 * Amounts and rates as immutable values: {@link io.github.drivespeed.unit.DataSize} (bytes, in
 * dd's size grammar made strict), {@link io.github.drivespeed.unit.Throughput} (bytes per second,
 * printed in MB/s = 10^6 B/s and MiB/s = 2^20 B/s, never mixed up) and
 * {@link io.github.drivespeed.unit.Nanoseconds} (durations as fio prints and parses them).
 * Depends on nothing else of drivespeed.
 */
package io.github.drivespeed.unit;
