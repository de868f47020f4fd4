/**
 * What a measurement puts on disk besides its I/O, and what it finds there: its test files
 * (created under fresh names, registered with the shutdown hook, locked, removed on every path),
 * other runs' test files (leftovers removed, live ones reported), existing files a workload may
 * run over, and the drive's lock files. Depends on the I/O loop's failure mapping only.
 */
package io.github.drivespeed.internal.files;
