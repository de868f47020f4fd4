/** Example: measure an application's data directory at start-up and log a warning when slow. */
package io.github.drivespeed.examples.startup;
