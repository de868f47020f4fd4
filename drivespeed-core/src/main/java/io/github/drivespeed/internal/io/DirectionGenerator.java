package io.github.drivespeed.internal.io;

import java.util.SplittableRandom;

/**
 * Whether a worker's next I/O is a read or a write. With a read percentage strictly between 0
 * and 100 each I/O is a read when {@code random.nextInt(100) < readPercent} (fio's
 * {@code rwmixread}, decided per I/O); 100 is all reads and 0 all writes, drawing nothing.
 */
public final class DirectionGenerator {

    private final SplittableRandom random;
    private final int readPercent;

    /**
     * A source of read or write per I/O, reads with probability {@code readPercent} percent.
     *
     * @param random the source of choices, used only for a mix
     * @param readPercent share of reads in percent, {@code [0, 100]}
     */
    public DirectionGenerator(SplittableRandom random, int readPercent) {
        if (readPercent < 0 || readPercent > 100) {
            throw new IllegalArgumentException("readPercent must be in [0, 100]: " + readPercent);
        }
        this.random = random;
        this.readPercent = readPercent;
    }

    /** {@return a generator that always answers read} */
    public static DirectionGenerator reads() {
        return new DirectionGenerator(null, 100);
    }

    /** {@return a generator that always answers write} */
    public static DirectionGenerator writes() {
        return new DirectionGenerator(null, 0);
    }

    /** @return true when the next I/O is a write */
    boolean nextIsWrite() {
        if (readPercent == 100) {
            return false;
        }
        if (readPercent == 0) {
            return true;
        }
        return random.nextInt(100) >= readPercent;
    }

    /** @return whether any I/O can be a read */
    boolean mayRead() {
        return readPercent > 0;
    }

    /** @return whether any I/O can be a write */
    boolean mayWrite() {
        return readPercent < 100;
    }
}
