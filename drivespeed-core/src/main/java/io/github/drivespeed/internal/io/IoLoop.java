package io.github.drivespeed.internal.io;

import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.spi.IoQueue;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The one I/O loop of the engine: one worker keeps up to {@code depth} block-sized reads and
 * writes of the test file in flight (depth 1 being plain synchronous pread/pwrite through a
 * {@link BlockingIoQueue}), at the offsets and in the directions its generators give, and records
 * each I/O's latency as it completes. Every measurement (the sequential passes, the
 * workloads, the untimed fill and warm-up) runs through it.
 *
 * <p>Per I/O: stop checks (interrupt flag, shared {@link StopSignal}, deadline), the next
 * direction and offset, the sector stamps of a write, the clock, and the recorder; nothing is
 * allocated. The clock ({@link System#nanoTime()}) is read after each completion and, at queue
 * depth above 1, before each submission; at queue depth 1 the completion's reading is also the
 * next I/O's start, so there is one clock read per I/O and an I/O's latency runs from the end of
 * the one before (the loop's own work between the two, tens of nanoseconds, is in it). That
 * latency is fio's {@code lat}. With a queue that {@linkplain IoQueue#timesSubmission() times
 * its submissions} it is also split as fio splits it: {@code slat} up to the
 * {@linkplain IoQueue#issuedAtNanos(int) return of the system call} that submitted the I/O,
 * {@code clat} from there to the reap (no clock reading of the loop's own for it); with any
 * other queue the loop does nothing more per I/O than one test of a final field. Short
 * transfers are resubmitted for the rest of the block in the same slot and the I/O is timed as a
 * whole: from its first submission, its first issue, to the reap of its last part (as fio).
 *
 * <p>An I/O submitted before {@code measureStartNanos} belongs to the ramp: it is done but not
 * recorded, and does not count against the I/O limit. No I/O is submitted at or after
 * {@code deadlineNanos}; those in flight then are completed and recorded.
 *
 * <p>At queue depth 1, reads only or writes only, with no periodic sync and no read slots, a
 * backend that runs timed transfers in batches ({@link io.github.drivespeed.spi.TimedTransfers})
 * takes the I/Os through {@link TimedBatchLoop}: the same I/Os, recorded the same way, with one
 * call into the backend per batch.
 *
 * <p>With a {@link PeriodicSync}, after every N writes issued the worker stops issuing, waits for
 * what it has in flight, and calls fdatasync(2) on the file (fio {@code fdatasync=N}); the sync
 * runs inside the timed interval and is not an I/O of the latency record.
 */
public final class IoLoop {

    /** Add to a start time for a deadline that never comes (73 years; no overflow). */
    public static final long NO_DEADLINE_NANOS = Long.MAX_VALUE / 4;
    /**
     * The operation a failure is named by when a queue of reads and writes failed without saying
     * which of its I/Os it was.
     */
    static final String MIXED_QUEUE_OPERATION = "asynchronous I/O";

    /** Told after each measured I/O; runs inside the timed interval. */
    public interface Progress {
        /** Ignores everything. */
        Progress NONE = bytesDone -> { };

        /**
         * Tells of the measured bytes done so far.
         *
         * @param bytesDone measured bytes this worker has completed so far
         */
        void transferred(long bytesDone);
    }

    /**
     * fdatasync(2) after every {@code writes} writes (fio {@code fdatasync=N}).
     *
     * @param writes writes issued between syncs; 0 for none
     * @param file the file to sync, or null for none
     */
    public record PeriodicSync(int writes, FileHandle file) {
        /** No syncs between the writes. */
        static final PeriodicSync NONE = new PeriodicSync(0, null);

        /**
         * {@return the sync, or {@link #NONE}}
         *
         * @param writes writes issued between syncs; 0 (or a null file) for none
         * @param file the file
         */
        public static PeriodicSync every(int writes, FileHandle file) {
            return writes > 0 && file != null ? new PeriodicSync(writes, file) : NONE;
        }
    }

    /**
     * Where each read goes in the read buffer; without one, slot {@code s} reads to
     * {@code s x blockBytes}.
     */
    public interface ReadSlots {
        /**
         * Called before each read is submitted (inside the timed interval; it may wait).
         *
         * @param slot the queue slot the read goes out on
         * @return the read's offset in the read buffer, or -1 when interrupted while waiting
         *     (the interrupt flag set again)
         */
        long nextReadOffset(int slot);
    }

    /**
     * What a worker did.
     *
     * @param measuredIos I/Os recorded
     * @param measuredBytes bytes they moved
     * @param lastCompletionNanos {@link System#nanoTime()} of the last recorded completion
     * @param stoppedEarly whether the stop signal ended it
     * @param rampIos I/Os done in the ramp before the measured time, not recorded
     */
    public record Outcome(long measuredIos, long measuredBytes, long lastCompletionNanos,
            boolean stoppedEarly, long rampIos) { }

    private final LoopFile file;
    private final LoopIos ios;
    private final LoopRecorders recorders;
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
    private final PeriodicSync sync;
    private final Path fileName;
    private final String what;
    private final long plannedBytes;
    private ReadSlots readSlots;
    private TimedBatchLoop batchLoop;
    private boolean batchLoopChecked;

    private final long[] submittedAt;
    /** Per slot: when the system call that first submitted its I/O returned; timed queues only. */
    private final long[] issuedAt;
    private final boolean timesSubmission;
    private final long[] position;
    private final long[] done;
    private final long[] bufferOffset;
    private final boolean[] isWrite;
    private final boolean[] measured;
    private final int[] free;
    private final int[] completedSlots;
    private final long[] completedBytes;

    /**
     * The I/O loop of one worker: issues I/O through {@code file}'s queue until its offsets run
     * out or it is stopped. The values are taken apart into fields here, once: the loop reads
     * nothing through them per I/O.
     *
     * @param file the queue (its depth is this worker's queue depth), bytes per I/O, and how
     *     messages name the file and the work
     * @param ios the offsets, directions, write pool and read buffer
     * @param recorders what records the measured I/Os and is told of the progress
     * @param control the stop signal shared with the run's other workers, and the periodic sync
     */
    public IoLoop(LoopFile file, LoopIos ios, LoopRecorders recorders, LoopControl control) {
        this.file = file;
        this.ios = ios;
        this.recorders = recorders;
        this.queue = file.queue();
        this.depth = queue.depth();
        this.blockBytes = file.blockBytes();
        this.fileName = file.name();
        this.what = file.what();
        this.plannedBytes = file.plannedBytes();
        this.offsets = ios.offsets();
        this.directions = ios.directions();
        this.data = ios.data();
        this.readBuffer = ios.readBuffer();
        this.readRecorder = recorders.reads();
        this.writeRecorder = recorders.writes();
        this.progress = recorders.progress();
        this.stop = control.stop();
        this.sync = control.sync();
        this.submittedAt = new long[depth];
        this.timesSubmission = queue.timesSubmission();
        this.issuedAt = new long[timesSubmission ? depth : 0];
        this.position = new long[depth];
        this.done = new long[depth];
        this.bufferOffset = new long[depth];
        this.isWrite = new boolean[depth];
        this.measured = new boolean[depth];
        this.free = new int[depth];
        this.completedSlots = new int[depth];
        this.completedBytes = new long[depth];
    }

    // The state of one run(), in fields so that issueOne() and completeAll() are methods of
    // their own: called once per I/O, they reach the JIT's optimising compiler within the first
    // milliseconds of a warm-up, while one method holding the whole loop would be compiled late,
    // and at length, on its few invocations.
    private long measuredIoLimit;
    private long measureStartNanos;
    private long deadlineNanos;
    private int freeCount;
    private int inFlight;
    private long measuredIssued;
    private long rampIos;
    private long measuredIos;
    private long measuredBytes;
    private long lastCompletion;
    private boolean issuing;
    private boolean stoppedEarly;
    private boolean interrupted;
    /** At depth 1 the clock read after a completion is the next submission's start. */
    private long completedAt;
    private boolean haveCompletedAt;
    /** Writes issued since the last periodic sync, and whether one is due. */
    private int writesSinceSync;
    private boolean syncDue;
    /** The slot being worked on, for the message if it fails; -1 when none. */
    private int slot;

    /**
     * Reads go where {@code slots} says instead of each slot's own block (a verified read pass's
     * {@code PipelinedCheck}); set before {@link #run}.
     *
     * @param slots where each read goes
     * @return this loop
     */
    public IoLoop readingInto(ReadSlots slots) {
        this.readSlots = Objects.requireNonNull(slots, "slots");
        this.batchLoopChecked = false;
        this.batchLoop = null;
        return this;
    }

    /**
     * Runs until {@code measuredIoLimit} measured I/Os were done, the deadline passed, the stop
     * signal was raised, or the thread was interrupted. Not reentrant.
     *
     * @param measuredIoLimit measured I/Os to do, or {@link Long#MAX_VALUE} for time-based runs
     * @param measureStartNanos I/Os submitted before this {@link System#nanoTime()} are ramp
     * @param deadlineNanos no I/O is submitted at or after this {@link System#nanoTime()}
     * @return what was done
     * @throws java.io.InterruptedIOException if the thread was interrupted (flag kept)
     * @throws IOException if an I/O failed, mapped by {@link IoFailures}
     */
    public Outcome run(long measuredIoLimit, long measureStartNanos, long deadlineNanos)
            throws IOException {
        TimedBatchLoop batches = timedBatches();
        if (batches != null) {
            return batches.run(measuredIoLimit, measureStartNanos, deadlineNanos);
        }
        this.measuredIoLimit = measuredIoLimit;
        this.measureStartNanos = measureStartNanos;
        this.deadlineNanos = deadlineNanos;
        freeCount = depth;
        for (int i = 0; i < depth; i++) {
            free[i] = depth - 1 - i;
        }
        inFlight = 0;
        measuredIssued = 0;
        rampIos = 0;
        measuredIos = 0;
        measuredBytes = 0;
        lastCompletion = measureStartNanos;
        issuing = true;
        stoppedEarly = false;
        writesSinceSync = 0;
        syncDue = false;
        interrupted = false;
        haveCompletedAt = false;
        slot = -1;
        try {
            while (true) {
                while (issuing && !syncDue && inFlight < depth && issueOne()) {
                    // issueOne() submitted one I/O
                }
                if (!interrupted && inFlight == 0 && syncDue) {
                    IoFailures.dataSync(sync.file(), fileName, what, measuredBytes, plannedBytes);
                    syncDue = false;
                    // the next I/O starts after the sync, not at the last completion
                    haveCompletedAt = false;
                    continue;
                }
                if (interrupted || inFlight == 0) {
                    break;
                }
                completeAll();
            }
        } catch (IOException e) {
            boolean write = slot >= 0 ? isWrite[slot] : directions.mayWrite();
            String operation = slot < 0 && directions.mayRead() && directions.mayWrite()
                    ? MIXED_QUEUE_OPERATION : write ? "write" : "read";
            long offset = slot >= 0 ? position[slot] + done[slot] : -1;
            // bytes moved before the failure: whole blocks, and the failing block's part
            long moved = measuredBytes + (slot >= 0 && measured[slot] ? done[slot] : 0);
            throw IoFailures.map(e, fileName, operation, offset, what, moved, plannedBytes);
        }
        if (interrupted) {
            throw IoFailures.interrupted(what, measuredBytes, plannedBytes, null);
        }
        return new Outcome(measuredIos, measuredBytes, lastCompletion, stoppedEarly, rampIos);
    }

    /**
     * The backend's batched path, where this loop's run is one it can take: queue depth 1 on a
     * {@link BlockingIoQueue} whose backend has {@link io.github.drivespeed.spi.TimedTransfers},
     * reads only or writes only, no periodic sync, no read slots; else null.
     */
    private TimedBatchLoop timedBatches() {
        if (batchLoopChecked) {
            return batchLoop;
        }
        batchLoopChecked = true;
        if (queue instanceof BlockingIoQueue blocking && readSlots == null
                && sync.writes() == 0 && directions.mayRead() != directions.mayWrite()) {
            var transfers = blocking.timedTransfers();
            if (transfers != null) {
                batchLoop = new TimedBatchLoop(transfers, file, ios, recorders, stop);
            }
        }
        return batchLoop;
    }

    /**
     * Submits the next I/O, unless the limit, the stop signal, the interrupt flag or the
     * deadline says to stop issuing (then {@code issuing} or {@code interrupted} says which).
     *
     * @return whether an I/O was submitted
     */
    private boolean issueOne() throws IOException {
        if (measuredIssued >= measuredIoLimit) {
            issuing = false;
            return false;
        }
        if (Thread.currentThread().isInterrupted()) {
            interrupted = true;
            return false;
        }
        if (stop.requested()) {
            issuing = false;
            stoppedEarly = true;
            return false;
        }
        int s = free[freeCount - 1];
        slot = s;
        boolean write = directions.nextIsWrite();
        long at = offsets.next();
        long offsetInBuffer = write ? data.prepareBlock(s, at)
                : readSlots == null ? s * blockBytes : readSlots.nextReadOffset(s);
        if (offsetInBuffer < 0) {
            interrupted = true;
            slot = -1;
            return false;
        }
        long now;
        // a read slot may have waited for the checker: its I/O starts now, not at the completion
        if (haveCompletedAt && readSlots == null) {
            now = completedAt;
            haveCompletedAt = false;
        } else {
            haveCompletedAt = false;
            now = System.nanoTime();
        }
        if (now - deadlineNanos >= 0) {
            issuing = false;
            slot = -1;
            return false;
        }
        freeCount--;
        boolean inMeasure = now - measureStartNanos >= 0;
        submittedAt[s] = now;
        position[s] = at;
        done[s] = 0;
        bufferOffset[s] = offsetInBuffer;
        isWrite[s] = write;
        measured[s] = inMeasure;
        submit(s, 0);
        inFlight++;
        if (inMeasure) {
            measuredIssued++;
        }
        if (write && sync.writes() > 0 && ++writesSinceSync >= sync.writes()) {
            writesSinceSync = 0;
            syncDue = true;
        }
        slot = -1;
        return true;
    }

    /**
     * Waits for at least one completion and handles every one returned: a short transfer is
     * resubmitted for the rest of its block, a whole block frees its slot and is recorded.
     */
    private void completeAll() throws IOException {
        int n = queue.awaitCompletions(1, completedSlots, completedBytes);
        long now = System.nanoTime();
        if (depth == 1) {
            completedAt = now;
            haveCompletedAt = true;
        }
        for (int i = 0; i < n; i++) {
            int s = completedSlots[i];
            slot = s;
            long moved = completedBytes[i];
            if (moved <= 0) {
                throw new IOException(moved < 0
                        ? "unexpected end of file at offset " + (position[s] + done[s])
                        : (isWrite[s] ? "write" : "read") + " returned 0 bytes");
            }
            if (timesSubmission && done[s] == 0) {
                issuedAt[s] = queue.issuedAtNanos(s);
            }
            long total = done[s] + moved;
            done[s] = total;
            if (total < blockBytes) {
                submit(s, total);
                continue;
            }
            inFlight--;
            free[freeCount++] = s;
            if (measured[s]) {
                DirectionRecorder r = isWrite[s] ? writeRecorder : readRecorder;
                if (r != null) {
                    r.offset(position[s]);
                    long start = submittedAt[s];
                    if (timesSubmission) {
                        r.record(blockBytes, now - start, issuedAt[s] - start, now);
                    } else {
                        r.record(blockBytes, now - start, now);
                    }
                }
                measuredIos++;
                measuredBytes += blockBytes;
                lastCompletion = now;
                progress.transferred(measuredBytes);
            } else {
                rampIos++;
            }
        }
        slot = -1;
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
