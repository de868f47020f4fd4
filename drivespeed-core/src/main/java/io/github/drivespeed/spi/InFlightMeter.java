package io.github.drivespeed.spi;

/**
 * How many I/Os an {@link IoQueue} had in the kernel over time: the I/Os handed to the kernel
 * whose completions had not arrived, observed just before and just after each submitting system
 * call and just after each reap, and averaged over time. From a reap to the next submitting call
 * the count stays at what the reap left; during the call it rises evenly to what the call left
 * (the kernel takes the batch one I/O after another), and is at least 1 there: the kernel works
 * on an I/O while the call runs, even where it completes every I/O inside it (buffered I/O
 * through Linux AIO, a memory file system or block device), which then gives a mean of about 1.
 * From a submission to the next reap the count stays where the submission left it when the
 * queue waited for a completion (the wait ends at the first one: a device that completes a whole
 * queue at once would otherwise look half empty), and falls evenly (the mean of the two
 * observations) when completions were already there and the thread, not the device, set the
 * pace. Kept by the queue's one thread; read by the engine after a run, from the same thread.
 *
 * @since 0.1.0
 */
public final class InFlightMeter {

    private long firstNanos;
    private long lastNanos;
    private int lastHeld;
    private boolean lastWasSubmission;
    private boolean observed;
    /** Twice the integral of the count over time, I/O-nanoseconds. */
    private long twiceArea;
    private int peak;

    /**
     * Observes a submitting call.
     *
     * @param calledNanos {@link System#nanoTime()} just before the call
     * @param returnedNanos {@link System#nanoTime()} just after it
     * @param held I/Os handed to the kernel and not completed (completions not yet in the ring)
     *     just after it
     */
    public void submitted(long calledNanos, long returnedNanos, int held) {
        if (!observed) {
            observe(calledNanos, 0, false);
        }
        twiceArea += 2L * lastHeld * (calledNanos - lastNanos);
        twiceArea += Math.max(2L, (long) lastHeld + held) * (returnedNanos - calledNanos);
        observe(returnedNanos, held, true);
        peak = Math.max(peak, Math.max(1, held));
    }

    /**
     * Observes the count just after completions were reaped.
     *
     * @param nanos {@link System#nanoTime()} just after the reap
     * @param held I/Os still in the kernel after it
     * @param waited whether the queue waited in the kernel for a completion before the reap
     */
    public void reaped(long nanos, int held, boolean waited) {
        if (observed) {
            long dt = nanos - lastNanos;
            twiceArea += (lastWasSubmission && !waited ? (long) lastHeld + held
                    : 2L * lastHeld) * dt;
        }
        observe(nanos, held, false);
    }

    private void observe(long nanos, int held, boolean submission) {
        if (!observed) {
            firstNanos = nanos;
            observed = true;
        }
        lastNanos = nanos;
        lastHeld = held;
        lastWasSubmission = submission;
    }

    /** Forgets everything observed (at the start of a measured run). */
    public void reset() {
        observed = false;
        twiceArea = 0;
        peak = 0;
    }

    /** {@return nanoseconds from the first observation since the reset to the last} */
    public long observedNanos() {
        return observed ? lastNanos - firstNanos : 0;
    }

    /** {@return the count integrated over {@link #observedNanos()}, I/O-nanoseconds} */
    public double heldNanos() {
        return twiceArea / 2.0;
    }

    /** {@return the most I/Os the kernel held just after a submitting call, 0 with none} */
    public int peak() {
        return peak;
    }
}
