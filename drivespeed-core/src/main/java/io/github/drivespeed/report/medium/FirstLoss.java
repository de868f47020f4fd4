package io.github.drivespeed.report.medium;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * The first place a medium lost what was written there: its offset, how the data came back and,
 * where it came back as another offset's data, which offset's. Offsets in bytes, from the start of
 * what was checked (the test file, the device, or a capacity check's fill). An immutable value.
 *
 * @param offsetBytes the lowest offset found not to hold its own data, in bytes
 * @param kind how that offset's data came back
 * @param foundOffsetBytes for {@link DataLossKind#ALIASED}, the offset, in bytes, whose data the
 *     first bad offset held; empty for the other kinds, and for an aliased offset whose data was
 *     not read back (a wrapping medium's period, found from other units)
 * @since 0.1.0
 */
public record FirstLoss(long offsetBytes, DataLossKind kind, OptionalLong foundOffsetBytes) {

    /**
     * Checks the values.
     *
     * @param offsetBytes the first bad offset, at least 0
     * @param kind how it came back
     * @param foundOffsetBytes the offset whose data it held, at least 0, or empty
     * @throws IllegalArgumentException if an offset is negative, or an offset found goes with
     *     another kind than {@link DataLossKind#ALIASED}
     * @throws NullPointerException if {@code kind} or {@code foundOffsetBytes} is null
     */
    public FirstLoss {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(foundOffsetBytes, "foundOffsetBytes");
        if (offsetBytes < 0 || foundOffsetBytes.orElse(0) < 0) {
            throw new IllegalArgumentException("need offsetBytes >= 0 and foundOffsetBytes >= 0: "
                    + offsetBytes + ", " + foundOffsetBytes);
        }
        if (foundOffsetBytes.isPresent() && kind != DataLossKind.ALIASED) {
            throw new IllegalArgumentException("an offset found goes with a kind of ALIASED only: "
                    + kind);
        }
    }

    /**
     * {@return the first loss at {@code offsetBytes}, of a kind that names no other offset}
     *
     * @param offsetBytes the first bad offset, bytes
     * @param kind how it came back
     */
    public static FirstLoss at(long offsetBytes, DataLossKind kind) {
        return new FirstLoss(offsetBytes, kind, OptionalLong.empty());
    }
}
