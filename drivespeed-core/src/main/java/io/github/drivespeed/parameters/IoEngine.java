package io.github.drivespeed.parameters;

import io.github.drivespeed.error.InvalidSettingException;
import java.util.Locale;
import java.util.Optional;

/**
 * How a workload issues its I/O, named as fio names its engines (fio's HOWTO, {@code ioengine}).
 * Chosen with {@link io.github.drivespeed.WorkloadPlan#ioEngine(IoEngine)}; by default the engine
 * picks: {@link #PSYNC} at queue depth 1, else the backend's best asynchronous engine that works
 * here (the native backend: {@link #IO_URING}, then {@link #LIBAIO}). What ran is in
 * {@link io.github.drivespeed.report.WorkloadReport#engine()}.
 *
 * @since 0.1.0
 */
public enum IoEngine {

    /**
     * pread(2) and pwrite(2), one I/O in flight per thread (fio {@code psync}); a queue depth
     * above 1 is run as that many threads. Every backend has it.
     */
    PSYNC("psync", false),

    /**
     * Linux native asynchronous I/O: io_setup(2), io_submit(2), io_getevents(2) (fio
     * {@code libaio}; drivespeed makes the system calls itself and needs no libaio). Truly
     * asynchronous only with O_DIRECT; on a buffered file the kernel completes each I/O inside
     * io_submit.
     */
    LIBAIO("libaio", true),

    /**
     * io_uring(7): shared submission and completion rings, io_uring_setup(2),
     * io_uring_enter(2), with a registered file and registered buffers where the kernel allows
     * (fio {@code io_uring} with {@code registerfiles} and {@code fixedbufs}). Refused where the
     * kernel has no io_uring (before 5.1), where {@code kernel.io_uring_disabled} forbids it, and
     * under seccomp filters that block it (many container runtimes).
     */
    IO_URING("io_uring", true),

    /**
     * No I/O (fio {@code null}): each read and write completes at once, with no system call,
     * through the same loop, timing and accounting as {@link #PSYNC}; periodic and closing
     * fdatasyncs do nothing. Its latencies are drivespeed's own cost per I/O, the floor under
     * every queue-depth-1 figure. The test file is still laid out (the job's setup is the
     * same), but never read or written by the measured I/O. A queue depth above 1 is run as
     * that many threads, as psync's. Every backend has it.
     */
    NULL("null", false);

    private final String fioName;
    private final boolean asynchronous;

    IoEngine(String fioName, boolean asynchronous) {
        this.fioName = fioName;
        this.asynchronous = asynchronous;
    }

    /** {@return fio's name for it: {@code psync}, {@code libaio}, {@code io_uring} or {@code null}} */
    public String fioName() {
        return fioName;
    }

    /** {@return whether one thread keeps several I/Os in flight with it} */
    public boolean asynchronous() {
        return asynchronous;
    }

    /**
     * {@return the engine, or empty for another name}
     *
     * @param fioName fio's name, {@code psync}, {@code libaio}, {@code io_uring} or {@code null}
     *     (case ignored)
     */
    public static Optional<IoEngine> ofFioName(String fioName) {
        String wanted = fioName.toLowerCase(Locale.ROOT);
        for (IoEngine e : values()) {
            if (e.fioName.equals(wanted)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    /**
     * {@return the engine fio calls {@code fioName}}
     *
     * @param fioName fio's name, {@code psync}, {@code libaio}, {@code io_uring} or {@code null}
     *     (case ignored)
     * @throws IllegalArgumentException naming the value and the names there are, for another name
     */
    public static IoEngine parse(String fioName) {
        return ofFioName(fioName).orElseThrow(() -> new InvalidSettingException("ioEngine",
                fioName, "must be one of psync, libaio, io_uring, null"));
    }

    /** {@return fio's name of the engine, as {@link #fioName()}} */
    @Override
    public String toString() {
        return fioName;
    }
}
