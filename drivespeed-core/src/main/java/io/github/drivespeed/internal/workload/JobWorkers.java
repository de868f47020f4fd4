package io.github.drivespeed.internal.workload;

import io.github.drivespeed.internal.io.IoBuffers;
import io.github.drivespeed.internal.io.WriteData;
import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.IoQueue;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The workers of one job once its queues are open, reused by every run of the job: per worker
 * its queue, its read buffer (a block per queue slot, when the job reads) and its write pool
 * (when it writes), registered with its queue; and the file they work on. Closes what it holds,
 * also what a failed {@link #open} left half made.
 */
final class JobWorkers {

    /** A writer's pool on a memory file system: 256 KiB, within a CPU's L2 cache. */
    static final long MEMORY_POOL_BYTES = 256 * 1024;

    private final WorkloadParameters job;
    private final FileHandle file;
    private final Path name;
    private final List<IoQueue> queues = new ArrayList<>();
    private final List<AlignedBuffer> readBuffers = new ArrayList<>();
    private final List<WriteData> writeData = new ArrayList<>();
    private final InFlightTally inFlight = new InFlightTally();
    private int depthPerWorker;

    /**
     * @param job the job's settings
     * @param file the test file (or existing file) the workers read and write
     * @param name its path, or its directory when it has none, for messages
     */
    JobWorkers(WorkloadParameters job, FileHandle file, Path name) {
        this.job = job;
        this.file = file;
        this.name = name;
    }

    /**
     * Takes the opened queues, one per worker, and gives each worker its buffers.
     *
     * @param opened the job's queues
     * @param io the backend to allocate with
     * @param alignment the buffers' alignment
     * @param memoryFileSystem whether the file is on a memory file system (the pools' size)
     * @throws IllegalArgumentException naming the block size if a buffer cannot be allocated
     * @throws IOException if a queue refuses its buffers
     */
    void open(EngineChoice.Opened opened, IoBackend io, int alignment, boolean memoryFileSystem)
            throws IOException {
        queues.addAll(opened.queues());
        depthPerWorker = opened.engine().asynchronous() ? job.queueDepth() : 1;
        long blockBytes = blockBytes();
        long poolTarget = poolTargetBytes(memoryFileSystem);
        for (int k = 0; k < workers(); k++) {
            AlignedBuffer readBuffer = job.reads()
                    ? IoBuffers.allocate(io, blockBytes * depthPerWorker, alignment, blockBytes)
                    : null;
            WriteData data = job.writes() ? new WriteData(io, blockBytes, blocks(),
                    DataPattern.RANDOM, alignment, depthPerWorker, poolTarget) : null;
            readBuffers.add(readBuffer);
            writeData.add(data);
            List<AlignedBuffer> used = new ArrayList<>(2);
            if (readBuffer != null) {
                used.add(readBuffer);
            }
            if (data != null) {
                used.add(data.buffer());
            }
            queues.get(k).registerBuffers(used);
        }
    }

    /**
     * Each writer's pool: a share of {@link WriteData#POOL_TARGET_BYTES}, at least a block per
     * queue slot. On a memory file system (tmpfs, ramfs), where nothing compresses,
     * {@link #MEMORY_POOL_BYTES} (or a block per slot, where that is more): the source then stays in the CPU cache, as fio's buffers do, and
     * the figure is the file system's cost rather than this program's memory traffic, while a
     * batch of queue-depth-1 writes still has a block of its own for each write (64 of 4 KiB).
     * The sector stamps keep every sector distinct either way.
     */
    private long poolTargetBytes(boolean memoryFileSystem) {
        long perSlot = blockBytes() * depthPerWorker;
        if (memoryFileSystem) {
            return Math.max(perSlot, MEMORY_POOL_BYTES);
        }
        return Math.max(perSlot, WriteData.POOL_TARGET_BYTES / workers());
    }

    /** {@return the job's settings} */
    WorkloadParameters job() {
        return job;
    }

    /** {@return the file the workers read and write} */
    FileHandle file() {
        return file;
    }

    /** {@return the file's path, or its directory when it has none} */
    Path name() {
        return name;
    }

    /** {@return how many workers there are: one per queue} */
    int workers() {
        return queues.size();
    }

    /** {@return bytes per I/O} */
    long blockBytes() {
        return job.blockSize().bytes();
    }

    /** {@return the file's blocks} */
    long blocks() {
        return job.size().bytes() / blockBytes();
    }

    /** {@return worker {@code k}'s queue} */
    IoQueue queue(int k) {
        return queues.get(k);
    }

    /** {@return worker {@code k}'s read buffer, or null when the job never reads} */
    AlignedBuffer readBuffer(int k) {
        return readBuffers.get(k);
    }

    /** {@return worker {@code k}'s write pool, or null when the job never writes} */
    WriteData writeData(int k) {
        return writeData.get(k);
    }

    /** {@return the in-flight depth and submitting CPU time over the measured runs} */
    InFlightTally inFlight() {
        return inFlight;
    }

    /** {@return how the engine describes its queues, or an empty string} */
    String description() {
        return queues.get(0).description();
    }

    /**
     * Closes the queues, then frees the buffers and pools.
     *
     * @throws IOException the first queue that failed to close, after everything was closed
     */
    void close() throws IOException {
        IOException failure = null;
        for (IoQueue q : queues) {
            try {
                q.close();
            } catch (IOException e) {
                if (failure == null) {
                    failure = e;
                }
            }
        }
        for (AlignedBuffer b : readBuffers) {
            if (b != null) {
                b.close();
            }
        }
        for (WriteData d : writeData) {
            if (d != null) {
                d.close();
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
