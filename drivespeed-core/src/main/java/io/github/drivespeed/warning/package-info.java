/**
 * {@link io.github.drivespeed.warning.Warning}: what may make a figure differ from the drive's
 * own speed, carried by targets (a virtual disk, a sync mount) and by passes (zero-filled data, a
 * read served from a cache) alike, so it sits below both.
 */
package io.github.drivespeed.warning;
