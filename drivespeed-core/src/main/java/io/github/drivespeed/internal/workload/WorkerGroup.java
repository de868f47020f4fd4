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
        if (workers.size() == 1) {
            workers.get(0).beforeStart();
            return List.of(workers.get(0).run(System.nanoTime()));
        }
        Together together = new Together(workers, stop);
        List<Thread> threads = together.startOthers();
        together.runFirst();
        boolean interrupted = joinAll(threads, stop::request);
        Throwable first = together.firstFailure(interrupted, what);
        if (first != null) {
            throw rethrown(first);
        }
        return List.of(together.outcomes);
    }

    /**
     * One run of several workers: worker 0 on the calling thread, the others on threads of their
     * own, each released at the common start once all have called {@link Worker#beforeStart}.
     */
    private static final class Together {
        private final List<Worker> workers;
        private final StopSignal stop;
        private final IoLoop.Outcome[] outcomes;
        private final Throwable[] failures;
        private final CountDownLatch ready;
        private final CountDownLatch go = new CountDownLatch(1);
        /** The common start; written before {@link #go} opens, read after. */
        private long start;

        Together(List<Worker> workers, StopSignal stop) {
            this.workers = workers;
            this.stop = stop;
            this.outcomes = new IoLoop.Outcome[workers.size()];
            this.failures = new Throwable[workers.size()];
            this.ready = new CountDownLatch(workers.size() - 1);
        }

        /**
         * Starts workers 1 to n - 1, each waiting for the common start; where one cannot be
         * started, those that were are stopped and joined before the failure is thrown.
         */
        List<Thread> startOthers() {
            int n = workers.size();
            List<Thread> threads = new ArrayList<>(n - 1);
            try {
                for (int k = 1; k < n; k++) {
                    int index = k;
                    Thread t = new Thread(() -> {
                        workers.get(index).beforeStart();
                        ready.countDown();
                        awaitUninterruptibly(go);
                        try {
                            outcomes[index] = workers.get(index).run(start);
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
            return threads;
        }

        /** Takes the common start once every worker is ready, and runs worker 0 here. */
        void runFirst() {
            workers.get(0).beforeStart();
            awaitUninterruptibly(ready);
            start = System.nanoTime();
            go.countDown();
            try {
                outcomes[0] = workers.get(0).run(start);
            } catch (Throwable e) {
                failures[0] = e;
                stop.request();
            }
        }

        /**
         * The failure to throw, once every worker ended: an interruption first, else the first
         * worker's failure, the others suppressed; an interruption of the caller keeps the flag.
         *
         * @param interrupted whether the caller was interrupted while waiting
         * @param what the run, for messages
         * @return the failure, or null when all succeeded
         */
        Throwable firstFailure(boolean interrupted, String what) {
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
            }
            return first;
        }
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
