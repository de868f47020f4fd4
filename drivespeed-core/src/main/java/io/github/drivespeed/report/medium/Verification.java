package io.github.drivespeed.report.medium;

import io.github.drivespeed.internal.figures.SizeText;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a read-back check found: how many bytes were compared with what drivespeed wrote, how many
 * of them were lost, and where and how the first loss was. Sectors are 512 bytes; every figure is
 * in bytes, every offset in bytes from the start of what was checked (the test file, the device,
 * or a capacity check's fill). An immutable value.
 *
 * <p>A sector is lost when it does not read back as written: {@link DataLossKind} says how. The
 * check follows f3 ({@code f3read}) and h2testw: each sector carries its own offset and the run's
 * nonce, so data found at the wrong place names the offset it was written for.
 *
 * @param checkedBytes bytes read back and compared, lost ones included
 * @param lostBytes bytes that did not read back as written, whole sectors
 * @param firstLoss the first lost sector: its offset, how it differed and, for
 *     {@link DataLossKind#ALIASED}, the offset whose data it held; empty when none was lost
 * @param lostBytesByKind lost bytes per kind, only kinds that occurred
 * @since 0.1.0
 */
public record Verification(long checkedBytes, long lostBytes, Optional<FirstLoss> firstLoss,
        Map<DataLossKind, Long> lostBytesByKind) {

    /** Nothing checked. */
    public static final Verification NONE = new Verification(0, 0, Optional.empty(), Map.of());

    /**
     * Checks the values.
     *
     * @param checkedBytes bytes read back and compared
     * @param lostBytes bytes that did not read back as written
     * @param firstLoss the first lost sector, empty when none
     * @param lostBytesByKind lost bytes per kind
     * @throws IllegalArgumentException if the figures contradict each other (a loss without a
     *     first loss, more lost than checked, kinds that do not add up)
     * @throws NullPointerException if {@code firstLoss} is null
     */
    public Verification {
        Objects.requireNonNull(firstLoss, "firstLoss");
        lostBytesByKind = Collections.unmodifiableMap(lostBytesByKind.isEmpty()
                ? new EnumMap<>(DataLossKind.class) : new EnumMap<>(lostBytesByKind));
        if (checkedBytes < 0 || lostBytes < 0 || lostBytes > checkedBytes) {
            throw new IllegalArgumentException("need 0 <= lostBytes <= checkedBytes: " + lostBytes
                    + " of " + checkedBytes);
        }
        if ((lostBytes > 0) != firstLoss.isPresent()) {
            throw new IllegalArgumentException("a loss needs a first loss, and only a loss has"
                    + " one: lostBytes " + lostBytes + ", firstLoss " + firstLoss);
        }
        long sum = lostBytesByKind.values().stream().mapToLong(Long::longValue).sum();
        if (sum != lostBytes) {
            throw new IllegalArgumentException("lostBytesByKind adds up to " + sum
                    + ", not lostBytes " + lostBytes);
        }
    }

    /** {@return whether any byte was lost} */
    public boolean hasLoss() {
        return lostBytes > 0;
    }

    /** {@return bytes that read back as written: {@code checkedBytes - lostBytes}} */
    public long intactBytes() {
        return checkedBytes - lostBytes;
    }

    /**
     * Both checks together, for example the runs of a pass: bytes added up, the first loss of
     * this one if it has one, else the other's.
     *
     * @param other a later check
     * @return the combined check
     */
    public Verification plus(Verification other) {
        Map<DataLossKind, Long> kinds = new EnumMap<>(DataLossKind.class);
        kinds.putAll(lostBytesByKind);
        other.lostBytesByKind.forEach((k, v) -> kinds.merge(k, v, Long::sum));
        Verification first = hasLoss() ? this : other;
        return new Verification(checkedBytes + other.checkedBytes, lostBytes + other.lostBytes,
                first.firstLoss, kinds);
    }

    /**
     * For example {@code verified 268.4 MB (256.0 MiB): no data lost}, or {@code verified 268.4 MB
     * (256.0 MiB): DATA LOST 4096 B (8 sectors), first at offset 1048576: overwritten by another offset's data
     * (aliasing), holds the data of offset 105906176}.
     */
    @Override
    public String toString() {
        String head = "verified " + SizeText.megabytes(checkedBytes);
        if (!hasLoss()) {
            return head + ": no data lost";
        }
        FirstLoss first = firstLoss.orElseThrow();
        StringBuilder sb = new StringBuilder(head).append(": DATA LOST ")
                .append(lostBytes).append(" B (").append(lostBytes / 512)
                .append(" sectors), first at offset ").append(first.offsetBytes()).append(": ")
                .append(first.kind().description());
        first.foundOffsetBytes().ifPresent(found -> sb.append(", holds the data of offset ")
                .append(found));
        if (lostBytesByKind.size() > 1) {
            sb.append("; by kind:");
            lostBytesByKind.forEach((k, v) -> sb.append(' ').append(k.name()).append(' ')
                    .append(v).append(" B"));
        }
        return sb.toString();
    }
}
