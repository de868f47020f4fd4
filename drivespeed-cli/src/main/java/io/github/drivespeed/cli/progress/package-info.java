/** Progress on standard error while a measurement runs: the one-line progress bar. */
package io.github.drivespeed.cli.progress;
