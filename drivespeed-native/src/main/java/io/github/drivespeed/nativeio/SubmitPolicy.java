package io.github.drivespeed.nativeio;

/**
 * When an asynchronous queue hands its I/Os to the kernel, chosen by what the target does, and
 * changed when the target shows otherwise:
 * <ul>
 *   <li>one submission per I/O, as it is queued (the default; fio's {@code
 *       iodepth_batch_submit=1}): right for devices that complete I/O later, in bursts, where
 *       resubmitting a whole burst at once would keep the queue in lock-step;</li>
 *   <li>one submission of everything queued, just before waiting: right where the kernel
 *       completes I/O inside the submission (tmpfs, a memory block device such as zram, buffered
 *       files), where each extra system call is pure overhead.</li>
 * </ul>
 * After {@value #INLINE_STREAK} single submissions in a row whose I/O had completed by the time
 * the call returned, the queue batches; a batch of which less than half had completed by then
 * turns it back to single submissions. Used by one thread.
 */
final class SubmitPolicy {

    /** Single submissions completed inline, in a row, before the queue batches. */
    static final int INLINE_STREAK = 32;

    private boolean batching;
    private int streak;

    /** @return whether to submit everything queued just before waiting, rather than at once */
    boolean batching() {
        return batching;
    }

    /**
     * Told after a single submission.
     *
     * @param completedInline whether its completion was there when the call returned
     */
    void single(boolean completedInline) {
        if (!completedInline) {
            streak = 0;
        } else if (++streak >= INLINE_STREAK) {
            batching = true;
        }
    }

    /**
     * Told after a batch submission.
     *
     * @param submitted I/Os in the batch
     * @param completedInline completions that were there when the call returned
     */
    void batch(int submitted, int completedInline) {
        if (submitted >= 2 && 2L * completedInline < submitted) {
            batching = false;
            streak = 0;
        }
    }

    /** @return how the queue submits now, for descriptions */
    String describe() {
        return batching ? "submits in batches before waiting (the target completed I/O inline)"
                : "submits each I/O as it is queued";
    }
}
