/**
 * Spring Boot auto-configuration for drivespeed: the directories in {@code drivespeed.paths}
 * measured on a schedule ({@link io.github.drivespeed.spring.boot.DriveSpeedSchedules}), a
 * health contributor per directory
 * ({@link io.github.drivespeed.spring.boot.DriveSpeedHealthIndicator}) and drivespeed-micrometer's
 * meters; nothing at all unless {@code drivespeed.paths} is set.
 */
package io.github.drivespeed.spring.boot;
