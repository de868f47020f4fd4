package io.github.drivespeed.internal.genuine;

import io.github.drivespeed.report.medium.DataLossKind;
import io.github.drivespeed.report.medium.FirstLoss;
import io.github.drivespeed.report.medium.Verification;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Adds up what a read-back check found, sector by sector, into a {@link Verification}. Used by
 * one thread.
 */
public final class LossTally {

    private long checkedBytes;
    private long lostBytes;
    private FirstLoss first;
    private final Map<DataLossKind, Long> byKind = new EnumMap<>(DataLossKind.class);

    /** An empty tally: nothing checked yet. */
    public LossTally() {
    }

    /**
     * Counts bytes found as written.
     *
     * @param bytes bytes compared and found as written
     */
    public void intact(long bytes) {
        checkedBytes += bytes;
    }

    /**
     * Counts a run of lost bytes, keeping where the first loss starts and its kind.
     *
     * @param offset where the lost bytes start
     * @param bytes how many, whole sectors
     * @param kind how they differ
     * @param foundOffset for {@link DataLossKind#ALIASED}, the offset whose data was there; else -1
     */
    public void lost(long offset, long bytes, DataLossKind kind, long foundOffset) {
        checkedBytes += bytes;
        lostBytes += bytes;
        byKind.merge(kind, bytes, Long::sum);
        if (first == null || offset < first.offsetBytes()) {
            first = new FirstLoss(offset, kind, kind == DataLossKind.ALIASED && foundOffset >= 0
                    ? OptionalLong.of(foundOffset) : OptionalLong.empty());
        }
    }

    /** {@return bytes lost so far} */
    public long lostBytes() {
        return lostBytes;
    }

    /** {@return what was found so far} */
    public Verification result() {
        return new Verification(checkedBytes, lostBytes, Optional.ofNullable(first), byKind);
    }
}
