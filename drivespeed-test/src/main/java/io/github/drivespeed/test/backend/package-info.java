/**
 * I/O backends for users' own tests: real I/O through another backend (the pure-Java one unless
 * another is given), with a fault injected ({@link io.github.drivespeed.test.backend.FaultyBackend}:
 * an EIO at a chosen offset, short transfers), every call recorded
 * ({@link io.github.drivespeed.test.backend.RecordingBackend}), or every byte read back checked
 * against an in-memory copy of what was written
 * ({@link io.github.drivespeed.test.backend.CheckingBackend}); and
 * {@link io.github.drivespeed.test.backend.ForwardingBackend}, the base for one's own. Give one to
 * a plan with {@code backend(...)}.
 *
 * <p>A supported API of drivespeed-test, documented and kept compatible as the rest of the
 * public API is. This package depends on drivespeed's public API only: drivespeed-core's own
 * tests compile its sources too (Maven refuses a cycle between core and this module even at
 * test scope), and leave them out of core's test-jar.
 */
package io.github.drivespeed.test.backend;
