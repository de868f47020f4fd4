package io.github.drivespeed.testing;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.SplittableRandom;

/**
 * Checks a written test file against the documented generator, independently of the engine: the
 * sector at file offset X starts with X and the run's nonce (big-endian longs); the rest of block
 * i is pool block (i mod poolBlocks) of {@code SplittableRandom(nonce)} longs, big-endian, where
 * poolBlocks = min(count, ceil(32 MiB / blockSize)). Streams, so files of any size can be checked.
 */
public final class GeneratedData {

    private static final int SECTOR = 512;
    private static final int CHUNK = 1 << 20;

    private GeneratedData() {
    }

    /**
     * @param file the file's bytes
     * @param blockBytes the block size it was written with
     * @param count the blocks written
     * @return the run's nonce
     * @throws AssertionError at the first byte that differs
     */
    public static long verify(byte[] file, long blockBytes, long count) {
        try {
            return verify(Channels.newChannel(new ByteArrayInputStream(file)), file.length,
                    blockBytes, count);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @param file a readable path to the file (for an unnamed file, its {@code /proc/self/fd} link)
     * @param blockBytes the block size it was written with
     * @param count the blocks written
     * @return the run's nonce
     * @throws IOException if the file cannot be read
     * @throws AssertionError at the first byte that differs, or if the size is not blockBytes x count
     */
    public static long verify(Path file, long blockBytes, long count) throws IOException {
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            return verify(in, in.size(), blockBytes, count);
        }
    }

    private static long verify(ReadableByteChannel in, long sizeBytes, long blockBytes, long count)
            throws IOException {
        if (sizeBytes != blockBytes * count) {
            throw new AssertionError("file holds " + sizeBytes + " bytes, expected "
                    + blockBytes * count);
        }
        if (blockBytes % SECTOR != 0) {
            throw new IllegalArgumentException("blockBytes must be whole sectors: " + blockBytes);
        }
        long poolBytes = Math.min(count, ((32L << 20) + blockBytes - 1) / blockBytes) * blockBytes;
        ByteBuffer chunk = ByteBuffer.allocate(CHUNK);
        fill(in, chunk);
        long nonce = chunk.getLong(8);
        SplittableRandom rng = null;
        for (long x = 0; x < sizeBytes; x += Long.BYTES) {
            if (!chunk.hasRemaining()) {
                fill(in, chunk);
            }
            if (x % poolBytes == 0) {
                rng = new SplittableRandom(nonce); // block 0, and again where the pool wraps
            }
            long random = rng.nextLong(); // every long of the pool is drawn, stamps or not
            long inSector = x % SECTOR;
            long expected = inSector == 0 ? x : inSector == 8 ? nonce : random;
            long actual = chunk.getLong();
            if (actual != expected) {
                throw new AssertionError("bytes " + x + ".." + (x + 7) + " differ from the generator"
                        + (inSector < 16 ? " (sector stamp)" : "") + ": " + Long.toHexString(actual)
                        + " != " + Long.toHexString(expected));
            }
        }
        return nonce;
    }

    private static void fill(ReadableByteChannel in, ByteBuffer chunk) throws IOException {
        chunk.clear();
        while (chunk.hasRemaining()) {
            if (in.read(chunk) < 0) {
                break;
            }
        }
        chunk.flip();
        if (chunk.remaining() < Long.BYTES) {
            throw new EOFException("file ended early");
        }
    }
}
