package io.github.drivespeed.internal.engine;

import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.IoQueue;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The one I/O loop of the engine: one worker keeps up to {@code depth} block-sized reads and
 * writes of the test file in flight (depth 1 being plain synchronous pread/pwrite through a
 * {@link BlockingIoQueue}), at the offsets and in the directions its generators give, and records
 * each I/O's completion latency as it completes. Every measurement (the sequential passes, the
 * workloads, the untimed fill and warm-up) runs through it.
 *
 * <p>Per I/O: stop checks (interrupt flag, shared {@link StopSignal}, deadline), the next
 * direction and offset, the sector stamps of a write, {@link System#nanoTime()} before the
 * submission and after the completion, and the recorder; nothing is allocated. Short transfers
 * are resubmitted for the rest of the block in the same slot and the I/O is timed as a whole.
 *
 * <p>An I/O submitted before {@code measureStartNanos} belongs to the ramp: it is done but not
 * recorded, and does not count against the I/O limit. No I/O is submitted at or after
 * {@code deadlineNanos}; those in flight then are completed and recorded.
 */
final class IoLoop {

    /** Add to a start time for a deadline that never comes (73 years; no overflow). */
    static final long NO_DEADLINE_NANOS = Long.MAX_VALUE / 4;

    /** Told after each measured I/O; runs inside the timed interval. */
    interface Progress {
        /** Ignores everything. */
        Progress NONE = bytesDone -> { };

        /** @param bytesDone measured bytes this worker has completed so far */
        void transferred(long bytesDone);
    }

    /**
     * Where each read goes in the read buffer; without one, slot {@code s} reads to
     * {@code s x blockBytes}.
     */
    interface ReadSlots {
        /**
         * Called before each read is submitted (inside the timed interval; it may wait).
         *
         * @param slot the queue slot the read goes out on
         * @return the read's offset in the read buffer, or -1 when interrupted while waiting
         *     (the interrupt flag set again)
         */
        long nextReadOffset(int slot);
    }

    /** What a worker did. */
    record Outcome(long measuredIos, long measuredBytes, long lastCompletionNanos,
            boolean stoppedEarly) { }

    private final IoQueue queue;
    private final int depth;
    private final long blockBytes;
    private final OffsetGenerator offsets;
    private final DirectionGenerator directions;
    private final WriteData data;
    private final AlignedBuffer readBuffer;
    private final DirectionRecorder readRecorder;
    private final DirectionRecorder writeRecorder;
    private final StopSignal stop;
    private final Progress progress;
    private final Path fileName;
    private final String what;
    private final long plannedBytes;
    private ReadSlots readSlots;

    private final long[] submittedAt;
    private final long[] position;
    private final long[] done;
    private final long[] bufferOffset;
    private final boolean[] isWrite;
    private final boolean[] measured;
    private final int[] free;
    private final int[] completedSlots;
    private final long[] completedBytes;

    /**
     * @param queue where I/O goes; its depth is this worker's queue depth
     * @param blockBytes bytes per I/O
     * @param offsets file offsets
     * @param directions read or write, per I/O
     * @param data the write pool, or null when {@code directions} never writes
     * @param readBuffer {@code depth x blockBytes} bytes to read into, or null when never reading
     * @param readRecorder records measured reads, or null to record nothing
     * @param writeRecorder records measured writes, or null to record nothing
     * @param stop shared with the run's other workers
     * @param progress told after each measured I/O
     * @param fileName the test file, for messages
     * @param what for example {@code write pass of run 2}, for messages
     * @param plannedBytes measured bytes this worker is to move, or -1 when time-based
     */
    IoLoop(IoQueue queue, long blockBytes, OffsetGenerator offsets, DirectionGenerator directions,
            WriteData data, AlignedBuffer readBuffer, DirectionRecorder readRecorder,
            DirectionRecorder writeRecorder, StopSignal stop, Progress progress, Path fileName,
            String what, long plannedBytes) {
        this.queue = Objects.requireNonNull(queue, "queue");
        this.depth = queue.depth();
        this.blockBytes = blockBytes;
        this.offsets = Objects.requireNonNull(offsets, "offsets");
        this.directions = Objects.requireNonNull(directions, "directions");
        if (directions.mayWrite()) {
            Objects.requireNonNull(data, "data");
        }
        if (directions.mayRead()) {
            Objects.requireNonNull(readBuffer, "readBuffer");
        }
        this.data = data;
        this.readBuffer = readBuffer;
        this.readRecorder = readRecorder;
        this.writeRecorder = writeRecorder;
        this.stop = Objects.requireNonNull(stop, "stop");
        this.progress = Objects.requireNonNull(progress, "progress");
        this.fileName = fileName;
        this.what = what;
        this.plannedBytes = plannedBytes;
        this.submittedAt = new long[depth];
        this.position = new long[depth];
        this.done = new long[depth];
        this.bufferOffset = new long[depth];
        this.isWrite = new boolean[depth];
        this.measured = new boolean[depth];
        this.free = new int[depth];
        this.completedSlots = new int[depth];
        this.completedBytes = new long[depth];
    }

    /**
     * Reads go where {@code slots} says instead of each slot's own block (a verified read pass's
     * {@link PipelinedCheck}); set before {@link #run}.
     *
     * @param slots where each read goes
     * @return this loop
     */
    IoLoop readingInto(ReadSlots slots) {
        this.readSlots = Objects.requireNonNull(slots, "slots");
        return this;
    }

    /**
     * Runs until {@code measuredIoLimit} measured I/Os were done, the deadline passed, the stop
     * signal was raised, or the thread was interrupted.
     *
     * @param measuredIoLimit measured I/Os to do, or {@link Long#MAX_VALUE} for time-based runs
     * @param measureStartNanos I/Os submitted before this {@link System#nanoTime()} are ramp
     * @param deadlineNanos no I/O is submitted at or after this {@link System#nanoTime()}
     * @return what was done
     * @throws java.io.InterruptedIOException if the thread was interrupted (flag kept)
     * @throws IOException if an I/O failed, mapped by {@link IoFailures}
     */
    Outcome run(long measuredIoLimit, long measureStartNanos, long deadlineNanos)
            throws IOException {
        int freeCount = depth;
        for (int i = 0; i < depth; i++) {
            free[i] = depth - 1 - i;
        }
        int inFlight = 0;
        long measuredIssued = 0;
        long measuredIos = 0;
        long measuredBytes = 0;
        long lastCompletion = measureStartNanos;
        boolean issuing = true;
        boolean stoppedEarly = false;
        boolean interrupted = false;
        int slot = -1;
        try {
            loop:
            while (true) {
                while (issuing && inFlight < depth) {
                    if (measuredIssued >= measuredIoLimit) {
                        issuing = false;
                        break;
                    }
                    if (Thread.currentThread().isInterrupted()) {
                        interrupted = true;
                        break loop;
                    }
                    if (stop.requested()) {
                        issuing = false;
                        stoppedEarly = true;
                        break;
                    }
                    slot = free[freeCount - 1];
                    boolean write = directions.nextIsWrite();
                    long at = offsets.next();
                    long offsetInBuffer = write ? data.prepareBlock(slot, at)
                            : readSlots == null ? slot * blockBytes
                            : readSlots.nextReadOffset(slot);
                    if (offsetInBuffer < 0) {
                        interrupted = true;
                        break loop;
                    }
                    long now = System.nanoTime();
                    if (now - deadlineNanos >= 0) {
                        issuing = false;
                        break;
                    }
                    freeCount--;
                    boolean inMeasure = now - measureStartNanos >= 0;
                    submittedAt[slot] = now;
                    position[slot] = at;
                    done[slot] = 0;
                    bufferOffset[slot] = offsetInBuffer;
                    isWrite[slot] = write;
                    measured[slot] = inMeasure;
                    submit(slot, 0);
                    inFlight++;
                    if (inMeasure) {
                        measuredIssued++;
                    }
                }
                if (inFlight == 0) {
                    break;
                }
                slot = -1;
                int n = queue.awaitCompletions(1, completedSlots, completedBytes);
                long now = System.nanoTime();
                for (int i = 0; i < n; i++) {
                    slot = completedSlots[i];
                    long moved = completedBytes[i];
                    if (moved <= 0) {
                        throw new IOException(moved < 0
                                ? "unexpected end of file at offset " + (position[slot] + done[slot])
                                : (isWrite[slot] ? "write" : "read") + " returned 0 bytes");
                    }
                    long total = done[slot] + moved;
                    done[slot] = total;
                    if (total < blockBytes) {
                        submit(slot, total);
                        continue;
                    }
                    inFlight--;
                    free[freeCount++] = slot;
                    if (measured[slot]) {
                        DirectionRecorder r = isWrite[slot] ? writeRecorder : readRecorder;
                        if (r != null) {
                            r.record(blockBytes, now - submittedAt[slot], now);
                        }
                        measuredIos++;
                        measuredBytes += blockBytes;
                        lastCompletion = now;
                        progress.transferred(measuredBytes);
                    }
                }
                slot = -1;
            }
        } catch (IOException e) {
            boolean write = slot >= 0 ? isWrite[slot] : directions.mayWrite();
            String operation = slot < 0 && directions.mayRead() && directions.mayWrite()
                    ? "asynchronous I/O" : write ? "write" : "read";
            long offset = slot >= 0 ? position[slot] + done[slot] : -1;
            // bytes moved before the failure: whole blocks, and the failing block's part
            long moved = measuredBytes + (slot >= 0 && measured[slot] ? done[slot] : 0);
            throw IoFailures.map(e, fileName, operation, offset, what, moved, plannedBytes);
        }
        if (interrupted) {
            throw IoFailures.interrupted(what, measuredBytes, plannedBytes, null);
        }
        return new Outcome(measuredIos, measuredBytes, lastCompletion, stoppedEarly);
    }

    private void submit(int slot, long alreadyDone) throws IOException {
        long length = blockBytes - alreadyDone;
        long at = position[slot] + alreadyDone;
        long bufferAt = bufferOffset[slot] + alreadyDone;
        if (isWrite[slot]) {
            queue.submitWrite(slot, data.buffer(), bufferAt, length, at);
        } else {
            queue.submitRead(slot, readBuffer, bufferAt, length, at);
        }
    }
}
