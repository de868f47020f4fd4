package io.github.drivespeed.spi;

import java.util.Objects;
import java.util.Optional;

/**
 * A way a backend keeps several I/Os of one file in flight from one thread, named as fio names
 * its engines, and whether it works here.
 *
 * @param fioName fio's {@code ioengine} name, for example {@code libaio} (Linux AIO,
 *     io_submit(2)) or {@code io_uring} (io_uring(7)); the engine asks for it by this name in
 *     {@link FileHandle#openQueue(String, int)}
 * @param unavailableReason empty when the engine works on this machine now, else why not, for
 *     example {@code io_uring_setup(2): EPERM (Operation not permitted); kernel.io_uring_disabled
 *     = 2}
 * @since 0.1.0
 */
public record QueueEngine(String fioName, Optional<String> unavailableReason) {

    /**
     * Checks that no field is null and the name is not empty.
     *
     * @param fioName fio's {@code ioengine} name
     * @param unavailableReason empty when the engine works here, else why not
     */
    public QueueEngine {
        Objects.requireNonNull(fioName, "fioName");
        Objects.requireNonNull(unavailableReason, "unavailableReason");
        if (fioName.isEmpty()) {
            throw new IllegalArgumentException("fioName must not be empty");
        }
    }

    /**
     * {@return an engine that works here}
     *
     * @param fioName fio's {@code ioengine} name
     */
    public static QueueEngine available(String fioName) {
        return new QueueEngine(fioName, Optional.empty());
    }

    /** {@return whether the engine works on this machine now} */
    public boolean isAvailable() {
        return unavailableReason.isEmpty();
    }
}
