package io.github.drivespeed.fio.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.security.SecureRandom;
import java.util.SplittableRandom;

/**
 * A file laid out by fio's {@code create_only=1} (KDiskMark's "prepare" step): {@code bytes} of
 * random data written from offset 0 and made durable with fdatasync(2), the file cut to that
 * size, and marked as drivespeed's with the extended attribute {@value #MARK} holding its size
 * in bytes. A later job may write a file so marked, of that size, without
 * {@code --allow-overwrite}: drivespeed made it and it holds nothing else. Where the file
 * system keeps no user extended attributes, the file is laid out unmarked and later writes need
 * {@code --allow-overwrite}.
 */
public final class LaidOutFile {

    /** The extended attribute (user namespace) that marks a file drivespeed laid out. */
    public static final String MARK = "user.drivespeed.laid_out_bytes";
    private static final String MARK_NAME = MARK.substring("user.".length());
    private static final int CHUNK_BYTES = 1 << 20;

    private LaidOutFile() {
    }

    /**
     * Lays out the file: creates it or writes over it from offset 0, then cuts it to size.
     *
     * @param file a file that does not exist, an empty one, or one {@link #isLaidOut} says
     *     drivespeed laid out (the caller checks which)
     * @param bytes its size in bytes, at least 1
     * @return whether the file could be marked as drivespeed's
     * @throws IOException if it cannot be written
     */
    public static boolean layOut(Path file, long bytes) throws IOException {
        SplittableRandom random = new SplittableRandom(new SecureRandom().nextLong());
        byte[] chunk = new byte[CHUNK_BYTES];
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE,
                StandardOpenOption.WRITE)) {
            long offset = 0;
            while (offset < bytes) {
                random.nextBytes(chunk);
                ByteBuffer b = ByteBuffer.wrap(chunk, 0, (int) Math.min(CHUNK_BYTES,
                        bytes - offset));
                while (b.hasRemaining()) {
                    offset += ch.write(b, offset);
                }
            }
            ch.truncate(bytes);
            ch.force(false);
        }
        return mark(file, bytes);
    }

    /**
     * {@return whether the file carries drivespeed's mark and still has the size it was laid out
     * with}
     *
     * @param file an existing regular file
     */
    public static boolean isLaidOut(Path file) {
        UserDefinedFileAttributeView view = Files.getFileAttributeView(file,
                UserDefinedFileAttributeView.class);
        if (view == null) {
            return false;
        }
        try {
            if (!view.list().contains(MARK_NAME)) {
                return false;
            }
            ByteBuffer b = ByteBuffer.allocate(view.size(MARK_NAME));
            view.read(MARK_NAME, b);
            b.flip();
            String size = StandardCharsets.US_ASCII.decode(b).toString();
            return size.equals(Long.toString(Files.size(file)));
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    private static boolean mark(Path file, long bytes) {
        UserDefinedFileAttributeView view = Files.getFileAttributeView(file,
                UserDefinedFileAttributeView.class);
        if (view == null) {
            return false;
        }
        try {
            view.write(MARK_NAME, StandardCharsets.US_ASCII.encode(Long.toString(bytes)));
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }
}
