package io.github.drivespeed.internal.io;

import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.IoQueue;
import io.github.drivespeed.spi.TimedTransfers;
import java.io.IOException;
import java.nio.file.Path;

/**
 * {@link IoLoop}'s path at queue depth 1 where the backend runs synchronous I/Os in batches
 * ({@link TimedTransfers}): the same I/Os, offsets, stamps, stop checks and records, with one
 * call into the backend per batch instead of one per I/O. The loop's own work per I/O (the next
 * offset, a write's stamps, the recorder) happens between batches, outside every I/O's latency;
 * the I/Os of a batch follow each other with nothing but the system call and one clock reading
 * between them, so an I/O's latency runs from the end of the one before (as {@link IoLoop}'s at
 * depth 1) or, for a batch's first, from the batch's start.
 *
 * <p>A batch is one I/O at first and doubles while a batch takes under 1 ms, up to the
 * backend's capacity (and, for writes, the pool blocks one slot cycles through, so that no
 * block is stamped again before it is written); it halves above 2 ms. So the stop signal and
 * the interrupt flag are seen within about 2 ms, or one I/O where a single I/O takes longer;
 * the progress is told after each measured I/O, as {@link IoLoop} tells it, when its batch has
 * returned. No I/O starts at or after the deadline (the backend checks the clock before
 * each); an I/O that moved other than its block (a short transfer, end of file, an error,
 * EINTR) is done again through the {@link IoQueue}, exactly as {@link IoLoop} does it, and timed
 * from its first start.
 */
final class TimedBatchLoop {

    /** A batch is grown while it takes under this, and shrunk above twice this. */
    static final long BATCH_NANOS = 1_000_000;

    private final TimedTransfers transfers;
    private final IoQueue queue;
    private final long blockBytes;
    private final OffsetGenerator offsets;
    private final boolean write;
    private final WriteData data;
    private final AlignedBuffer buffer;
    private final DirectionRecorder recorder;
    private final StopSignal stop;
    private final IoLoop.Progress progress;
    private final Path fileName;
    private final String what;
    private final long plannedBytes;
    private final int maxBatch;
    private final long[] position;
    private final long[] bufferOffset;
    private final int[] redoSlot = new int[1];
    private final long[] redoBytes = new long[1];

    // the state of one run
    private long measureStartNanos;
    private long measuredIos;
    private long measuredBytes;
    private long rampIos;
    private long lastCompletion;
    private long failedAt;

    /**
     * The batched loop of one worker whose I/Os all go one way, as {@link IoLoop}'s: the values
     * are taken apart into fields here, once, so that nothing is read through them per I/O.
     *
     * @param transfers the backend's batches, of {@code file}'s queue
     * @param file the queue (for an I/O to redo), bytes per I/O, and how messages name the file
     *     and the work
     * @param ios the offsets, and the write pool or read buffer; reads only or writes only
     * @param recorders the recorder of the one direction, and the progress
     * @param stop shared with the run's other workers
     */
    TimedBatchLoop(TimedTransfers transfers, LoopFile file, LoopIos ios, LoopRecorders recorders,
            StopSignal stop) {
        this.transfers = transfers;
        this.queue = file.queue();
        this.blockBytes = file.blockBytes();
        this.offsets = ios.offsets();
        this.write = ios.directions().mayWrite();
        this.data = ios.data();
        this.buffer = write ? data.buffer() : ios.readBuffer();
        this.recorder = write ? recorders.writes() : recorders.reads();
        this.stop = stop;
        this.progress = recorders.progress();
        this.fileName = file.name();
        this.what = file.what();
        this.plannedBytes = file.plannedBytes();
        this.maxBatch = (int) Math.min(transfers.capacity(),
                write ? data.blocksPerSlot() : Integer.MAX_VALUE);
        this.position = new long[maxBatch];
        this.bufferOffset = new long[maxBatch];
    }

    /** As {@link IoLoop#run}. */
    IoLoop.Outcome run(long measuredIoLimit, long measureStartNanos, long deadlineNanos)
            throws IOException {
        this.measureStartNanos = measureStartNanos;
        measuredIos = 0;
        measuredBytes = 0;
        rampIos = 0;
        lastCompletion = measureStartNanos;
        failedAt = -1;
        boolean stoppedEarly = false;
        int batch = 1;
        try {
            while (measuredIos < measuredIoLimit) {
                if (Thread.currentThread().isInterrupted()) {
                    throw IoFailures.interrupted(what, measuredBytes, plannedBytes, null);
                }
                if (stop.requested()) {
                    stoppedEarly = true;
                    break;
                }
                int n = (int) Math.min(batch, measuredIoLimit - measuredIos);
                prepare(n);
                long started = System.nanoTime();
                if (runBatch(n, deadlineNanos)) {
                    break;
                }
                batch = nextBatch(batch, System.nanoTime() - started);
            }
        } catch (IOException e) {
            throw IoFailures.map(e, fileName, write ? "write" : "read", failedAt, what,
                    measuredBytes, plannedBytes);
        }
        return new IoLoop.Outcome(measuredIos, measuredBytes, lastCompletion, stoppedEarly,
                rampIos);
    }

    private int nextBatch(int batch, long tookNanos) {
        if (tookNanos < BATCH_NANOS) {
            return Math.min(maxBatch, batch * 2);
        }
        return tookNanos > 2 * BATCH_NANOS ? Math.max(1, batch / 2) : batch;
    }

    /** The next {@code n} offsets, and for writes their blocks stamped. */
    private void prepare(int n) {
        for (int i = 0; i < n; i++) {
            long at = offsets.next();
            long offsetInBuffer = write ? data.prepareBlock(0, at) : 0;
            position[i] = at;
            bufferOffset[i] = offsetInBuffer;
            transfers.set(i, buffer, offsetInBuffer, blockBytes, at);
        }
    }

    /**
     * Runs I/Os {@code [0, n)} and records them; redoes one that moved other than its block.
     *
     * @return whether it stopped at the deadline
     */
    private boolean runBatch(int n, long deadlineNanos) throws IOException {
        int from = 0;
        while (from < n) {
            int done = transfers.transfer(write, blockBytes, from, n, deadlineNanos);
            for (int i = from, end = from + done; i < end; i++) {
                record(position[i], transfers.timeNanos(i), transfers.timeNanos(i + 1));
            }
            from += done;
            if (from == n) {
                return false;
            }
            if (transfers.stopResult() == blockBytes) {
                return true;
            }
            redo(from);
            from++;
        }
        return false;
    }

    /** I/O {@code i} moved other than its block: done again through the queue, as IoLoop would. */
    private void redo(int i) throws IOException {
        long start = transfers.timeNanos(i);
        failedAt = position[i];
        long moved = 0;
        while (moved < blockBytes) {
            long length = blockBytes - moved;
            if (write) {
                queue.submitWrite(0, buffer, bufferOffset[i] + moved, length, position[i] + moved);
            } else {
                queue.submitRead(0, buffer, bufferOffset[i] + moved, length, position[i] + moved);
            }
            queue.awaitCompletions(1, redoSlot, redoBytes);
            if (redoBytes[0] <= 0) {
                failedAt = position[i] + moved;
                throw new IOException(redoBytes[0] < 0 ? "unexpected end of file at offset "
                        + failedAt : (write ? "write" : "read") + " returned 0 bytes");
            }
            moved += redoBytes[0];
        }
        failedAt = -1;
        record(position[i], start, System.nanoTime());
    }

    private void record(long at, long start, long end) {
        if (start - measureStartNanos < 0) {
            rampIos++;
            return;
        }
        if (recorder != null) {
            recorder.offset(at);
            recorder.record(blockBytes, end - start, end);
        }
        measuredIos++;
        measuredBytes += blockBytes;
        lastCompletion = end;
        progress.transferred(measuredBytes);
    }
}
