package io.github.drivespeed.parameters;

import io.github.drivespeed.internal.check.SettingChecks;
import java.util.Optional;

/**
 * How a workload does its I/O ({@link WorkloadParameters#io()}): O_DIRECT or buffered, whether
 * buffered I/O replaces a refused O_DIRECT, the I/O engine and the io_uring submission-queue
 * polling. A plan's record holds what was asked for; a report's record says what ran: a
 * fallback's buffered I/O in {@link #direct()}, the engine that ran in {@link #ioEngine()} (the
 * one asked for, if any, is in
 * {@link io.github.drivespeed.report.engine.EngineInfo#requestedIoEngine()}).
 *
 * @param direct O_DIRECT (fio {@code direct=1}); in a report, false after a buffered fallback
 * @param bufferedFallback whether buffered I/O was to replace O_DIRECT where the file system
 *     refuses it ({@link io.github.drivespeed.WorkloadPlan#directOrBuffered()}); whether it did is
 *     {@link #direct()}
 * @param ioEngine the I/O engine (fio {@code ioengine}): in a plan the one asked for, empty where
 *     drivespeed chooses (the default: see {@link IoEngine}); in a report the one that ran
 * @param sqThreadPoll whether io_uring's kernel thread polled the submission queue (fio
 *     {@code sqthread_poll}; {@link io.github.drivespeed.WorkloadPlan#sqThreadPoll()})
 * @since 0.1.0
 */
public record IoMode(boolean direct, boolean bufferedFallback, Optional<IoEngine> ioEngine,
        boolean sqThreadPoll) {

    /** O_DIRECT without a fallback, the engine drivespeed chooses, no SQPOLL: the default. */
    public static final IoMode DEFAULT = new IoMode(true, false, Optional.empty(), false);

    /**
     * Checks that the engine is there.
     *
     * @param direct O_DIRECT
     * @param bufferedFallback whether buffered I/O replaces a refused O_DIRECT
     * @param ioEngine the engine, or empty
     * @param sqThreadPoll whether with SQPOLL
     * @throws NullPointerException if {@code ioEngine} is null
     */
    public IoMode {
        SettingChecks.requireNonNull("ioEngine", ioEngine);
    }

    /**
     * {@return this mode with that O_DIRECT and fallback, everything else kept}
     *
     * @param directIo O_DIRECT, or buffered
     * @param fallback whether buffered I/O replaces O_DIRECT where it is refused
     */
    public IoMode withDirect(boolean directIo, boolean fallback) {
        return new IoMode(directIo, fallback, ioEngine, sqThreadPoll);
    }

    /**
     * {@return this mode with that engine, everything else kept}
     *
     * @param engine the engine
     * @throws NullPointerException if {@code engine} is null
     */
    public IoMode withIoEngine(IoEngine engine) {
        return new IoMode(direct, bufferedFallback,
                Optional.of(SettingChecks.requireNonNull("ioEngine", engine)), sqThreadPoll);
    }

    /**
     * {@return this mode with or without SQPOLL, everything else kept}
     *
     * @param on whether io_uring's kernel thread polls the submission queue
     */
    public IoMode withSqThreadPoll(boolean on) {
        return new IoMode(direct, bufferedFallback, ioEngine, on);
    }
}
