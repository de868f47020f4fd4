package io.github.drivespeed.internal.io;

/**
 * A pseudo-random permutation of {@code [0, n)} that costs no memory: a four-round balanced
 * Feistel network over {@code [0, 4^h)}, the smallest power of four {@code >= n}, with round keys
 * from the seed, walked back into {@code [0, n)} (cycle walking: apply the network again until the
 * value falls inside; at most a few steps on average, since {@code 4^h < 4n}). A bijection for
 * every key, so {@link #at(long)} over {@code [0, n)} yields each value exactly once. Mutable: the
 * keys change with {@link #rekey(long)} (one generator's passes); not thread-safe.
 */
public final class BlockPermutation {

    private static final int ROUNDS = 4;

    private final long n;
    private final int halfBits;
    private final long halfMask;
    private final long[] keys = new long[ROUNDS];

    /**
     * A permutation of the block numbers {@code [0, n)}, keyed by {@code key}.
     *
     * @param n the size of the domain, {@code >= 1}
     * @param key the first key
     */
    public BlockPermutation(long n, long key) {
        if (n < 1) {
            throw new IllegalArgumentException("permutation of " + n + " values");
        }
        int bits = 64 - Long.numberOfLeadingZeros(n - 1);
        this.n = n;
        this.halfBits = Math.max(1, (bits + 1) / 2);
        this.halfMask = (1L << halfBits) - 1;
        rekey(key);
    }

    /**
     * Derives new round keys: a different permutation.
     *
     * @param key any value
     */
    void rekey(long key) {
        long k = key;
        for (int i = 0; i < ROUNDS; i++) {
            k = mix(k + 0x9E3779B97F4A7C15L);
            keys[i] = k;
        }
    }

    /**
     * {@return the value at that position of the permutation, in {@code [0, n)}}
     *
     * @param index in {@code [0, n)}
     */
    public long at(long index) {
        long x = index;
        do {
            x = network(x);
        } while (x >= n);
        return x;
    }

    private long network(long x) {
        long left = x >>> halfBits;
        long right = x & halfMask;
        for (long key : keys) {
            long next = left ^ (mix(right ^ key) & halfMask);
            left = right;
            right = next;
        }
        return (left << halfBits) | right;
    }

    /** SplitMix64's finaliser (Steele, Lea and Flood): a cheap 64-bit mixing function. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
