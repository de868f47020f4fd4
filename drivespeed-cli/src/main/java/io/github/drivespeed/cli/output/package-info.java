/** Machine-readable results: JSON and CSV, with the key names the README documents. */
package io.github.drivespeed.cli.output;
