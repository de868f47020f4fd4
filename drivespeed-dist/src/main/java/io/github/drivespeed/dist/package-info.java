/**
 * What the distribution generates from the command at build time: the AsciiDoc source of its man
 * page and its bash completion script, both from the command's own picocli model.
 */
package io.github.drivespeed.dist;
