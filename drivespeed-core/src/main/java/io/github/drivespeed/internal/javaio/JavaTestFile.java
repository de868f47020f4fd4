package io.github.drivespeed.internal.javaio;

import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.TestFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** A named test file behind a {@link FileChannel}. */
final class JavaTestFile implements TestFile {

    private final Path path;
    private final FileChannel channel;
    private boolean closed;

    JavaTestFile(Path path, FileChannel channel) {
        this.path = path;
        this.channel = channel;
    }

    @Override
    public Optional<Path> path() {
        return Optional.of(path);
    }

    @Override
    public String displayName() {
        return path.toString();
    }

    @Override
    public long write(AlignedBuffer src, long srcOffset, long length, long position)
            throws IOException {
        return channel.write(view(src, srcOffset, length), position);
    }

    @Override
    public long read(AlignedBuffer dst, long dstOffset, long length, long position)
            throws IOException {
        return channel.read(view(dst, dstOffset, length), position);
    }

    private static ByteBuffer view(AlignedBuffer buffer, long offset, long length) {
        if (!(buffer instanceof JavaAlignedBuffer)) {
            throw new IllegalArgumentException("buffer was not allocated by the java backend: "
                    + buffer.getClass().getName());
        }
        ByteBuffer view = ((JavaAlignedBuffer) buffer).ioView();
        view.clear();
        view.position((int) offset);
        view.limit((int) (offset + length));
        return view;
    }

    /** {@link FileChannel#force(boolean) force(false)}: fdatasync(2) on Linux. */
    @Override
    public void dataSync() throws IOException {
        channel.force(false);
    }

    /** The JDK has no way to drop a file's cached pages. */
    @Override
    public boolean evictPages() {
        return false;
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        IOException closeFailure = null;
        try {
            channel.close();
        } catch (IOException e) {
            closeFailure = e;
        }
        // Removal is attempted whatever close did; a file left behind is the failure that matters.
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            if (closeFailure != null) {
                e.addSuppressed(closeFailure);
            }
            throw e;
        }
        if (closeFailure != null) {
            throw closeFailure;
        }
    }
}
