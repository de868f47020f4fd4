/**
 * Example: a directory's drive watched with drivespeed-micrometer's meters and
 * drivespeed-spring-boot-starter's health indicator, outside Spring, on a plan of one's own.
 */
package io.github.drivespeed.examples.monitoring;
