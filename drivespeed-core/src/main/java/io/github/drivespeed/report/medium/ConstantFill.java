package io.github.drivespeed.report.medium;

import io.github.drivespeed.internal.figures.SizeText;
import io.github.drivespeed.warning.Warning;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * What a read-only device test's timed read passes read as blocks of one byte repeated: all 0x00
 * (never written, or discarded: TRIM, {@code blkdiscard}), all 0xFF (erased NAND flash, which
 * reads as 0xFF), or any other constant. A drive answers such blocks from its mapping table or its
 * controller without reading a written page, so their read rate is not its medium's
 * ({@link Warning#READ_CONSTANT_FILL} from {@value Warning#READ_CONSTANT_FILL_PERCENT} % on). The
 * blocks are the test's blocks, checked whole. Immutable.
 *
 * @param readBytes bytes of the blocks checked: every whole block the timed passes read
 * @param bytesByFill bytes of the blocks that held one byte repeated, by that byte (0 to 255);
 *     only bytes that occurred
 * @since 0.1.0
 */
public record ConstantFill(long readBytes, Map<Integer, Long> bytesByFill) {

    /**
     * Checks the values.
     *
     * @param readBytes bytes checked, at least 0
     * @param bytesByFill bytes per fill byte: keys 0 to 255, values above 0, adding up to at
     *     most {@code readBytes}
     * @throws IllegalArgumentException if out of range
     */
    public ConstantFill {
        Objects.requireNonNull(bytesByFill, "bytesByFill");
        bytesByFill = Collections.unmodifiableMap(new TreeMap<>(bytesByFill));
        long sum = 0;
        for (Map.Entry<Integer, Long> e : bytesByFill.entrySet()) {
            if (e.getKey() < 0 || e.getKey() > 255 || e.getValue() <= 0) {
                throw new IllegalArgumentException("need fill bytes 0 to 255 with bytes > 0: "
                        + e);
            }
            sum += e.getValue();
        }
        if (readBytes < 0 || sum > readBytes) {
            throw new IllegalArgumentException("need 0 <= constant bytes <= readBytes: " + sum
                    + " of " + readBytes);
        }
    }

    /**
     * {@return a count from bytes per fill byte, as a checker keeps them}
     *
     * @param readBytes bytes checked
     * @param bytesByFill 256 counts, index = the fill byte
     */
    public static ConstantFill of(long readBytes, long[] bytesByFill) {
        Map<Integer, Long> map = new TreeMap<>();
        for (int b = 0; b < bytesByFill.length; b++) {
            if (bytesByFill[b] > 0) {
                map.put(b, bytesByFill[b]);
            }
        }
        return new ConstantFill(readBytes, map);
    }

    /** {@return bytes of the blocks that held one byte repeated, whichever byte} */
    public long constantBytes() {
        return bytesByFill.values().stream().mapToLong(Long::longValue).sum();
    }

    /** {@return {@link #constantBytes()} as a share of {@link #readBytes()}, 0 to 1; 0 when nothing was read} */
    public double share() {
        return readBytes == 0 ? 0 : (double) constantBytes() / readBytes;
    }

    /**
     * {@return whether at least {@value Warning#READ_CONSTANT_FILL_PERCENT} % of what was read was
     * blocks of one byte repeated: {@link Warning#READ_CONSTANT_FILL}}
     */
    public boolean mostly() {
        return readBytes > 0 && constantBytes() * 100
                >= readBytes * Warning.READ_CONSTANT_FILL_PERCENT;
    }

    /** {@return the byte most of the constant blocks held; empty when none was constant} */
    public OptionalInt mostCommonFill() {
        return bytesByFill.entrySet().stream().max(Map.Entry.comparingByValue())
                .map(e -> OptionalInt.of(e.getKey())).orElse(OptionalInt.empty());
    }

    /**
     * For example {@code 67.1 MB (64.0 MiB) of 67.1 MB (64.0 MiB) read (100 %) came back as blocks
     * of one byte repeated: 0xFF 67.1 MB (64.0 MiB)}.
     */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "%s of %s read (%.0f %%) came back as blocks of one byte repeated",
                SizeText.megabytes(constantBytes()), SizeText.megabytes(readBytes),
                100 * share()));
        String sep = ": ";
        for (Map.Entry<Integer, Long> e : bytesByFill.entrySet()) {
            sb.append(sep).append(String.format(Locale.ROOT, "0x%02X ", e.getKey()))
                    .append(SizeText.megabytes(e.getValue()));
            sep = ", ";
        }
        return sb.toString();
    }
}
