package io.github.drivespeed.cli.progress;

import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.Sample;

/** Tells two progress listeners, in order. */
public final class Listeners implements ProgressListener {

    private final ProgressListener first;
    private final ProgressListener second;

    /**
     * A listener that tells two others, in order.
     *
     * @param first told first
     * @param second told second
     */
    public Listeners(ProgressListener first, ProgressListener second) {
        this.first = first;
        this.second = second;
    }

    @Override
    public void runsStarting(boolean direct) {
        first.runsStarting(direct);
        second.runsStarting(direct);
    }

    @Override
    public void passStarted(PassKind pass, int run, long totalBytes) {
        first.passStarted(pass, run, totalBytes);
        second.passStarted(pass, run, totalBytes);
    }

    @Override
    public void bytesTransferred(PassKind pass, int run, long bytesDone, long totalBytes) {
        first.bytesTransferred(pass, run, bytesDone, totalBytes);
        second.bytesTransferred(pass, run, bytesDone, totalBytes);
    }

    @Override
    public void passFinished(PassKind pass, Sample sample) {
        first.passFinished(pass, sample);
        second.passFinished(pass, sample);
    }
}
