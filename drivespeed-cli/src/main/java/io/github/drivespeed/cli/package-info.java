/**
 * The {@code drivespeed} command line: the library's sequential write/read test on a directory,
 * printed like the classic test-drive-speed script.
 */
package io.github.drivespeed.cli;
