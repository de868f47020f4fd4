package io.github.drivespeed.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.PassKind;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a plan on a thread of its own, interrupts that thread (Thread.interrupt()) once the first
 * bytes of a pass have moved, and reports how the run ended. Asserts that it started within 60 s
 * and stopped within 30 s of the interrupt.
 */
public final class MidPassInterrupt {

    /**
     * How an interrupted run ended.
     *
     * @param thrown what {@code run()} threw, or null if it returned
     * @param interruptFlagKept whether the thread's interrupt flag was still set afterwards
     */
    public record Outcome(Throwable thrown, boolean interruptFlagKept) { }

    private MidPassInterrupt() {
    }

    /**
     * @param plan the plan to run (its listener is replaced)
     * @return how the run ended
     * @throws InterruptedException if the calling thread is interrupted while waiting
     */
    public static Outcome run(SequentialPlan plan) throws InterruptedException {
        CountDownLatch started = new CountDownLatch(1);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicBoolean flagAfter = new AtomicBoolean();
        SequentialPlan test = plan.listener(new ProgressListener() {
            @Override
            public void bytesTransferred(PassKind pass, int run, long done, long total) {
                started.countDown();
            }
        });
        Thread worker = new Thread(() -> {
            try {
                test.run();
            } catch (Throwable t) {
                thrown.set(t);
            }
            flagAfter.set(Thread.currentThread().isInterrupted());
        });
        worker.start();
        assertThat(started.await(60, TimeUnit.SECONDS)).isTrue();
        worker.interrupt();
        worker.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(worker.isAlive()).isFalse();
        return new Outcome(thrown.get(), flagAfter.get());
    }
}
