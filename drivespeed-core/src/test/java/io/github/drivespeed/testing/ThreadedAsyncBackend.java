package io.github.drivespeed.testing;

import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.ForwardingTestFile;
import io.github.drivespeed.spi.IoQueue;
import io.github.drivespeed.spi.QueueEngine;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import io.github.drivespeed.test.backend.ForwardingBackend;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A backend with {@link Capability#ASYNC_IO} whose {@link IoQueue} runs each submission on a
 * pool of {@code depth} threads and hands completions back in whatever order they finish: real
 * I/O on the real file, completing out of order, to hold the engine's asynchronous path to its
 * contract without a native library. Completions can be cut short to exercise resubmission.
 * It offers its queue under fio's engine names: {@code libaio} by default, or the engines given,
 * some of which may be unavailable, fail to open or have a drawback on every file, to hold the
 * engine's choice of engine to its rules.
 */
public final class ThreadedAsyncBackend extends ForwardingBackend {

    private final long maxBytesPerCompletion;
    private final List<QueueEngine> engines;
    private final Map<String, String> openFailures;
    private final Map<String, String> drawbacks;
    private final List<String> opened = new CopyOnWriteArrayList<>();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private final AtomicLong shortCompletions = new AtomicLong();
    private final AtomicInteger queuesOpened = new AtomicInteger();

    /** @param maxBytesPerCompletion completions report at most this many bytes */
    public ThreadedAsyncBackend(long maxBytesPerCompletion) {
        this(maxBytesPerCompletion, List.of(QueueEngine.available("libaio")), Map.of(), Map.of());
    }

    /**
     * @param maxBytesPerCompletion completions report at most this many bytes
     * @param engines what {@link #queueEngines()} lists
     * @param openFailures engine names whose queues fail to open, with the IOException's message
     * @param drawbacks engine names with a drawback on every file, and the drawback
     */
    public ThreadedAsyncBackend(long maxBytesPerCompletion, List<QueueEngine> engines,
            Map<String, String> openFailures, Map<String, String> drawbacks) {
        this.maxBytesPerCompletion = maxBytesPerCompletion;
        this.engines = List.copyOf(engines);
        this.openFailures = Map.copyOf(openFailures);
        this.drawbacks = Map.copyOf(drawbacks);
    }

    /** @return the engine of each queue opened, in order */
    public List<String> openedEngines() {
        return List.copyOf(opened);
    }

    /** @return the most I/Os any queue had in flight at once */
    public int maxInFlight() {
        return maxInFlight.get();
    }

    /** @return completions that reported fewer bytes than asked */
    public long shortCompletions() {
        return shortCompletions.get();
    }

    /** @return queues opened */
    public int queuesOpened() {
        return queuesOpened.get();
    }

    @Override
    public List<QueueEngine> queueEngines() {
        return engines;
    }

    @Override
    public Set<Capability> capabilities() {
        Set<Capability> c = EnumSet.copyOf(super.capabilities());
        c.add(Capability.ASYNC_IO);
        return c;
    }

    @Override
    protected TestFile wrap(TestFile created, TestFileRequest request) {
        return new ForwardingTestFile(created) {
            @Override
            public Optional<String> queueEngineDrawback(String engine) {
                return Optional.ofNullable(drawbacks.get(engine));
            }

            @Override
            public IoQueue openQueue(String engine, int depth) throws IOException {
                if (openFailures.containsKey(engine)) {
                    throw new IOException(openFailures.get(engine));
                }
                opened.add(engine);
                queuesOpened.incrementAndGet();
                return new Queue(path().orElseThrow(), depth);
            }
        };
    }

    private record Completion(int slot, long bytes, IOException failure) { }

    private final class Queue implements IoQueue {
        private final FileChannel channel;
        private final int depth;
        private final ExecutorService pool;
        private final LinkedBlockingQueue<Completion> done = new LinkedBlockingQueue<>();
        private final boolean[] busy;
        private final long[] issuedAt;
        private final AtomicInteger inFlight = new AtomicInteger();

        Queue(Path file, int depth) throws IOException {
            this.channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
            this.depth = depth;
            this.busy = new boolean[depth];
            this.issuedAt = new long[depth];
            this.pool = Executors.newFixedThreadPool(depth, r -> {
                Thread t = new Thread(r, "async-test-io");
                t.setDaemon(true);
                return t;
            });
        }

        @Override
        public int depth() {
            return depth;
        }

        /** Times each hand-over to the pool, as the native queues time each io_submit. */
        @Override
        public boolean timesSubmission() {
            return true;
        }

        @Override
        public long issuedAtNanos(int slot) {
            return issuedAt[slot];
        }

        @Override
        public void submitRead(int slot, AlignedBuffer dst, long dstOffset, long length,
                long position) {
            submit(slot, false, dst, dstOffset, length, position);
        }

        @Override
        public void submitWrite(int slot, AlignedBuffer src, long srcOffset, long length,
                long position) {
            submit(slot, true, src, srcOffset, length, position);
        }

        private void submit(int slot, boolean write, AlignedBuffer buffer, long offset,
                long length, long position) {
            if (busy[slot]) {
                throw new IllegalStateException("slot " + slot + " is still in flight");
            }
            busy[slot] = true;
            int now = inFlight.incrementAndGet();
            maxInFlight.accumulateAndGet(now, Math::max);
            long len = Math.min(length, maxBytesPerCompletion);
            if (len < length) {
                shortCompletions.incrementAndGet();
            }
            pool.execute(() -> {
                try {
                    var view = buffer.window(offset, (int) len);
                    long n = write ? channel.write(view, position) : channel.read(view, position);
                    done.add(new Completion(slot, n, null));
                } catch (IOException e) {
                    done.add(new Completion(slot, 0, e));
                }
            });
            issuedAt[slot] = System.nanoTime();
        }

        @Override
        public int awaitCompletions(int minCompletions, int[] slots, long[] bytes)
                throws IOException {
            int n = 0;
            try {
                while (n < minCompletions) {
                    n = take(done.take(), slots, bytes, n);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted while waiting");
            }
            Completion c;
            while (n < slots.length && (c = done.poll()) != null) {
                n = take(c, slots, bytes, n);
            }
            return n;
        }

        private int take(Completion c, int[] slots, long[] bytes, int n) throws IOException {
            busy[c.slot()] = false;
            inFlight.decrementAndGet();
            if (c.failure() != null) {
                throw c.failure();
            }
            slots[n] = c.slot();
            bytes[n] = c.bytes();
            return n + 1;
        }

        @Override
        public void close() throws IOException {
            pool.shutdown();
            try {
                pool.awaitTermination(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            channel.close();
        }
    }
}
