package io.github.drivespeed.internal.measure;

import io.github.drivespeed.report.PartialReport;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Attaches what a measurement completed before a failure to that failure ({@link PartialReport},
 * as a suppressed exception), so that the exception keeps its type: the runs of a sequential test
 * or a workload, the rows of a table.
 */
public final class CompletedWork {

    private static final Logger LOG = LoggerFactory.getLogger(CompletedWork.class);

    /** Builds the carrier of what completed. */
    @FunctionalInterface
    public interface Carrier {
        /**
         * {@return the carrier of what completed}
         *
         * @throws IOException if its report cannot be made
         */
        PartialReport get() throws IOException;
    }

    private CompletedWork() {
    }

    /**
     * Attaches what completed to {@code failure}; a failure to report it is attached as
     * suppressed instead (the failure itself is what the caller throws).
     *
     * @param failure what the measurement is throwing
     * @param completed the carrier of what completed before it
     */
    public static void attach(Throwable failure, Carrier completed) {
        try {
            failure.addSuppressed(completed.get());
        } catch (IOException | RuntimeException e) {
            LOG.info("what completed before the failure could not be reported: {}",
                    e.toString());
            failure.addSuppressed(e);
        }
    }
}
