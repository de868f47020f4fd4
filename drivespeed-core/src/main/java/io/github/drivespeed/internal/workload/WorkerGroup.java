package io.github.drivespeed.internal.workload;

import io.github.drivespeed.internal.io.IoFailures;
import io.github.drivespeed.internal.io.IoLoop;
import io.github.drivespeed.internal.io.StopSignal;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Runs the workers of one run at the same time (fio's {@code numjobs} with
 * {@code thread}): worker 0 on the calling thread, the others on threads of their own, all
 * released together at one start time. When one fails or the caller is interrupted, the rest are
 * stopped through the {@link StopSignal} after their I/Os in flight, and every worker has ended
 * before this returns or throws, so the test file can be closed safely.
 */
final class WorkerGroup {

    /** One worker's body. */
    interface Worker {
        /**
         * @param startNanos the common start, {@link System#nanoTime()}
         * @return what it did
         * @throws IOException if its I/O failed or it was interrupted
         */
        IoLoop.Outcome run(long startNanos) throws IOException;

        /**
         * Called on the worker's own thread before the common start is taken, outside the
         * timed window (for readings of that thread's own counters); does nothing by default.
         */
        default void beforeStart() {
        }
    }

    /**
     * @param beforeStart what the worker's thread does before the common start
     * @param body the worker's body
     * @return the worker
     */
    static Worker withBeforeStart(Runnable beforeStart, Worker body) {
        return new Worker() {
            @Override
            public IoLoop.Outcome run(long startNanos) throws IOException {
                return body.run(startNanos);
            }

            @Override
            public void beforeStart() {
                beforeStart.run();
            }
        };
    }

    private WorkerGroup() {
    }

    /**
     * Runs {@code workers} together.
     *
     * @param workers at least one
     * @param stop the signal the workers' loops watch
     * @param what for example {@code run 2 of randread}, for messages
     * @return each worker's outcome, in order
     * @throws InterruptedIOException if the calling thread was interrupted (flag kept)
     * @throws IOException the first failure of a worker, others suppressed
     */
    static List<IoLoop.Outcome> run(List<Worker> workers, StopSignal stop, String what)
            throws IOException {
        int n = workers.size();
        if (n == 1) {
            workers.get(0).beforeStart();
            return List.of(workers.get(0).run(System.nanoTime()));
        }
        IoLoop.Outcome[] outcomes = new IoLoop.Outcome[n];
        Throwable[] failures = new Throwable[n];
        long[] start = new long[1];
        CountDownLatch ready = new CountDownLatch(n - 1);
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>(n - 1);
        try {
            for (int k = 1; k < n; k++) {
                int index = k;
                Thread t = new Thread(() -> {
                    workers.get(index).beforeStart();
                    ready.countDown();
                    awaitUninterruptibly(go);
                    try {
                        outcomes[index] = workers.get(index).run(start[0]);
                    } catch (Throwable e) {
                        failures[index] = e;
                        stop.request();
                    }
                }, "drivespeed-worker-" + k);
                t.setDaemon(true);
                t.start();
                threads.add(t);
            }
        } catch (Throwable e) {
            stop.request();
            go.countDown();
            joinAll(threads, stop::request);
            throw e;
        }
        workers.get(0).beforeStart();
        awaitUninterruptibly(ready);
        start[0] = System.nanoTime();
        go.countDown();
        try {
            outcomes[0] = workers.get(0).run(start[0]);
        } catch (Throwable e) {
            failures[0] = e;
            stop.request();
        }
        boolean interrupted = joinAll(threads, stop::request);
        Throwable first = null;
        for (Throwable f : failures) {
            if (f instanceof InterruptedIOException) {
                first = f;
                break;
            }
            if (first == null && f != null) {
                first = f;
            }
        }
        if (first == null && interrupted) {
            first = IoFailures.interrupted(what, 0, -1, null);
        }
        if (interrupted || first instanceof InterruptedIOException) {
            Thread.currentThread().interrupt();
        }
        if (first != null) {
            for (Throwable f : failures) {
                if (f != null && f != first) {
                    first.addSuppressed(f);
                }
            }
            throw rethrown(first);
        }
        return List.of(outcomes);
    }

    /**
     * @param failure an IOException, RuntimeException or Error a worker threw
     * @return it as an IOException, to throw
     * @throws RuntimeException the failure, if it is one
     * @throws Error the failure, if it is one
     */
    static IOException rethrown(Throwable failure) {
        if (failure instanceof IOException) {
            return (IOException) failure;
        }
        if (failure instanceof RuntimeException) {
            throw (RuntimeException) failure;
        }
        throw (Error) failure;
    }

    /**
     * Waits for every thread.
     *
     * @param onInterrupt what stops the threads when the caller is interrupted meanwhile
     * @return whether the caller was interrupted
     */
    static boolean joinAll(List<Thread> threads, Runnable onInterrupt) {
        boolean interrupted = false;
        for (Thread t : threads) {
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                    onInterrupt.run();
                }
            }
        }
        return interrupted;
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
