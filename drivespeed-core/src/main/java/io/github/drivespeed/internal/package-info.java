/**
 * Implementation details; not part of the public API and free to change between versions.
 */
package io.github.drivespeed.internal;
