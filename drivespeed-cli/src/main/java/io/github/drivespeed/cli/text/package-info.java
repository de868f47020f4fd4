/** The text the command prints as it measures and after: headers, run lines, tables. */
package io.github.drivespeed.cli.text;
