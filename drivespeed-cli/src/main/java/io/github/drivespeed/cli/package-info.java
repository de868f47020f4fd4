/**
 * The {@code drivespeed} command line: the main class, the top-level command that picks the form
 * and its runner, and the notice printed when the process is interrupted. The sub-packages:
 * {@code options} (the one table of the options: names, forms, conversions, setters), {@code run}
 * (one runner per form), {@code output} (JSON, CSV and the output files), {@code text},
 * {@code progress}, {@code results} and {@code chart}.
 */
package io.github.drivespeed.cli;
