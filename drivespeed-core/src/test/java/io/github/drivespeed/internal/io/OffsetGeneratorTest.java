package io.github.drivespeed.internal.io;

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

    @Test
    void theRandomMapCoversEachBlockOncePerPassOverAllWorkers() {
        for (long blocks : new long[] {1, 2, 3, 5, 16, 17, 1000, 4097, 65_536, 100_003}) {
            for (int workers : new int[] {1, 3, 8}) {
                OffsetGenerator[] g = new OffsetGenerator[workers];
                for (int k = 0; k < workers; k++) {
                    g[k] = OffsetGenerator.randomMap(42, blocks, 4096, k, workers);
                }
                for (int pass = 0; pass < 3; pass++) {
                    java.util.BitSet seen = new java.util.BitSet();
                    long identity = 0;
                    for (int k = 0; k < workers; k++) {
                        // the engine's share of a size-based run of `blocks` I/Os
                        long share = blocks / workers + (k < blocks % workers ? 1 : 0);
                        for (long i = 0; i < share; i++) {
                            long offset = g[k].next();
                            assertThat(offset % 4096).isZero();
                            int block = (int) (offset / 4096);
                            assertThat(block).isBetween(0, (int) blocks - 1);
                            assertThat(seen.get(block)).as("block %d twice, %d blocks, %d"
                                    + " workers, pass %d", block, blocks, workers, pass).isFalse();
                            seen.set(block);
                            if (block == k + i * workers) {
                                identity++;
                            }
                        }
                    }
                    assertThat(seen.cardinality()).isEqualTo((int) blocks);
                    if (blocks >= 1000) {
                        // a permutation, not the file in order
                        assertThat(identity).isLessThan(blocks / 100);
                    }
                }
            }
        }
    }

    @Test
    void theRandomMapRepeatsWithTheSeedAndDiffersBetweenPassesAndSeeds() {
        long blocks = 4096;
        long[] a = firstPasses(OffsetGenerator.randomMap(7, blocks, 512, 0, 1), blocks);
        long[] b = firstPasses(OffsetGenerator.randomMap(7, blocks, 512, 0, 1), blocks);
        long[] c = firstPasses(OffsetGenerator.randomMap(8, blocks, 512, 0, 1), blocks);
        assertThat(a).isEqualTo(b);
        assertThat(a).isNotEqualTo(c);
        long[] pass0 = java.util.Arrays.copyOfRange(a, 0, (int) blocks);
        long[] pass1 = java.util.Arrays.copyOfRange(a, (int) blocks, 2 * (int) blocks);
        assertThat(pass0).isNotEqualTo(pass1);
        assertThat(java.util.Arrays.stream(pass1).sorted().toArray())
                .isEqualTo(java.util.Arrays.stream(pass0).sorted().toArray());
    }

    @Test
    void drawingWithReplacementRereadsAboutAThirdOfAPass() {
        // fio's norandommap: the reason the map is the default for buffered reads
        long blocks = 10_000;
        OffsetGenerator g = OffsetGenerator.random(new SplittableRandom(0), blocks, 4096);
        java.util.BitSet seen = new java.util.BitSet();
        for (long i = 0; i < blocks; i++) {
            seen.set((int) (g.next() / 4096));
        }
        assertThat(1 - seen.cardinality() / (double) blocks).isBetween(0.35, 0.39);
    }

    private static long[] firstPasses(OffsetGenerator g, long blocks) {
        long[] offsets = new long[2 * (int) blocks];
        for (int i = 0; i < offsets.length; i++) {
            offsets[i] = g.next();
        }
        return offsets;
    }
}
