package io.github.drivespeed;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.spi.IoBackend;

/** The backend a plan with {@link WorkloadPlan#sqThreadPoll()} runs on. */
final class SqThreadPoll {

    private SqThreadPoll() {
    }

    /**
     * @param backend the backend the plan names, or null for the native one
     * @param ioEngine the engine the plan names, or null
     * @return the backend's variant whose io_uring queues poll their submission ring
     * @throws InvalidSettingException naming {@code sqThreadPoll} where another engine than
     *     io_uring is named, or the backend has no io_uring
     */
    static IoBackend backend(IoBackend backend, IoEngine ioEngine) {
        if (ioEngine != null && ioEngine != IoEngine.IO_URING) {
            throw new InvalidSettingException("sqThreadPoll", true, "needs io_uring"
                    + " (IORING_SETUP_SQPOLL); ioEngine " + ioEngine + " has no submission-queue"
                    + " polling");
        }
        IoBackend b = backend != null ? backend : DriveSpeed.backend("native");
        return b.withSqThreadPoll().orElseThrow(() -> new InvalidSettingException(
                "sqThreadPoll", true, "needs a backend with io_uring; the " + b.name()
                        + " backend has none"));
    }
}
