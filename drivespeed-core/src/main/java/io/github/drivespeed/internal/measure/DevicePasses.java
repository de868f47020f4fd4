package io.github.drivespeed.internal.measure;

import io.github.drivespeed.internal.io.BlockingIoQueue;
import io.github.drivespeed.internal.io.DirectionRecorder;
import io.github.drivespeed.internal.io.IoFailures;
import io.github.drivespeed.internal.io.IoLoop;
import io.github.drivespeed.internal.io.OffsetGenerator;
import io.github.drivespeed.internal.io.WriteData;
import io.github.drivespeed.internal.io.LoopControl;
import io.github.drivespeed.internal.io.LoopFile;
import io.github.drivespeed.internal.io.LoopIos;
import io.github.drivespeed.internal.io.LoopRecorders;
import io.github.drivespeed.internal.preflight.DeviceTarget;
import io.github.drivespeed.internal.probe.DeviceCounters;
import io.github.drivespeed.internal.verify.PassChecks;
import io.github.drivespeed.internal.verify.ReadRing;
import io.github.drivespeed.parameters.DeviceParameters;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.medium.ConstantFill;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.security.SecureRandom;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The passes of a block-device test over the open device: the untimed warm-up at the device's end,
 * then per run (a timed write pass with its fdatasync, then) a timed read pass, each run going on
 * where the previous stopped and wrapping to offset 0 at the end, nothing past the end touched.
 * Where the device's size is not a multiple of the block size, a read-only test's pass that
 * reaches the device's end and is to go on ends with one smaller request for the rest
 * ({@link #tailBytes}); a write test moves whole blocks only.
 */
final class DevicePasses {

    /** The untimed warm-up reads at most this much, at the device's end. */
    static final long WARM_UP_BYTES = 16 * DataSize.MEBIBYTE;
    /**
     * A device smaller than this, the device test's default block
     * ({@code DevicePlan.DEFAULT_BLOCK_SIZE}), is read round and round by a time-based read-only
     * O_DIRECT pass until its duration ends ({@link #readLaps}).
     */
    static final long SMALL_DEVICE_BYTES = 8 * DataSize.MEBIBYTE;
    private static final SecureRandom NONCES = new SecureRandom();

    private final DeviceParameters parameters;
    private final PageCacheOptions readOptions;
    private final ProgressListener listener;
    /** Whether a write test's read passes are checked against what was written. */
    private final boolean verifying;
    private final FileHandle handle;
    private final DeviceTarget t;
    private final AlignedBuffer readBuffer;
    private final ReadRing ring;
    private final WriteData data;
    private final long blockBytes;
    private final long blocks;
    private final DeviceCounters counters;
    private final long tailUnit;
    /** Whether a timed pass's device counters showed other I/O. */
    private boolean foreignWrite;
    private boolean foreignRead;
    /** Of a read-only test's timed read passes: bytes checked for a constant fill, and by fill. */
    private long fillCheckedBytes;
    private final long[] bytesByFill = new long[256];

    /**
     * @param parameters what to measure
     * @param readOptions drop_caches before buffered reads
     * @param listener progress receiver
     * @param verifying whether a write test's read passes are checked against what was written
     * @param handle the open device
     * @param t the examined device
     * @param readBuffer where the warm-up's reads go, and a read-only test's last, smaller
     *     request (the timed passes' blocks go to the ring, where there is one)
     * @param ring where a timed read pass reads to have its blocks checked (against what was
     *     written, or for all-zero blocks in a read-only test), or null
     * @param data the write pool, or null for a read-only test
     * @param counters the device's counters
     * @param tailUnit the unit the last, smaller request is rounded up to
     */
    DevicePasses(DeviceParameters parameters, PageCacheOptions readOptions,
            ProgressListener listener, boolean verifying, FileHandle handle, DeviceTarget t,
            AlignedBuffer readBuffer, ReadRing ring, WriteData data, DeviceCounters counters,
            long tailUnit) {
        this.parameters = parameters;
        this.readOptions = readOptions;
        this.listener = listener;
        this.verifying = verifying;
        this.handle = handle;
        this.ring = ring;
        this.t = t;
        this.readBuffer = readBuffer;
        this.data = data;
        this.blockBytes = parameters.blockSize().bytes();
        this.blocks = t.sizeBytes() / blockBytes;
        this.counters = counters;
        this.tailUnit = tailUnit;
    }

    /**
     * The part of the device after its last whole block that a read-only test reads as a last,
     * smaller request: {@code size mod blockBytes}, rounded down to the logical block size.
     *
     * @return the bytes, 0 for a write test or a size that is a multiple of the block size
     */
    static long tailBytes(DeviceTarget t, long blockBytes, boolean write) {
        long rest = t.sizeBytes() % blockBytes;
        return write ? 0 : rest - rest % t.logicalBlockBytes();
    }

    /** {@return whether a timed write pass's device counters showed other I/O} */
    boolean foreignWrite() {
        return foreignWrite;
    }

    /** {@return whether a timed read pass's device counters showed other I/O} */
    boolean foreignRead() {
        return foreignRead;
    }

    /**
     * {@return what a read-only test's timed passes read as blocks of one byte repeated (never
     * written, discarded or erased); empty for a write test, which checks what it wrote}
     */
    Optional<ConstantFill> constantFill() {
        return parameters.write() ? Optional.empty()
                : Optional.of(ConstantFill.of(fillCheckedBytes, bytesByFill));
    }

    /**
     * The warm-up, then each run's passes, adding their samples.
     *
     * @param writes the write passes, added to
     * @param reads the read passes, added to
     */
    void runAll(List<Sample> writes, List<Sample> reads) throws IOException {
        warmUp();
        AtomicLong cursor = new AtomicLong();
        for (int run = 1; run <= parameters.runs(); run++) {
            if (parameters.write()) {
                long first = cursor.get() % blocks;
                Sample w = timed(PassKind.WRITE, run, cursor,
                        parameters.count().orElse(Long.MAX_VALUE));
                writes.add(w);
                reads.add(timed(PassKind.READ, run, new AtomicLong(first), w.ios()));
            } else {
                reads.add(timed(PassKind.READ, run, cursor,
                        parameters.count().orElse(Long.MAX_VALUE)));
            }
        }
    }

    /** Reads up to {@link #WARM_UP_BYTES} at the device's end, untimed and unrecorded. */
    private void warmUp() throws IOException {
        long n = Math.max(1, Math.min(blocks, WARM_UP_BYTES / blockBytes));
        IoLoop loop = loop(PassKind.READ, OffsetGenerator.sequential(blocks - n, n, blockBytes),
                null, IoLoop.Progress.NONE, "warm-up", n * blockBytes, readBuffer);
        long now = System.nanoTime();
        run(loop, n, now, now + IoLoop.NO_DEADLINE_NANOS, "warm-up", n * blockBytes);
    }

    /**
     * One timed pass from the cursor's block on: {@code maxBlocks} blocks, or as many as the
     * duration allows (never more than the device holds).
     */
    private Sample timed(PassKind kind, int run, AtomicLong cursor, long maxBlocks)
            throws IOException {
        boolean write = kind == PassKind.WRITE;
        String what = kind + " pass of run " + run + " on " + t.given();
        long limit = Math.min(maxBlocks, blocks);
        long tail = !write && cursor.get() % blocks == 0 && maxBlocks > blocks
                ? tailBytes(t, blockBytes, parameters.write()) : 0;
        long planned = parameters.timeBased() && maxBlocks == Long.MAX_VALUE ? -1
                : limit * blockBytes + tail;
        CacheHandling handling = handling(write, what, planned);
        long passBytes = Math.max(0, planned);
        listener.passStarted(kind, run, passBytes);
        if (write) {
            data.startRun(NONCES.nextLong());
        }
        long first = cursor.get() % blocks;
        long[] lapBase = {0};
        try (PassChecks checks = new PassChecks(write, verifying, data,
                ring, false, blockBytes, limit, i -> (first + i) % blocks * blockBytes,
                done -> listener.bytesTransferred(kind, run, lapBase[0] + done, passBytes))) {
            PassWindow window = PassWindow.open(counters);
            long start = window.startNanos();
            checks.begin(start, window.recorder());
            long deadline = start + (parameters.timeBased() && maxBlocks == Long.MAX_VALUE
                    ? parameters.duration().get().toNanos() : IoLoop.NO_DEADLINE_NANOS);
            Lap lap = new Lap(checks, cursor, first, limit, maxBlocks, start, deadline,
                    window.recorder(), what, planned);
            long done;
            if (write) {
                done = transfer(lap, kind);
                IoFailures.dataSync(handle, t.device(), what, done, planned);
            } else {
                done = readLaps(lap, lapBase);
            }
            // one continuous interval: the check runs beside the reads, nothing left out
            long elapsed = window.elapsedNanos(0);
            checks.finish();
            if (checks.constantBlocks() != null) {
                fillCheckedBytes += checks.constantBlocks().checkedBytes();
                long[] fills = checks.constantBlocks().bytesByFill();
                for (int b = 0; b < fills.length; b++) {
                    bytesByFill[b] += fills[b];
                }
            }
            Sample sample = checks.annotate(window.sample(run, elapsed, handling));
            // the device counts the reads that failed with EIO too (data lost, not moved)
            boolean foreign = window.foreignIo(write ? 0 : done + checks.failedBytes(),
                    write ? done : 0, blockBytes, !parameters.direct());
            if (write) {
                foreignWrite |= foreign;
            } else {
                foreignRead |= foreign;
            }
            listener.passFinished(kind, sample);
            return sample;
        }
    }

    /**
     * The settings of a pass's transfer over the device: of the write, or of each lap of a read.
     *
     * @param checks the pass's checks, attached to each I/O loop
     * @param cursor the next block to transfer, shared with the pass's other laps and runs
     * @param first the block the pass starts at
     * @param limit whole blocks to transfer
     * @param maxBlocks the most blocks the pass may move, or {@link Long#MAX_VALUE}
     * @param start {@link System#nanoTime()} the pass's timed interval began
     * @param deadline no I/O starts at or after this {@link System#nanoTime()}
     * @param recorder records the pass's measured I/Os
     * @param what for example {@code read pass of run 2}, for messages
     * @param planned the bytes the pass is to move, or -1 when time-based, for messages
     */
    private record Lap(PassChecks checks, AtomicLong cursor, long first, long limit,
            long maxBlocks, long start, long deadline, DirectionRecorder recorder, String what,
            long planned) { }

    /**
     * A read pass's blocks and the device's rest, then, for a time-based read-only O_DIRECT test
     * of a device smaller than {@link #SMALL_DEVICE_BYTES}, round the device again, lap after lap,
     * until the pass's duration ends (3 s by default, as {@code hdparm -t} times its reads): so
     * that a device read through in a few milliseconds (a 4 MiB boot partition) still gives a
     * figure timed over long enough to mean something, cold starts and all, rather than one under
     * {@value Warning#MIN_PASS_MILLIS} ms ({@link Warning#PASS_TOO_SHORT}). O_DIRECT reads every
     * lap from the device again (its counters show the bytes; a drive's own read cache may still
     * serve a device this small); a buffered pass is not repeated, since its second lap would
     * come from the page cache. A larger device is read once per pass, as before, so that no run
     * re-reads what a cache may hold; a pass shorter than the bound then carries the warning.
     *
     * @param lapBase the bytes of the laps before, for the progress of the current one
     * @return the bytes read
     */
    private long readLaps(Lap l, long[] lapBase) throws IOException {
        boolean repeats = !parameters.write() && parameters.direct()
                && parameters.timeBased() && l.maxBlocks() == Long.MAX_VALUE
                && t.sizeBytes() < SMALL_DEVICE_BYTES;
        long done = 0;
        while (true) {
            long lap = transfer(l, PassKind.READ);
            // (not verified: only a read-only test reads the tail, and it wrote nothing)
            lap += readTail(l.cursor(), lap / blockBytes, l.maxBlocks(), l.deadline(),
                    l.recorder(), l.what());
            done += lap;
            lapBase[0] = done;
            long now = System.nanoTime();
            if (!repeats || lap == 0 || l.cursor().get() % blocks != l.first()
                    || now - l.deadline() >= 0) {
                return done;
            }
        }
    }

    /** O_DIRECT, a buffered write, or a buffered read after the device's pages were evicted. */
    private CacheHandling handling(boolean write, String what, long planned)
            throws IOException {
        if (parameters.direct()) {
            return CacheHandling.DIRECT_IO;
        }
        if (write) {
            return CacheHandling.BUFFERED_WRITE;
        }
        return CacheEviction.beforeBufferedRead(t.io(), handle, readOptions.dropCaches(),
                t.device(), what, Math.max(0, planned));
    }

    /** A pass's whole blocks; EIO on a verified read-back is data lost, and the read goes on. */
    private long transfer(Lap l, PassKind kind) throws IOException {
        PassChecks checks = l.checks();
        long first = l.first();
        // the cursor is past a block whose read failed: the read goes on from the next one
        return checks.transfer(l.limit(), offset -> (offset / blockBytes - first + blocks) % blocks,
                true, (base, progress) -> run(checks.attach(loop(kind,
                        OffsetGenerator.sequential(0, blocks, blockBytes, l.cursor()),
                        l.recorder(), progress, l.what(), l.planned(),
                        ring != null ? ring.buffer() : readBuffer)),
                        l.limit() - base, l.start(), l.deadline(), l.what(), l.planned()));
    }

    /**
     * The last, smaller request of a pass that ended at the device's last whole block and
     * was to go on: the rest of the device ({@link #tailBytes}), timed and recorded as one I/O.
     *
     * @return the bytes read, 0 where the pass did not end there
     */
    private long readTail(AtomicLong cursor, long wholeBlocks, long maxBlocks, long deadline,
            DirectionRecorder recorder, String what) throws IOException {
        long tail = tailBytes(t, blockBytes, parameters.write());
        boolean atEnd = wholeBlocks > 0 && cursor.get() % blocks == 0;
        if (tail == 0 || !atEnd || maxBlocks <= wholeBlocks || System.nanoTime() >= deadline) {
            return 0;
        }
        long at = blocks * blockBytes;
        long request = Math.min(blockBytes, (tail + tailUnit - 1) / tailUnit * tailUnit);
        long submitted = System.nanoTime();
        long moved = 0;
        try {
            while (moved < tail) {
                long n = handle.read(readBuffer, moved, request - moved, at + moved);
                if (n <= 0) {
                    throw new IOException("unexpected end of " + t.device() + " at offset "
                            + (at + moved) + " of " + t.sizeBytes());
                }
                moved += n;
            }
        } catch (IOException e) {
            throw IoFailures.map(e, t.device(), "read", at + moved, what,
                    wholeBlocks * blockBytes + moved, -1);
        }
        long now = System.nanoTime();
        recorder.record(tail, now - submitted, now);
        return tail;
    }

    /**
     * A loop of the pass; its reads go to {@code into}: the ring of a timed read pass whose
     * blocks are checked (attached to it), else the read buffer.
     */
    private IoLoop loop(PassKind kind, OffsetGenerator offsets, DirectionRecorder recorder,
            IoLoop.Progress progress, String what, long planned, AlignedBuffer into) {
        boolean write = kind == PassKind.WRITE;
        return new IoLoop(new LoopFile(new BlockingIoQueue(handle), blockBytes, t.device(), what,
                planned), LoopIos.pass(write, offsets, data, into),
                LoopRecorders.pass(write, recorder, progress), LoopControl.alone());
    }

    private long run(IoLoop loop, long ios, long start, long deadline, String what,
            long planned) throws IOException {
        try {
            return loop.run(ios, start, deadline).measuredBytes();
        } catch (InterruptedIOException e) {
            InterruptedIOException d = new InterruptedIOException("interrupted during the "
                    + what + " after " + e.bytesTransferred + " bytes"
                    + (planned > 0 ? " of " + planned : "") + "; the device test stopped and"
                    + " closed the device");
            d.bytesTransferred = e.bytesTransferred;
            d.initCause(e);
            Thread.currentThread().interrupt();
            throw d;
        }
    }
}
