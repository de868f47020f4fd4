package io.github.drivespeed.cli.options;

import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.unit.DataSize;

/**
 * What the sequential test takes in place of {@code --size}: its pass is the block size times
 * the count ({@code --block-size} x {@code --count}, 8 MiB x 32 by default), so a size given to
 * it is answered with the count (and, where the block size does not divide it, the block size)
 * that make that size.
 */
final class SequentialSize {

    /** The smallest block size proposed: one page, a multiple of every direct-I/O alignment. */
    private static final long SMALLEST_BLOCK_BYTES = 4 * DataSize.KIBIBYTE;

    private SequentialSize() {
    }

    /**
     * {@return {@code ; the sequential test writes --block-size x --count per pass (8 MiB x 32
     * by default): for 64M give --count 8}, the options as typed, or without the proposal where
     * no whole count of a block size of at least 4 KiB makes the size}
     *
     * @param given the options given, {@code --size} among them
     */
    static String instead(GivenOptions given) {
        OptionRow<DataSize> blockRow = MeasurementOptions.BLOCK_SIZE;
        String block = given.typed(blockRow);
        String count = given.typed(MeasurementOptions.COUNT);
        String rule = "; the sequential test writes " + block + " x " + count + " per pass ("
                + SequentialPlan.DEFAULT_BLOCK_SIZE + " x " + SequentialPlan.DEFAULT_COUNT
                + " by default)";
        DataSize size;
        DataSize blockSize;
        try {
            size = given.value(WorkloadOptions.SIZE);
            blockSize = given.has(blockRow) ? given.value(blockRow)
                    : SequentialPlan.DEFAULT_BLOCK_SIZE;
        } catch (IllegalArgumentException e) {
            return rule;
        }
        String asked = ": for " + given.typedValue(WorkloadOptions.SIZE).orElse(size.toString())
                + " give ";
        if (size.bytes() % blockSize.bytes() == 0) {
            return rule + asked + count + " " + size.bytes() / blockSize.bytes();
        }
        // the largest power of two no larger than the block size that divides the size
        long lowestBit = Long.lowestOneBit(size.bytes());
        long proposed = Math.min(lowestBit, Long.highestOneBit(blockSize.bytes()));
        if (proposed < SMALLEST_BLOCK_BYTES) {
            return rule;
        }
        return rule + asked + block + " " + asOption(proposed) + " " + count + " "
                + size.bytes() / proposed;
    }

    /** {@code 4M}, {@code 512K}: a power of two of at least 4 KiB as an option's value. */
    private static String asOption(long bytes) {
        return bytes % DataSize.MEBIBYTE == 0 ? bytes / DataSize.MEBIBYTE + "M"
                : bytes / DataSize.KIBIBYTE + "K";
    }
}
