package io.github.drivespeed.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Offsets are always aligned to the block size and inside the file, whatever the seed. */
class OffsetGeneratorTest {

    @Test
    void randomOffsetsAreAlignedAndInRangeForTenThousandSeeds() {
        SplittableRandom shapes = new SplittableRandom(1);
        long[] hitsOfLastBlock = new long[1];
        for (int trial = 0; trial < 10_000; trial++) {
            long seed = shapes.nextLong();
            long blockBytes = 512L << shapes.nextInt(18);              // 512 B .. 64 MiB
            long blocks = 1 + shapes.nextLong(trial % 2 == 0 ? 8 : 1L << 30);
            long fileBytes = blockBytes * blocks;
            OffsetGenerator g = OffsetGenerator.random(new SplittableRandom(seed), blocks, blockBytes);
            for (int i = 0; i < 200; i++) {
                long offset = g.next();
                assertThat(offset % blockBytes).as("seed %d, bs %d", seed, blockBytes).isZero();
                assertThat(offset).as("seed %d, bs %d, file %d", seed, blockBytes, fileBytes)
                        .isBetween(0L, fileBytes - blockBytes);
                if (offset == fileBytes - blockBytes) {
                    hitsOfLastBlock[0]++;
                }
            }
        }
        // the last block (offset size - blockSize) is reachable, not excluded by an off-by-one
        assertThat(hitsOfLastBlock[0]).isPositive();
    }

    @Test
    void randomOffsetsCoverEveryBlockUniformly() {
        long blocks = 16;
        long[] hits = new long[(int) blocks];
        OffsetGenerator g = OffsetGenerator.random(new SplittableRandom(5), blocks, 4096);
        int n = 160_000;
        for (int i = 0; i < n; i++) {
            hits[(int) (g.next() / 4096)]++;
        }
        for (long h : hits) {
            assertThat((double) h).isCloseTo(n / (double) blocks,
                    org.assertj.core.data.Percentage.withPercentage(5));
        }
    }

    @Test
    void sequentialOffsetsWalkTheirShareAndWrapAround() {
        OffsetGenerator g = OffsetGenerator.sequential(3, 4, 8192);
        long[] expected = {24576, 32768, 40960, 49152, 24576, 32768};
        for (long e : expected) {
            assertThat(g.next()).isEqualTo(e);
        }
    }

    @Test
    void directionsFollowTheSeedAndTheShare() {
        DirectionGenerator d = new DirectionGenerator(new SplittableRandom(9), 30);
        SplittableRandom independent = new SplittableRandom(9);
        int reads = 0;
        for (int i = 0; i < 100_000; i++) {
            boolean read = independent.nextInt(100) < 30;
            assertThat(d.nextIsWrite()).isEqualTo(!read);
            reads += read ? 1 : 0;
        }
        assertThat(reads / 1000.0).isCloseTo(30.0, org.assertj.core.data.Offset.offset(1.0));
        assertThat(DirectionGenerator.reads().nextIsWrite()).isFalse();
        assertThat(DirectionGenerator.writes().nextIsWrite()).isTrue();
    }
}
