package io.github.drivespeed.internal.io;

import io.github.drivespeed.spi.IoQueue;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The file an {@link IoLoop} works on: the queue its I/Os go through (whose depth is the loop's),
 * the bytes of each I/O, and how a failure names the file and the work.
 *
 * @param queue where the I/Os go
 * @param blockBytes bytes per I/O
 * @param name the file (or device), for messages; may be null
 * @param what for example {@code write pass of run 2}, for messages
 * @param plannedBytes measured bytes the loop is to move, or -1 when time-based, for messages
 */
public record LoopFile(IoQueue queue, long blockBytes, Path name, String what,
        long plannedBytes) {

    /**
     * Checks the queue.
     *
     * @param queue where the I/Os go
     * @param blockBytes bytes per I/O
     * @param name the file, for messages
     * @param what the work, for messages
     * @param plannedBytes measured bytes to move, or -1 when time-based
     * @throws NullPointerException if {@code queue} is null
     */
    public LoopFile {
        Objects.requireNonNull(queue, "queue");
    }
}
