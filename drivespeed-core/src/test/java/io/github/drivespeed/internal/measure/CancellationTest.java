package io.github.drivespeed.internal.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.parameters.Limits;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.testing.ChildMeasurement;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cancellation from outside: {@code Future.cancel(true)}, an {@code ExecutorService} timeout, a
 * thread interrupted before it starts, SIGTERM and SIGKILL of the measuring JVM.
 */
class CancellationTest {

    @TempDir
    Path dir;

    private final ExecutorService executor = Executors.newSingleThreadExecutor();

    @AfterEach
    void stopExecutor() throws InterruptedException {
        executor.shutdownNow();
        assertThat(executor.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
    }

    /**
     * Counts blocks whose completion was reported while the thread's interrupt flag was already
     * set: "stops within one block" means at most one.
     */
    private static final class BlocksAfterInterrupt implements ProgressListener {
        final CountDownLatch writing = new CountDownLatch(1);
        final AtomicInteger blocksSeenInterrupted = new AtomicInteger();

        @Override
        public void bytesTransferred(PassKind pass, int run, long done, long total) {
            if (Thread.currentThread().isInterrupted()) {
                blocksSeenInterrupted.incrementAndGet();
            }
            writing.countDown();
        }
    }

    /** The measurement as a task that records what it threw and its interrupt flag at the end. */
    private static final class Task implements Callable<SpeedReport> {
        final SequentialPlan test;
        final AtomicReference<Throwable> thrown = new AtomicReference<>();
        final AtomicBoolean interruptFlagAtEnd = new AtomicBoolean();
        final CountDownLatch finished = new CountDownLatch(1);

        Task(SequentialPlan test) {
            this.test = test;
        }

        @Override
        public SpeedReport call() throws IOException {
            try {
                return test.run();
            } catch (IOException | RuntimeException e) {
                thrown.set(e);
                throw e;
            } finally {
                interruptFlagAtEnd.set(Thread.currentThread().isInterrupted());
                finished.countDown();
            }
        }
    }

    /** A run that cannot end on its own within any test's patience: 1 000 runs of 16 MiB. */
    private SequentialPlan endless(ProgressListener listener) {
        return DriveSpeed.on(dir).blockSize("1M").count(16).runs(Limits.MAX_RUNS)
                .listener(listener);
    }

    @Test
    void futureCancelStopsWithinOneBlockRemovesTheFileAndThrows() throws Exception {
        BlocksAfterInterrupt blocks = new BlocksAfterInterrupt();
        Task task = new Task(endless(blocks));
        Future<SpeedReport> future = executor.submit(task);
        assertThat(blocks.writing.await(60, TimeUnit.SECONDS)).isTrue();

        assertThat(future.cancel(true)).isTrue();
        assertThat(task.finished.await(60, TimeUnit.SECONDS)).isTrue();

        assertThatThrownBy(future::get).isInstanceOf(CancellationException.class);
        assertThat(task.thrown.get()).isInstanceOf(InterruptedIOException.class)
                .hasMessageMatching("interrupted during the (write|read) pass of (warm-up|run \\d+)"
                        + " after \\d+ of \\d+ bytes; the measurement stopped and its test file"
                        + " was removed");
        assertThat(blocks.blocksSeenInterrupted).hasValueLessThanOrEqualTo(1);
        assertThat(task.interruptFlagAtEnd).isTrue();
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void anExecutorTimeoutCancelsTheRunWhichCleansUpAndThrows() throws Exception {
        BlocksAfterInterrupt blocks = new BlocksAfterInterrupt();
        Task task = new Task(endless(blocks));
        List<Future<SpeedReport>> futures = executor.invokeAll(List.of(task), 500,
                TimeUnit.MILLISECONDS);
        assertThat(futures.get(0).isCancelled()).isTrue();
        assertThat(task.finished.await(60, TimeUnit.SECONDS)).isTrue();

        assertThat(task.thrown.get()).isInstanceOf(InterruptedIOException.class);
        assertThat(blocks.blocksSeenInterrupted).hasValueLessThanOrEqualTo(1);
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aThreadInterruptedBeforeRunWritesNothing() {
        AtomicBoolean anyProgress = new AtomicBoolean();
        SequentialPlan test = DriveSpeed.on(dir).blockSize("64K").count(4).runs(1)
                .listener(new ProgressListener() {
                    @Override
                    public void passStarted(PassKind pass, int run, long totalBytes) {
                        anyProgress.set(true);
                    }
                });
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(test::run).isInstanceOf(InterruptedIOException.class)
                    .hasMessage("interrupted during the set-up, before any I/O; the measurement"
                            + " stopped and left no test file");
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
        assertThat(anyProgress).isFalse();
        assertThat(dir.toFile().list()).isEmpty();
    }

    /**
     * Starts a measurement in a child JVM, lets it write 4 of its 64 blocks into {@code target},
     * then signals it there and waits for it to die.
     *
     * @param sigkill SIGKILL if true (nothing in the JVM runs), else SIGTERM (shutdown hooks run)
     * @return the dead child
     */
    private Process signalMidPass(Path target, boolean sigkill) throws Exception {
        Path control = Files.createDirectory(dir.resolve("control"));
        Process child = ChildMeasurement.start(target, control, "64K", 64, 4 * 65536);
        try {
            ChildMeasurement.awaitPaused(child, control);
            assertThat(TestFiles.testFiles(target)).hasSize(1);
            if (sigkill) {
                child.destroyForcibly();
            } else {
                child.destroy();
            }
            assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        } finally {
            child.destroyForcibly();
        }
        assertThat(child.exitValue()).isEqualTo(128 + (sigkill ? 9 : 15));
        return child;
    }

    @Test
    void sigkillMidPassLeavesOneNamedFileThatTheNextRunRemoves() throws Exception {
        Path target = Files.createDirectory(dir.resolve("target"));
        Process child = signalMidPass(target, true);

        List<Path> left = TestFiles.testFiles(target);
        assertThat(left).hasSize(1);
        assertThat(left.get(0).getFileName().toString())
                .matches("drivespeed-" + child.pid() + "-[0-9a-f]{16}\\.tmp");
        assertThat(Files.size(left.get(0))).isGreaterThanOrEqualTo(4 * 65536);
        assertThat(TestFiles.names(target)).hasSize(1);

        // the owner is gone: the next run in that directory removes it, and leaves nothing
        DriveSpeed.on(target).blockSize("64K").count(4).runs(1).run();
        assertThat(TestFiles.names(target)).isEmpty();
    }

    @Test
    void sigtermMidPassRemovesTheFileThroughTheShutdownHook() throws Exception {
        Path target = Files.createDirectory(dir.resolve("target"));
        signalMidPass(target, false);
        assertThat(TestFiles.names(target)).isEmpty();
    }
}
