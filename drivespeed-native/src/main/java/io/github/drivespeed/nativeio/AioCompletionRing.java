package io.github.drivespeed.nativeio;

import com.sun.jna.Pointer;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The completion ring the kernel maps into the process for each Linux AIO context, read in user
 * space as fio's {@code userspace_reap} does: completions are taken without a system call when
 * they are already there, and io_getevents(2) is needed only to wait.
 *
 * <p>Layout ({@code struct aio_ring} in the kernel's {@code fs/aio.c}, at the address io_setup(2)
 * returned as the context): {@code id, nr, head, tail, magic, compat_features,
 * incompat_features, header_length} (u32 each), then {@code nr} {@code struct io_event}s of 32
 * bytes. The kernel writes an event, then the tail with a write barrier; the tail is read here
 * with acquire ordering and the head written back with release ordering (VarHandles over the
 * mapped bytes). Only one thread reads a ring, and io_getevents(2) on it is called by the same
 * thread, so the head has one writer at a time.
 */
final class AioCompletionRing {

    static final int AIO_RING_MAGIC = 0xa10a10a1;
    private static final int HEADER_BYTES = 32;
    private static final int EVENT_BYTES = AioQueue.EVENT_BYTES;
    private static final int NR = 4;
    private static final int HEAD = 8;
    private static final int TAIL = 12;
    private static final int MAGIC = 16;
    private static final int INCOMPAT_FEATURES = 24;
    private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class,
            ByteOrder.nativeOrder());

    private final ByteBuffer ring;
    private final int nr;

    private AioCompletionRing(ByteBuffer ring, int nr) {
        this.ring = ring;
        this.nr = nr;
    }

    /**
     * @param context the context io_setup(2) returned (the ring's address)
     * @return the ring, or null when the kernel does not expose a ring this code knows (wrong
     *     magic or incompatible features): then every completion is read with io_getevents(2)
     */
    static AioCompletionRing of(long context) {
        Pointer header = new Pointer(context);
        if (header.getInt(MAGIC) != AIO_RING_MAGIC || header.getInt(INCOMPAT_FEATURES) != 0) {
            return null;
        }
        int nr = header.getInt(NR);
        if (nr <= 0) {
            return null;
        }
        ByteBuffer ring = header.getByteBuffer(0, HEADER_BYTES + (long) nr * EVENT_BYTES)
                .order(ByteOrder.nativeOrder());
        return new AioCompletionRing(ring, nr);
    }

    /** @return the tail, read with acquire ordering: completions up to it are visible */
    int tail() {
        return (int) INT.getAcquire(ring, TAIL);
    }

    /** @return completions in the ring not yet reaped */
    int available() {
        int d = tail() - ring.getInt(HEAD);
        return d < 0 ? d + nr : d;
    }

    /**
     * @param tailBefore a {@link #tail()} read earlier
     * @return completions that arrived since
     */
    int arrivedSince(int tailBefore) {
        int d = tail() - tailBefore;
        return d < 0 ? d + nr : d;
    }

    /**
     * Takes the completions that are there, at most {@code max}, without a system call.
     *
     * @param max most to take
     * @param slots receives each one's aio_data (the slot), from {@code at}
     * @param results receives each one's res (bytes, or -errno), from {@code at}
     * @param at first index to write
     * @return how many were taken
     */
    int reap(int max, int[] slots, long[] results, int at) {
        int head = ring.getInt(HEAD);
        int tail = tail();
        int n = 0;
        while (head != tail && n < max) {
            int event = HEADER_BYTES + head * EVENT_BYTES;
            slots[at + n] = (int) ring.getLong(event + AioQueue.EVENT_DATA);
            results[at + n] = ring.getLong(event + AioQueue.EVENT_RES);
            n++;
            if (++head == nr) {
                head = 0;
            }
        }
        if (n > 0) {
            INT.setRelease(ring, HEAD, head);
        }
        return n;
    }
}
