package io.github.drivespeed.nativeio;

import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.InFlightMeter;
import io.github.drivespeed.spi.IoQueue;
import java.io.IOException;

/**
 * What the native backend's two asynchronous queues ({@link AioQueue}, {@link UringQueue}) do
 * alike: turn a submission's buffer range into an address and a length the kernel takes in one
 * I/O (at most MAX_RW_COUNT, kept aligned), remember each slot's direction, and turn the
 * kernel's results (bytes, or -errno) into the {@link IoQueue} contract's (bytes, -1 at end of
 * file) or the first failure; and keep, per slot, when the system call that submitted it
 * returned ({@link IoQueue#issuedAtNanos(int)}: one clock reading per submitting call), and how
 * many I/Os the kernel held over time ({@link InFlightMeter}: around each submitting call, with
 * that reading and one before it, and after each reap, with one of its own).
 *
 * <p>Both submit in batches at every depth (fio's {@code iodepth_batch_submit} with
 * {@code iodepth_batch_complete_min=1}): an I/O queued is only published to the kernel's
 * structures; just before waiting, everything queued goes in one system call, then every
 * completion there is reaped, and the engine tops the depth up again before the next call.
 * While the device holds I/Os after a submitting call (it completes them later, from an
 * interrupt), a refill goes out in parts of a quarter of the depth ({@link #submitBatch()}) as
 * they are queued: a device that completes its whole queue at once (a virtio disk whose host
 * takes each notification's requests one after another) starts on the first part while the
 * rest is prepared, instead of idling until the last I/O of the refill is ready. At depth 32 on
 * this project's virtio disk that took 4 KiB random reads from about 190k to about 215k IOPS,
 * fio's own profile (about 8 I/Os per plug flush with {@code --iodepth_batch_submit=16}); see
 * docs/benchmarks.md. Where the kernel completes each I/O inside the submitting call (a memory
 * file system, zram, buffered I/O through Linux AIO) parts would only add system calls, and a
 * refill goes in one.
 */
abstract class NativeQueue implements IoQueue {

    /** The C library, for errno's text in messages. */
    final Libc libc;
    /** The file, for messages. */
    final String displayName;
    private final int depth;
    private final boolean[] writes;
    /** Per slot: {@link System#nanoTime()} just after the system call that submitted it returned. */
    private final long[] issuedAt;
    private final InFlightMeter meter = new InFlightMeter();
    private final int submitBatch;
    /** Whether the last submitting call left I/Os in the kernel: submit refills in parts. */
    private boolean deviceHolds = true;

    NativeQueue(Libc libc, String displayName, int depth) {
        if (depth < 1) {
            throw new IllegalArgumentException("depth must be >= 1: " + depth);
        }
        this.libc = libc;
        this.displayName = displayName;
        this.depth = depth;
        this.writes = new boolean[depth];
        this.issuedAt = new long[depth];
        this.submitBatch = Math.max(1, depth / 4);
    }

    /**
     * {@return the I/Os queued that go in one submitting call as soon as they are queued, while
     * the device holds I/Os after a call: a quarter of the depth, at least 1}
     */
    final int submitBatch() {
        return submitBatch;
    }

    /** @return true: each submitting system call is timed ({@link #issued}) */
    @Override
    public final boolean timesSubmission() {
        return true;
    }

    @Override
    public final InFlightMeter inFlightMeter() {
        return meter;
    }

    /**
     * Tells the meter of a submitting call and the I/Os the kernel holds just after it.
     *
     * @param calledNanos {@link System#nanoTime()} read just before the call
     * @param returnedNanos {@link System#nanoTime()} read just after it
     * @param submittedNotReaped I/Os submitted and not yet reaped
     * @param completedNotReaped completions already in the ring, not yet reaped
     */
    final void submittedInFlight(long calledNanos, long returnedNanos, int submittedNotReaped,
            int completedNotReaped) {
        int held = submittedNotReaped - completedNotReaped;
        meter.submitted(calledNanos, returnedNanos, held);
        deviceHolds = held > 0;
    }

    /**
     * Tells the meter of the I/Os the kernel holds just after a reap.
     *
     * @param submittedNotReaped I/Os submitted and not yet reaped
     * @param completedNotReaped completions still in the ring, not yet reaped
     * @param waited whether the queue waited in the kernel for a completion first
     */
    final void reapedInFlight(int submittedNotReaped, int completedNotReaped, boolean waited) {
        meter.reaped(System.nanoTime(), submittedNotReaped - completedNotReaped, waited);
    }

    /** {@return how the queue submits, for descriptions} */
    final String batching() {
        return submitBatch == depth ? "submits every queued I/O in one call before reaping"
                : "submits every queued I/O in one call before reaping, and a refill in parts of"
                + " " + submitBatch + " while the device holds I/Os";
    }

    @Override
    public final long issuedAtNanos(int slot) {
        return issuedAt[slot];
    }

    /**
     * Notes that the submitting system call that just returned handed the kernel one slot.
     *
     * @param slot the slot
     * @param nanos {@link System#nanoTime()} read once just after the call returned
     */
    final void issued(int slot, long nanos) {
        issuedAt[slot] = nanos;
    }

    @Override
    public final int depth() {
        return depth;
    }

    @Override
    public final void submitRead(int slot, AlignedBuffer dst, long dstOffset, long length,
            long position) throws IOException {
        submit(slot, false, dst, dstOffset, length, position);
    }

    @Override
    public final void submitWrite(int slot, AlignedBuffer src, long srcOffset, long length,
            long position) throws IOException {
        submit(slot, true, src, srcOffset, length, position);
    }

    private void submit(int slot, boolean write, AlignedBuffer buffer, long offset, long length,
            long position) throws IOException {
        NativeAlignedBuffer memory = NativeAlignedBuffer.of(buffer);
        long count = memory.oneCallBytes(length);
        writes[slot] = write;
        queue(slot, write, memory, memory.address(offset, count), count, position);
        if (deviceHolds && queued() >= submitBatch) {
            submitQueued();
        }
    }

    /** {@return the I/Os queued and not yet submitted} */
    abstract int queued();

    /**
     * Submits every I/O queued, in one system call where the kernel takes them all.
     *
     * @throws IOException if the kernel refuses them, naming the call and errno
     */
    abstract void submitQueued() throws IOException;

    /**
     * Queues one I/O of a slot, to be submitted with the others queued before the next wait.
     *
     * @param buffer the buffer it reads into or writes from
     * @param address where in it, checked
     * @param count bytes, at most what one I/O moves
     */
    abstract void queue(int slot, boolean write, NativeAlignedBuffer buffer, long address,
            long count, long position) throws IOException;

    /** @return {@code pwrite} or {@code pread}: the last I/O of the slot, for messages */
    final String operation(int slot) {
        return writes[slot] ? "pwrite" : "pread";
    }

    /**
     * Turns {@code n} kernel results in {@code bytes} (the I/O's res: bytes, or -errno) into the
     * contract's: bytes moved, 0 for a write that moved none, -1 for a read at end of file.
     *
     * @param via the call that reported them, for messages ({@code io_getevents}, {@code io_uring})
     * @throws IOException the first failed I/O, naming its direction, the call and errno
     */
    final void toBytes(int n, int[] slots, long[] bytes, String via) throws IOException {
        IOException failure = null;
        for (int i = 0; i < n; i++) {
            int slot = slots[i];
            long res = bytes[i];
            if (res < 0 && failure == null) {
                failure = Errno.exception(libc, "asynchronous " + operation(slot) + " (" + via
                        + ")", displayName, (int) -res);
            }
            bytes[i] = res > 0 ? res : writes[slot] ? 0 : -1;
        }
        if (failure != null) {
            throw failure;
        }
    }
}
