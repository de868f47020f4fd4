/**
 * Where the results go: drivespeed's JSON and CSV (with the key names the README documents) and
 * the {@code --output}/{@code --chart} files, written whole or not at all.
 */
package io.github.drivespeed.cli.output;
