package io.github.drivespeed.nativeio;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.SpeedReport;
import java.nio.file.Path;

/**
 * A measurement in a child JVM, for tests that kill it or change its class path.
 * Arguments: DIR BACKEND(default|java|native) BLOCK_SIZE COUNT PAUSE_AT_BYTES(-1: never).
 * Prints {@code WRITING} and sleeps once run 1's write pass has written PAUSE_AT_BYTES; prints
 * {@code backend NAME | FALLBACK_REASON} at the end.
 */
public final class ChildRun {

    private ChildRun() {
    }

    /**
     * @param args see the class comment
     * @throws Exception on any failure (the exit code is then non-zero)
     */
    public static void main(String[] args) throws Exception {
        long pauseAt = Long.parseLong(args[4]);
        SequentialPlan test = DriveSpeed.on(Path.of(args[0])).blockSize(args[2])
                .count(Long.parseLong(args[3])).runs(1)
                .listener(new ProgressListener() {
                    @Override
                    public void bytesTransferred(PassKind pass, int run, long done, long total) {
                        if (pass == PassKind.WRITE && done == pauseAt) {
                            System.out.println("WRITING");
                            System.out.flush();
                            try {
                                Thread.sleep(600_000);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }
                    }
                });
        if (!"default".equals(args[1])) {
            test = test.backend(args[1]);
        }
        SpeedReport report = test.run();
        System.out.println("backend " + report.backend().name() + " | "
                + report.backend().fallbackReason().orElse("-"));
        System.out.println("description " + report.backend().description());
    }
}
