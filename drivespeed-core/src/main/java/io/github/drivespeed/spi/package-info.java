/**
 * The service-provider interface between the measurement engine and the code that does the I/O.
 *
 * <p>The engine does every file operation through an {@link io.github.drivespeed.spi.IoBackend}:
 * it asks for the direct-I/O alignment, allocates aligned buffers, creates a new test file, and
 * moves blocks with positional reads and writes. Backends are found with
 * {@link java.util.ServiceLoader}; the one with the highest {@link
 * io.github.drivespeed.spi.IoBackend#priority() priority} that reports itself available is used,
 * and the built-in pure-Java backend is the fallback that is always available.
 *
 * <p>A backend performs single calls; the engine loops over short transfers, checks for
 * interruption between blocks, times the passes and removes test files.
 */
package io.github.drivespeed.spi;
