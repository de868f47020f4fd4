package io.github.drivespeed.internal.measure;

import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.TestFileIoException;
import io.github.drivespeed.internal.files.LeftoverFiles;
import io.github.drivespeed.internal.files.TestFileCreator;
import io.github.drivespeed.internal.files.TestFileRemoval;
import io.github.drivespeed.internal.io.BlockingIoQueue;
import io.github.drivespeed.internal.io.IoFailures;
import io.github.drivespeed.internal.io.IoLoop;
import io.github.drivespeed.internal.io.OffsetGenerator;
import io.github.drivespeed.internal.io.WriteData;
import io.github.drivespeed.internal.io.LoopControl;
import io.github.drivespeed.internal.io.LoopFile;
import io.github.drivespeed.internal.io.LoopIos;
import io.github.drivespeed.internal.io.LoopRecorders;
import io.github.drivespeed.internal.preflight.CgroupMemoryCheck;
import io.github.drivespeed.internal.preflight.FileSizeLimit;
import io.github.drivespeed.internal.preflight.Preflight;
import io.github.drivespeed.internal.verify.PassChecks;
import io.github.drivespeed.internal.verify.ReadRing;
import io.github.drivespeed.parameters.CapacityParameters;
import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.report.medium.DataLossKind;
import io.github.drivespeed.report.medium.FirstLoss;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.medium.Verification;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The capacity check of a directory, as f3write + f3read and h2testw: fills the free space (or a
 * given size, or what it writes in a given time) with test files of at most 1 GiB of stamped data
 * (each with its own nonce), writes every one (fdatasync'd) before reading any back, then reads each back (O_DIRECT, or buffered
 * after eviction) and checks every block; removes them all, also on failure (unnamed O_TMPFILE
 * files where the backend and file system allow, else named ones the leftover scan knows).
 */
public final class CapacityCheck extends Measurement<Preflight.Target, CapacityCheckReport> {

    private static final Logger LOG = LoggerFactory.getLogger(CapacityCheck.class);

    /** Bytes per file: 1 GiB, under FAT32's 4 GiB limit, as f3's files. */
    public static final long FILE_BYTES = DataSize.GIBIBYTE;
    private static final long BLOCK_BYTES = CapacityCheckReport.FILL_BLOCK_BYTES;
    private static final SecureRandom NONCES = new SecureRandom();

    private final CapacityParameters parameters;
    private final OptionalLong sizeBytes;
    private final Optional<Duration> duration;
    private final ProgressListener listener;

    /**
     * A capacity check that fills the directory and reads it back.
     *
     * @param target the directory
     * @param parameters the size to fill (empty for the free space) and the fill's time bound
     * @param listener told about the write and read phases (run 1 of each)
     * @param backend the backend, or empty for the best available
     */
    public CapacityCheck(Path target, CapacityParameters parameters, ProgressListener listener,
            Optional<IoBackend> backend) {
        super(target, backend, Preflight::examine);
        this.parameters = Objects.requireNonNull(parameters, "parameters");
        this.sizeBytes = parameters.size().map(s -> OptionalLong.of(s.bytes()))
                .orElse(OptionalLong.empty());
        this.duration = parameters.duration();
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    /**
     * Nothing is checked before the leftovers of killed runs are removed: the size to fill is
     * held against the free space they leave.
     */
    @Override
    protected Checked<CapacityCheckReport> check(Preflight.Target t) {
        return started -> measure(t, started);
    }

    private CapacityCheckReport measure(Preflight.Target examined, Started started)
            throws IOException {
        Instant startedAt = started.at();
        long start = started.nanos();
        IoBackend io = examined.io();
        Preflight.Target t = examined.withRemovedLeftovers(
                LeftoverFiles.removeStale(examined.directory()).removed());
        long fileBytes = fileBytes(t);
        long fill = fillBytes(t, fileBytes);
        boolean direct = parameters.direct() && io.capabilities().contains(Capability.DIRECT_IO);
        int alignment = Math.max(Preflight.MIN_BUFFER_ALIGNMENT,
                direct ? io.directIoAlignmentBytes(t.directory()) : 0);
        Fill files = new Fill(t, direct, fileBytes);
        Throwable failure = null;
        try (WriteData data = new WriteData(io, BLOCK_BYTES, fileBytes / BLOCK_BYTES,
                DataPattern.RANDOM, alignment);
             ReadRing ring = new ReadRing(io, BLOCK_BYTES, fileBytes / BLOCK_BYTES, alignment,
                     false)) {
            files.writeAll(data, fill);
            files.readAll(data, ring);
            files.addWriteFailure();
        } catch (IOException | RuntimeException | Error e) {
            failure = e;
            throw e;
        } finally {
            files.removeAll(failure);
        }
        long written = files.written;
        direct = files.direct;
        Verification found = files.found;
        long writeNanos = files.writeNanos;
        long readNanos = files.readNanos;
        CapacityCheckReport.Stop stop = files.stop;
        return new CapacityCheckReport(t.info(), parameters.withDirect(direct),
                t.selection().info(), new CapacityCheckReport.Fill(written, fileBytes,
                        files.size(), direct, writeNanos, stop),
                new CapacityCheckReport.ReadBack(found, readNanos, files.readHandling,
                        files.closeFailuresAfterLoss),
                System.nanoTime() - start, startedAt);
    }

    /**
     * Bytes per file: {@link #FILE_BYTES}, or the largest file the process or the file system
     * allows ({@link FileSizeLimit}: RLIMIT_FSIZE, FAT's 4 GiB - 1 B, fusefat's 2 GiB - 1 B),
     * rounded down to whole blocks, when that is less.
     */
    private static long fileBytes(Preflight.Target t) {
        Optional<FileSizeLimit> limit = FileSizeLimit.of(t.info());
        if (limit.isEmpty() || limit.get().bytes() >= FILE_BYTES) {
            return FILE_BYTES;
        }
        long bytes = limit.get().bytes() / BLOCK_BYTES * BLOCK_BYTES;
        if (bytes < BLOCK_BYTES) {
            throw new InvalidSettingException("size", null, "cannot be checked: the check writes"
                    + " files of whole blocks of " + DataSize.ofBytes(BLOCK_BYTES) + ", more than "
                    + limit.get().describe(t.directory()) + "; nothing was written");
        }
        return bytes;
    }

    /**
     * The bytes to fill, whole blocks: the size given (which must fit), or the free space less
     * {@link CapacityCheckReport#FILE_SYSTEM_SLACK_BYTES}; in a file system that keeps its files
     * in memory, no more than the memory cgroup leaves ({@link CgroupMemoryCheck}).
     */
    private long fillBytes(Preflight.Target t, long fileBytes) throws IOException {
        long usable = t.store().getUsableSpace();
        long fill = sizeBytes.orElse(CapacityCheckReport.fillOfFreeSpace(usable));
        if (sizeBytes.isPresent() && t.info().totalSpaceBytes() > 0 && fill > usable) {
            throw InsufficientSpaceException.beforeWriting(t.directory(), fill, usable,
                    "without a size the check fills the free space", List.of("size"));
        }
        long buffers = WriteData.randomPoolBytes(BLOCK_BYTES, fileBytes / BLOCK_BYTES,
                WriteData.POOL_TARGET_BYTES);
        if (sizeBytes.isPresent()) {
            CgroupMemoryCheck.require(t, fill, buffers, "size");
        } else {
            Optional<Long> allowed = CgroupMemoryCheck.allowedBytes(t, buffers);
            if (allowed.isPresent() && allowed.get() < BLOCK_BYTES) {
                CgroupMemoryCheck.require(t, BLOCK_BYTES, buffers); // refuses, naming the limit
            }
            fill = Math.min(fill, allowed.orElse(fill));
        }
        fill = fill / BLOCK_BYTES * BLOCK_BYTES;
        if (fill < BLOCK_BYTES) {
            throw InsufficientSpaceException.beforeWriting(t.directory(), BLOCK_BYTES, usable,
                    "the check writes whole blocks of " + DataSize.ofBytes(BLOCK_BYTES), List.of());
        }
        return fill;
    }

    /**
     * The check's files: each of at most {@code fileBytes} of stamped data with its own nonce,
     * all written (and fdatasync'd) before any is read back and checked; removed at the end.
     */
    private final class Fill {
        private final Preflight.Target t;
        private final IoBackend io;
        /** Bytes per file: {@link #FILE_BYTES}, or less under a file-size limit. */
        private final long fileBytes;
        private final List<TestFile> files = new ArrayList<>();
        private final Map<Long, Long> baseOfNonce = new HashMap<>();
        private final List<Long> nonces = new ArrayList<>();
        private final List<Long> blocksOf = new ArrayList<>();
        /** O_DIRECT; turns false for good when the file system refuses it. */
        private boolean direct;
        private long written;
        private long writeNanos;
        private long readNanos;
        private Verification found = Verification.NONE;
        /** Files that failed to close with EIO after the read-back found data lost. */
        private int closeFailuresAfterLoss;
        private CacheHandling readHandling = CacheHandling.NOT_RECORDED;
        private CapacityCheckReport.Stop stop = sizeBytes.isPresent()
                ? CapacityCheckReport.Stop.SIZE : CapacityCheckReport.Stop.FREE_SPACE;

        Fill(Preflight.Target t, boolean direct, long fileBytes) {
            this.t = t;
            this.fileBytes = fileBytes;
            this.io = t.io();
            this.direct = direct;
        }

        /** {@return the files written} */
        int size() {
            return files.size();
        }

        /**
         * Writes files until {@code fill} bytes are written, the time is up or the file system is
         * full, whichever comes first ({@link #stop} says which).
         */
        void writeAll(WriteData data, long fill) throws IOException {
            listener.passStarted(PassKind.WRITE, 1, fill);
            long writeStart = System.nanoTime();
            long deadline = writeStart + duration.map(Duration::toNanos)
                    .orElse(IoLoop.NO_DEADLINE_NANOS);
            for (int f = 0; written < fill; f++) {
                if (System.nanoTime() - deadline >= 0) {
                    stop = CapacityCheckReport.Stop.DURATION;
                    break;
                }
                TestFile file = create();
                files.add(file);
                long nonce = NONCES.nextLong();
                nonces.add(nonce);
                baseOfNonce.put(nonce, (long) f * fileBytes);
                long blocks = Math.min(fileBytes, fill - written) / BLOCK_BYTES;
                Written w = writeFile(file, data, nonce, blocks, f, written, fill, deadline);
                long done = w.bytes();
                blocksOf.add(done / BLOCK_BYTES);
                written += done;
                if (w.failed()) {
                    // the medium refused a write: a finding; what was written is read back
                    stop = CapacityCheckReport.Stop.WRITE_FAILED;
                    break;
                }
                if (done < blocks * BLOCK_BYTES) {
                    // the time is up, or the file system is full: that is the fill
                    stop = System.nanoTime() - deadline >= 0 ? CapacityCheckReport.Stop.DURATION
                            : CapacityCheckReport.Stop.FREE_SPACE;
                    break;
                }
            }
            writeNanos = System.nanoTime() - writeStart;
            listener.bytesTransferred(PassKind.WRITE, 1, written, fill);
        }

        /** A new test file: O_DIRECT unless the file system refuses it, then buffered for good. */
        private TestFile create() throws IOException {
            try {
                return TestFileCreator.create(io, t.directory(), direct, false);
            } catch (DirectIoUnsupportedException e) {
                if (!direct) {
                    throw e;
                }
                direct = false;
                return TestFileCreator.create(io, t.directory(), false, false);
            }
        }

        /** Reads each file back (after eviction, when buffered) and checks every block. */
        void readAll(WriteData data, ReadRing ring) throws IOException {
            listener.passStarted(PassKind.READ, 1, written);
            // every file is synced: a FUSE daemon's device cache is dropped once, before any read
            readHandling = CacheEviction.beforeFuseRead(io, t.info(), "capacity read-back")
                    .orElse(direct ? CacheHandling.DIRECT_IO : CacheHandling.EVICTED);
            long readStart = System.nanoTime();
            long checked = 0;
            for (int f = 0; f < files.size(); f++) {
                data.startRun(nonces.get(f));
                TestFile file = files.get(f);
                Path name = file.path().orElse(t.directory());
                if (!direct) {
                    CacheEviction.beforeBufferedRead(io, file, false, name,
                            "read-back of capacity file " + (f + 1), blocksOf.get(f) * BLOCK_BYTES);
                }
                long base = (long) f * fileBytes;
                long before = checked;
                long total = written;
                found = found.plus(readFile(file, name, data, ring, blocksOf.get(f), base,
                        baseOfNonce, d -> listener.bytesTransferred(PassKind.READ, 1, before + d,
                                total)));
                checked += blocksOf.get(f) * BLOCK_BYTES;
            }
            // the check runs beside the reads: nothing is left out of the read-back's time
            readNanos = System.nanoTime() - readStart;
        }

        /**
         * After a write failed with EIO: the block that failed, at the end of the fill, is lost
         * ({@link DataLossKind#UNWRITABLE}), after whatever the read-back found.
         */
        void addWriteFailure() {
            if (stop == CapacityCheckReport.Stop.WRITE_FAILED) {
                found = found.plus(new Verification(BLOCK_BYTES, BLOCK_BYTES,
                        Optional.of(FirstLoss.at(written, DataLossKind.UNWRITABLE)),
                        Map.of(DataLossKind.UNWRITABLE, BLOCK_BYTES)));
            }
        }

        /**
         * Removes every file, also on failure ({@code failure}: what the check is throwing). An
         * EIO at close once the read-back found data lost is part of that loss (the file system's
         * own data was lost too: exfat-fuse checks a file's directory entry as it closes it), and
         * counted; the file is removed all the same.
         */
        void removeAll(Throwable failure) throws IOException {
            for (TestFile file : files) {
                try {
                    TestFileRemoval.closeAndRemove(file, file.path().orElse(t.directory()),
                            failure);
                } catch (TestFileIoException e) {
                    if (!found.hasLoss() || !IoFailures.isIoError(e)) {
                        throw e;
                    }
                    closeFailuresAfterLoss++;
                    LOG.info("after the read-back found data lost: {}; the file system's own data was"
                            + " lost too, counted with the loss", e.getMessage());
                }
            }
        }
    }

    /**
     * What writing one file did.
     *
     * @param bytes bytes written, whole blocks, from the file's start
     * @param failed whether a write (or the fdatasync) failed with EIO right after them
     */
    private record Written(long bytes, boolean failed) {
    }

    /**
     * Writes one file; stops early (returning what was written) when the file system is full, at
     * the deadline, or when the medium refuses a write with EIO.
     */
    private Written writeFile(TestFile file, WriteData data, long nonce, long blocks, int index,
            long before, long fill, long deadline) throws IOException {
        Path name = file.path().orElse(given());
        String what = "write of capacity file " + (index + 1);
        data.startRun(nonce);
        IoLoop loop = new IoLoop(new LoopFile(new BlockingIoQueue(file), BLOCK_BYTES, name, what,
                blocks * BLOCK_BYTES),
                LoopIos.writes(OffsetGenerator.sequential(0, blocks, BLOCK_BYTES), data),
                LoopRecorders.progressOnly(
                        d -> listener.bytesTransferred(PassKind.WRITE, 1, before + d, fill)),
                LoopControl.alone());
        long done;
        boolean failed = false;
        long now = System.nanoTime();
        try {
            done = loop.run(blocks, now, deadline).measuredBytes();
        } catch (InsufficientSpaceException e) {
            done = Math.max(0, e.writtenBytes().orElse(0)) / BLOCK_BYTES * BLOCK_BYTES;
        } catch (TestFileIoException e) {
            if (!IoFailures.isIoError(e)) {
                throw e;
            }
            done = Math.max(0, e.offset()) / BLOCK_BYTES * BLOCK_BYTES;
            failed = true;
        }
        try {
            IoFailures.dataSync(file, name, what, done, blocks * BLOCK_BYTES);
        } catch (TestFileIoException e) {
            if (!IoFailures.isIoError(e)) {
                throw e;
            }
            failed = true;
        }
        return new Written(done, failed);
    }

    /**
     * Reads one file back and checks it; EIO is data lost, and the read goes on.
     *
     * @return what the check found
     */
    private Verification readFile(TestFile file, Path name, WriteData data, ReadRing ring,
            long blocks, long base, Map<Long, Long> baseOfNonce,
            java.util.function.LongConsumer progress) throws IOException {
        String what = "read-back of the capacity file at " + base;
        try (PassChecks checks = new PassChecks(false, true, data, ring, false, BLOCK_BYTES,
                blocks, b -> b * BLOCK_BYTES, progress)) {
            checks.verifier().reportFrom(base, n -> baseOfNonce.getOrDefault(n, -1L));
            checks.begin(System.nanoTime(), null);
            readBlocks(checks, file, name, ring, blocks, what);
            checks.finish();
            return checks.verifier().result();
        }
    }

    private static void readBlocks(PassChecks checks, TestFile file, Path name, ReadRing ring,
            long blocks, String what) throws IOException {
        checks.transfer(blocks, offset -> offset / BLOCK_BYTES, true, (first, progress) -> {
            IoLoop loop = checks.attach(new IoLoop(new LoopFile(new BlockingIoQueue(file),
                    BLOCK_BYTES, name, what, blocks * BLOCK_BYTES), LoopIos.reads(
                            OffsetGenerator.sequential(first, blocks - first, BLOCK_BYTES),
                            ring.buffer()),
                    LoopRecorders.progressOnly(progress), LoopControl.alone()));
            long now = System.nanoTime();
            return loop.run(blocks - first, now, now + IoLoop.NO_DEADLINE_NANOS).measuredBytes();
        });
    }
}
