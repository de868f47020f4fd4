package io.github.drivespeed.testing;

import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.ForwardingTestFile;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The pure-Java backend, recording every read and write call (thread, direction, offset,
 * length, time), every fdatasync, and, optionally, the test file's bytes just before it is
 * removed.
 */
public final class RecordingBackend extends ForwardingBackend {

    /** One read or write call. */
    public record Call(String thread, boolean write, long position, long length, long nanoTime) { }

    /** One fdatasync call. */
    public record Sync(String thread, long nanoTime) { }

    private final ConcurrentLinkedQueue<Call> calls = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Sync> syncs = new ConcurrentLinkedQueue<>();
    private final boolean captureContent;
    private volatile byte[] content;

    /** @param captureContent whether to read the file's bytes (plain Files API) before removal */
    public RecordingBackend(boolean captureContent) {
        this.captureContent = captureContent;
    }

    /** @return every call so far, in the order they were made (per thread) */
    public List<Call> calls() {
        return new ArrayList<>(calls);
    }

    /** @return every fdatasync so far, in the order they were made (per thread) */
    public List<Sync> syncs() {
        return new ArrayList<>(syncs);
    }

    /** @return the last test file's bytes just before removal, or null */
    public byte[] content() {
        return content;
    }

    @Override
    protected TestFile wrap(TestFile created, TestFileRequest request) {
        return new ForwardingTestFile(created) {
            @Override
            public long write(AlignedBuffer src, long srcOffset, long length, long position)
                    throws IOException {
                calls.add(new Call(Thread.currentThread().getName(), true, position, length,
                        System.nanoTime()));
                return super.write(src, srcOffset, length, position);
            }

            @Override
            public long read(AlignedBuffer dst, long dstOffset, long length, long position)
                    throws IOException {
                calls.add(new Call(Thread.currentThread().getName(), false, position, length,
                        System.nanoTime()));
                return super.read(dst, dstOffset, length, position);
            }

            @Override
            public void dataSync() throws IOException {
                syncs.add(new Sync(Thread.currentThread().getName(), System.nanoTime()));
                super.dataSync();
            }

            @Override
            public void close() throws IOException {
                if (captureContent && path().isPresent()) {
                    content = Files.readAllBytes(path().get());
                }
                super.close();
            }
        };
    }
}
