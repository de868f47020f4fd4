/** Example: a Spring Boot Actuator health indicator for a drive's measured speed, cached. */
package io.github.drivespeed.examples.health;
