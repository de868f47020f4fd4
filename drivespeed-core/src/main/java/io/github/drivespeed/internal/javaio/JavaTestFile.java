package io.github.drivespeed.internal.javaio;

import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.TestFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A named test file behind a {@link FileChannel}. The thread that created it uses that channel;
 * any other thread (a workload's workers) gets a channel of its own on the same file, opened
 * with the same options on its first read or write: a {@code FileChannel} serialises the
 * bookkeeping of every positional read and write on a lock of its own, which threads sharing one
 * channel contend for on each I/O (fio's jobs each open the file, too).
 */
final class JavaTestFile implements TestFile {

    private final Path path;
    private final FileChannel channel;
    private final Thread owner;
    private final Set<OpenOption> reopenOptions;
    private final ThreadLocal<FileChannel> perThread = new ThreadLocal<>();
    private final Queue<FileChannel> extraChannels = new ConcurrentLinkedQueue<>();
    private volatile boolean closed;

    JavaTestFile(Path path, FileChannel channel, Set<OpenOption> createOptions) {
        this.path = path;
        this.channel = channel;
        this.owner = Thread.currentThread();
        Set<OpenOption> reopen = new HashSet<>(createOptions);
        reopen.remove(StandardOpenOption.CREATE_NEW);
        this.reopenOptions = Set.copyOf(reopen);
    }

    /** The calling thread's channel: the creating thread's, or one opened for this thread. */
    private FileChannel channel() throws IOException {
        if (Thread.currentThread() == owner) {
            return channel;
        }
        FileChannel c = perThread.get();
        if (c == null) {
            if (closed) {
                throw new ClosedChannelException();
            }
            c = FileChannel.open(path, reopenOptions);
            extraChannels.add(c);
            perThread.set(c);
            if (closed) {
                c.close();
                throw new ClosedChannelException();
            }
        }
        return c;
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
        try {
            return channel().write(view(src, srcOffset, length), position);
        } catch (IOException e) {
            throw JdkErrno.translate("pwrite", path, e);
        }
    }

    @Override
    public long read(AlignedBuffer dst, long dstOffset, long length, long position)
            throws IOException {
        try {
            return channel().read(view(dst, dstOffset, length), position);
        } catch (IOException e) {
            throw JdkErrno.translate("pread", path, e);
        }
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
        try {
            channel.force(false);
        } catch (IOException e) {
            throw JdkErrno.translate("fdatasync", path, e);
        }
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
        for (FileChannel extra; (extra = extraChannels.poll()) != null; ) {
            try {
                extra.close();
            } catch (IOException e) {
                closeFailure = e;
            }
        }
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
