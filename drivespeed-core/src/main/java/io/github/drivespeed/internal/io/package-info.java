/**
 * The I/O loop: one worker's reads and writes of a file or device ({@link
 * io.github.drivespeed.internal.io.IoLoop}) and what it calls per I/O (the queue, the offset and
 * direction generators, the write pool's stamped blocks, the latency and timeline recorders, the
 * stop signal), and the mapping of failed I/O to the library's exceptions. The engine's floor:
 * it depends on no other room of the engine.
 */
package io.github.drivespeed.internal.io;
