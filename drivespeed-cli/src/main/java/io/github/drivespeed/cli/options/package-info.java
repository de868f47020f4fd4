/**
 * The command line's options, one picocli mixin per group, and {@link
 * io.github.drivespeed.cli.options.OptionTable}: which option goes with which form of the command
 * and which exclude each other.
 */
package io.github.drivespeed.cli.options;
