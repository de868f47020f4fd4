package io.github.drivespeed.cli.progress;

import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.PassKind;

/**
 * Does something once, when the first pass starts: the library has then made every check it makes
 * before any I/O, so a header printed here never precedes a refusal.
 */
public final class BeforeFirstPass implements ProgressListener {

    private final Runnable action;
    private boolean done;

    /**
     * A listener that runs {@code action} once, before the first pass starts.
     *
     * @param action what to do once, on the measuring thread, before the first pass
     */
    public BeforeFirstPass(Runnable action) {
        this.action = action;
    }

    @Override
    public void passStarted(PassKind pass, int run, long totalBytes) {
        if (!done) {
            done = true;
            action.run();
        }
    }
}
