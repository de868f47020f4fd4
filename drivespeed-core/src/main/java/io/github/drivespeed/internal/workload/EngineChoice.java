package io.github.drivespeed.internal.workload;

import io.github.drivespeed.internal.io.BlockingIoQueue;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.IoQueue;
import io.github.drivespeed.spi.QueueEngine;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which engine a workload runs on, and its queues. Asked for by name, an engine runs or the
 * workload is refused (an explicit choice is never replaced behind the caller's back). Left to
 * the engine: {@link IoEngine#PSYNC} at queue depth 1 (one system call per I/O; a queue would
 * only add a second); above it the backend's first asynchronous engine that works here and has
 * no drawback on the test file ({@link FileHandle#queueEngineDrawback}; the first one, drawback
 * and all, when every one has a drawback there), the others tried in
 * order when one cannot be set up, and psync with the depth run as threads when none works. Why
 * a preferred engine did not run is kept for the report.
 */
final class EngineChoice {

    /** The queues of one workload, one per worker, and how they came to be. */
    record Opened(IoEngine engine, List<IoQueue> queues, Optional<String> fallbackReason) { }

    private final IoBackend io;
    private final Optional<IoEngine> requested;
    private final int queueDepth;
    private final List<IoEngine> candidates;
    private final List<String> skipped;

    private EngineChoice(IoBackend io, Optional<IoEngine> requested, int queueDepth,
            List<IoEngine> candidates, List<String> skipped) {
        this.io = io;
        this.requested = requested;
        this.queueDepth = queueDepth;
        this.candidates = candidates;
        this.skipped = skipped;
    }

    /**
     * @param io the backend
     * @param requested the engine the plan named, or empty to choose
     * @param queueDepth I/Os in flight per thread
     * @return the choice, before any queue is opened
     * @throws IllegalArgumentException if the named engine is not the backend's or does not
     *     work here, saying why
     */
    static EngineChoice of(IoBackend io, Optional<IoEngine> requested, int queueDepth) {
        List<QueueEngine> offered = io.queueEngines();
        List<IoEngine> candidates = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        if (requested.isPresent()) {
            IoEngine e = requested.get();
            if (e.asynchronous()) {
                QueueEngine q = offered.stream().filter(o -> o.fioName().equals(e.fioName()))
                        .findFirst().orElseThrow(() -> new IllegalArgumentException("ioEngine "
                                + e + ": the " + io.name() + " backend has no " + e + " engine"
                                + " (its engines: " + names(offered) + ")"));
                if (!q.isAvailable()) {
                    throw new IllegalArgumentException("ioEngine " + e + " is unavailable here: "
                            + q.unavailableReason().get());
                }
            }
            candidates.add(e);
            return new EngineChoice(io, requested, queueDepth, candidates, skipped);
        }
        if (queueDepth > 1) {
            for (QueueEngine q : offered) {
                Optional<IoEngine> e = IoEngine.ofFioName(q.fioName());
                if (e.isEmpty() || !e.get().asynchronous()) {
                    continue;
                }
                if (q.isAvailable()) {
                    candidates.add(e.get());
                } else {
                    skipped.add(e.get() + " not used: " + q.unavailableReason().get());
                }
            }
            if (candidates.isEmpty() && skipped.isEmpty()) {
                skipped.add("the " + io.name() + " backend has no asynchronous engine");
            }
        }
        candidates.add(IoEngine.PSYNC);
        return new EngineChoice(io, requested, queueDepth, candidates, skipped);
    }


    private static String names(List<QueueEngine> offered) {
        List<String> names = new ArrayList<>();
        names.add("psync");
        for (QueueEngine q : offered) {
            names.add(q.fioName());
        }
        return String.join(", ", names);
    }

    /** @return the engine the plan named, or empty when the engine chose */
    Optional<IoEngine> requested() {
        return requested;
    }

    /** @return the engine that runs unless it cannot be set up */
    IoEngine preferred() {
        return candidates.get(0);
    }

    /**
     * Opens the workers' queues: {@code threads} asynchronous queues of {@code queueDepth}, or
     * {@code threads x queueDepth} synchronous ones for psync. When the engine chose and an
     * asynchronous engine cannot be set up, the next one is tried.
     *
     * @param file the test file
     * @param threads the workload's threads
     * @param maxSyncWorkers most synchronous workers allowed
     * @return the queues
     * @throws IOException if the named engine cannot be set up, or none at all can
     * @throws IllegalArgumentException if falling back to psync would start more than
     *     {@code maxSyncWorkers} threads
     */
    Opened open(FileHandle file, int threads, int maxSyncWorkers) throws IOException {
        List<String> reasons = new ArrayList<>(skipped);
        for (IoEngine e : candidates) {
            if (!e.asynchronous()) {
                long workers = (long) threads * queueDepth;
                if (workers > maxSyncWorkers) {
                    throw new IllegalArgumentException("threads x queueDepth = " + threads
                            + " x " + queueDepth + " = " + workers + " synchronous workers, more"
                            + " than " + maxSyncWorkers + " (" + String.join("; ", reasons)
                            + ")");
                }
                List<IoQueue> queues = new ArrayList<>();
                for (int k = 0; k < workers; k++) {
                    queues.add(new BlockingIoQueue(file));
                }
                if (requested.isPresent() && queueDepth > 1) {
                    reasons.add(e + " was asked for");
                }
                return new Opened(e, queues, reasons.isEmpty() ? Optional.empty()
                        : Optional.of(String.join("; ", reasons)));
            }
            Optional<String> drawback = requested.isPresent() || !anotherAsyncAfter(e)
                    ? Optional.empty() : file.queueEngineDrawback(e.fioName());
            if (drawback.isPresent() && !everyLaterAsyncHasADrawback(e, file)) {
                reasons.add(e + " not used: " + drawback.get());
                continue;
            }
            List<IoQueue> queues = new ArrayList<>();
            try {
                for (int t = 0; t < threads; t++) {
                    queues.add(file.openQueue(e.fioName(), queueDepth));
                }
                return new Opened(e, queues, reasons.isEmpty() ? Optional.empty()
                        : Optional.of(String.join("; ", reasons)));
            } catch (IOException failure) {
                closeQuietly(queues, failure);
                if (requested.isPresent()) {
                    throw failure;
                }
                reasons.add(e + " not used: " + failure.getMessage());
            }
        }
        throw new IllegalStateException("no engine to run on " + io.name());
    }

    private boolean anotherAsyncAfter(IoEngine e) {
        for (int i = candidates.indexOf(e) + 1; i < candidates.size(); i++) {
            if (candidates.get(i).asynchronous()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether every asynchronous engine after {@code e} has a drawback on the file too: then
     * {@code e}, the backend's first choice, runs despite its own (for example io_uring handing
     * buffered I/O on tmpfs to kernel workers, which still queue, rather than Linux AIO, which
     * completes buffered I/O inside io_submit and queues nothing).
     */
    private boolean everyLaterAsyncHasADrawback(IoEngine e, FileHandle file) {
        for (int i = candidates.indexOf(e) + 1; i < candidates.size(); i++) {
            IoEngine later = candidates.get(i);
            if (later.asynchronous() && file.queueEngineDrawback(later.fioName()).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    private static void closeQuietly(List<IoQueue> queues, IOException failure) {
        for (IoQueue q : queues) {
            try {
                q.close();
            } catch (IOException e) {
                failure.addSuppressed(e);
            }
        }
    }
}
