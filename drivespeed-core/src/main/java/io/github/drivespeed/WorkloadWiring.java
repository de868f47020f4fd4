package io.github.drivespeed;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.internal.files.ExistingFile;
import io.github.drivespeed.internal.workload.WorkloadMeasurement;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.progress.WorkloadListener;
import io.github.drivespeed.spi.IoBackend;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * How a {@link WorkloadPlan} runs, beside its settings: the backend and the engine asked for
 * (null where drivespeed chooses), the listener, the existing file it runs over instead of a new
 * test file (null for none), and whether it falls back to buffered I/O where O_DIRECT is refused.
 */
record WorkloadWiring(IoBackend backend, IoEngine ioEngine, WorkloadListener listener,
        ExistingFile existing, boolean bufferedFallback) {

    /** drivespeed's choices, no listener, a new test file, no fallback. */
    static final WorkloadWiring DEFAULTS =
            new WorkloadWiring(null, null, WorkloadListener.NONE, null, false);

    WorkloadWiring {
        Objects.requireNonNull(listener, "listener");
    }

    WorkloadWiring withBackend(IoBackend b) {
        return new WorkloadWiring(b, ioEngine, listener, existing, bufferedFallback);
    }

    WorkloadWiring withIoEngine(IoEngine e) {
        return new WorkloadWiring(backend, Objects.requireNonNull(e, "ioEngine"), listener,
                existing, bufferedFallback);
    }

    WorkloadWiring withListener(WorkloadListener l) {
        return new WorkloadWiring(backend, ioEngine, l, existing, bufferedFallback);
    }

    WorkloadWiring withExisting(ExistingFile file) {
        return new WorkloadWiring(backend, ioEngine, listener, file, bufferedFallback);
    }

    WorkloadWiring withBufferedFallback(boolean fallback) {
        return new WorkloadWiring(backend, ioEngine, listener, existing, fallback);
    }

    /**
     * @param file the existing file named again, to be overwritten
     * @return this wiring with the existing file writable
     * @throws InvalidSettingException if no existing file was set, or {@code file} is another
     */
    WorkloadWiring withOverwriteAllowed(Path file) {
        if (existing == null || !existing.path().equals(file)) {
            throw new InvalidSettingException("overwriteAllowed", file, "must name the file to"
                    + " overwrite again; existingFile is "
                    + (existing == null ? "not set" : existing.path()));
        }
        return withExisting(new ExistingFile(file, true));
    }

    /**
     * @param target the plan's directory
     * @return the engine that runs a plan so wired
     */
    WorkloadMeasurement engine(Path target) {
        return new WorkloadMeasurement(target, Optional.ofNullable(backend),
                Optional.ofNullable(ioEngine), listener, Optional.ofNullable(existing),
                bufferedFallback);
    }
}
