/**
 * What one command-line run measured, as one value: the target, the jobs (a sequential test or a
 * workload each) and the requirement check; the JSON and CSV writers and the charts read it.
 */
package io.github.drivespeed.cli.results;
