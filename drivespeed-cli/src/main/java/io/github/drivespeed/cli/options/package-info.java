/**
 * The one table of the command line's options, {@link
 * io.github.drivespeed.cli.options.OptionTable}: each option's row (its names and fio's, the forms
 * it goes with, its conversion, the setting it sets, its help), declared by theme, and
 * {@link io.github.drivespeed.cli.options.OptionSetters}, the setter each calls on each kind of
 * plan; and what reads them for one command line: the options given, the form, the refusals of
 * options that do not go with it.
 */
package io.github.drivespeed.cli.options;
