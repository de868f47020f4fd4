package io.github.drivespeed.internal.verify;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.internal.javaio.JavaIoBackend;
import io.github.drivespeed.report.medium.ConstantFill;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The count of blocks read as one byte repeated, in a real ring: blocks of 0x00, 0xFF and 0x5A
 * counted under their byte; a block of data, a block of zeros with one byte changed at its end,
 * and a block whose first eight bytes are constant but not the rest are not.
 */
class ConstantBlocksTest {

    private static final int BLOCK = 64 * 1024;

    @Test
    void blocksOfOneRepeatedByteAreCountedUnderThatByteAndOthersAreNot() {
        try (ReadRing ring = new ReadRing(new JavaIoBackend(), BLOCK, 16, 4096, false)) {
            ConstantBlocks fills = new ConstantBlocks(ring);
            byte[][] blocks = {filled(0x00), filled(0xFF), filled(0x5A), filled(0xFF),
                random(), lastByteChanged(), constantHead()};
            for (int i = 0; i < blocks.length; i++) {
                ByteBuffer view = ring.view(i);
                view.duplicate().put(blocks[i]);
                fills.check(i, (long) i * BLOCK, i);
            }
            fills.unreadable(7L * BLOCK, BLOCK);
            ConstantFill count = ConstantFill.of(fills.checkedBytes(), fills.bytesByFill());
            assertThat(count).isEqualTo(new ConstantFill(7L * BLOCK, Map.of(0x00, (long) BLOCK,
                    0xFF, 2L * BLOCK, 0x5A, (long) BLOCK)));
            assertThat(count.mostCommonFill()).hasValue(0xFF);
            assertThat(count.mostly()).isTrue(); // 4 of 7 blocks
            assertThat(count.toString()).endsWith("came back as blocks of one byte repeated:"
                    + " 0x00 0.1 MB (0.1 MiB), 0x5A 0.1 MB (0.1 MiB), 0xFF 0.1 MB (0.1 MiB)");
        }
    }

    private static byte[] filled(int value) {
        byte[] b = new byte[BLOCK];
        java.util.Arrays.fill(b, (byte) value);
        return b;
    }

    private static byte[] random() {
        byte[] b = new byte[BLOCK];
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < BLOCK; i++) {
            b[i] = (byte) r.nextInt();
        }
        return b;
    }

    private static byte[] lastByteChanged() {
        byte[] b = filled(0);
        b[BLOCK - 1] = 1;
        return b;
    }

    private static byte[] constantHead() {
        byte[] b = random();
        java.util.Arrays.fill(b, 0, 64, (byte) 0xFF);
        return b;
    }
}
