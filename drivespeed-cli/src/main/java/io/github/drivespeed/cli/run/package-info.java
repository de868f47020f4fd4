/**
 * One runner per form of the command (the sequential directory test, workloads, the device test,
 * the probe), each building its plan with the option table's setters, the requirement check, the
 * end of a run (verdict, results written), the exit codes and the one-line errors.
 */
package io.github.drivespeed.cli.run;
