package io.github.drivespeed.internal.workload;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.InvalidSettingException.Reason;
import io.github.drivespeed.internal.files.DriveLocks;
import io.github.drivespeed.internal.files.ExistingFile;
import io.github.drivespeed.internal.files.ExistingFiles;
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
import io.github.drivespeed.internal.measure.BtrfsDirectWrites;
import io.github.drivespeed.internal.measure.Measurement;
import io.github.drivespeed.internal.preflight.CgroupMemoryCheck;
import io.github.drivespeed.internal.preflight.FileSizeLimit;
import io.github.drivespeed.internal.preflight.Preflight;
import io.github.drivespeed.internal.probe.DeviceCounters;
import io.github.drivespeed.parameters.AccessPattern;
import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.progress.WorkloadListener;
import io.github.drivespeed.progress.WorkloadStage;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.QueueEngine;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The test file of one or more workloads, prepared by the measurement template: the target
 * examined and the backend chosen, each job's engine chosen and its settings checked against
 * both, then the leftovers removed, the free space checked, the drive's locks taken and the file
 * created (or the existing file opened) and written all through, untimed and fdatasync'd. Its
 * workloads then run over it ({@link WorkloadMeasurement.Prepared#job}).
 */
final class WorkloadPreparation
        extends Measurement<Preflight.Target, WorkloadMeasurement.Prepared> {

    private static final Logger LOG = LoggerFactory.getLogger(WorkloadPreparation.class);

    /** Largest chunk the file is written in before the runs. */
    static final long FILL_CHUNK_BYTES = 8 * DataSize.MEBIBYTE;
    private static final SecureRandom NONCES = new SecureRandom();

    private final Optional<IoEngine> ioEngine;
    private final WorkloadListener listener;
    private final Optional<ExistingFile> existing;
    private final List<WorkloadParameters> jobs;
    /** Whether O_DIRECT was refused and the workloads run buffered instead. */
    private final boolean fellBack;

    /**
     * @param target the directory to test in, as the caller gave it
     * @param backend the backend to use, or empty to pick the best available
     * @param ioEngine the engine asked for, or empty to choose one by what the target does
     * @param listener told when each stage starts and ends
     * @param existing the existing file to run over instead of a new test file, or empty
     * @param jobs at least one; all with the same size and the same direct setting
     * @param fellBack whether O_DIRECT was refused and the jobs were made buffered
     * @throws IllegalArgumentException if there is no job, or their sizes or direct settings
     *     differ
     */
    WorkloadPreparation(Path target, Optional<IoBackend> backend, Optional<IoEngine> ioEngine,
            WorkloadListener listener, Optional<ExistingFile> existing,
            List<WorkloadParameters> jobs, boolean fellBack) {
        super(target, backend, Preflight::examine);
        if (jobs.isEmpty()) {
            throw new IllegalArgumentException("no workload to run");
        }
        WorkloadParameters first = jobs.get(0);
        for (WorkloadParameters job : jobs) {
            if (!job.size().equals(first.size()) || job.direct() != first.direct()) {
                throw new IllegalArgumentException("workloads run over one test file need the"
                        + " same size and direct setting: " + first + " vs " + job);
            }
        }
        this.ioEngine = Objects.requireNonNull(ioEngine, "ioEngine");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.existing = Objects.requireNonNull(existing, "existing");
        this.jobs = List.copyOf(jobs);
        this.fellBack = fellBack;
    }

    /**
     * O_DIRECT, the direct-I/O alignment of the file's chunks and of every job's blocks, and
     * each job's engine and settings against the backend.
     */
    @Override
    protected Checked<WorkloadMeasurement.Prepared> check(Preflight.Target t) throws IOException {
        WorkloadParameters first = jobs.get(0);
        IoBackend io = t.io();
        long fileBytes = first.size().bytes();
        long chunk = Math.min(FILL_CHUNK_BYTES, Long.lowestOneBit(fileBytes));
        if (first.direct()) {
            Preflight.requireDirectIo(t);
        }
        int alignment = Preflight.bufferAlignment(t, first.direct(), DataSize.ofBytes(chunk));
        List<EngineChoice> choices = new ArrayList<>();
        for (WorkloadParameters job : jobs) {
            EngineChoice choice = EngineChoice.of(io, ioEngine, job.queueDepth());
            choices.add(choice);
            checkJob(job, io, choice.preferred().asynchronous());
            refuseBufferedAio(job);
            alignment = Math.max(alignment,
                    Preflight.bufferAlignment(t, job.direct(), job.blockSize()));
        }
        int bufferAlignment = alignment;
        if (existing.isEmpty()) {
            FileSizeLimit.check(t, fileBytes, "size");
        }
        return started -> prepare(t, choices, fileBytes, chunk, bufferAlignment);
    }

    /** Leftovers removed, the free space checked and the drive's locks taken; then the file. */
    private WorkloadMeasurement.Prepared prepare(Preflight.Target examined,
            List<EngineChoice> choices, long fileBytes, long chunk, int alignment)
            throws IOException {
        // Leftovers of killed runs first: they may hold the space the check below looks for.
        Preflight.Target t = examined.withRemovedLeftovers(
                LeftoverFiles.removeStale(examined.directory()).removed());
        if (existing.isEmpty()) {
            Preflight.checkFreeSpace(t, fileBytes, "size");
            CgroupMemoryCheck.require(t, fileBytes, memoryBufferBytes(fileBytes, chunk), "size");
        }
        DriveLocks locks = DriveLocks.acquire(t.info());
        try {
            return create(t, t.io(), jobs, choices, fileBytes, chunk, alignment, locks, fellBack);
        } catch (IOException | RuntimeException | Error e) {
            locks.close();
            throw e;
        }
    }

    private WorkloadMeasurement.Prepared create(Preflight.Target t, IoBackend io, List<WorkloadParameters> jobs,
            List<EngineChoice> choices, long fileBytes, long chunk, int alignment,
            DriveLocks locks, boolean fellBack) throws IOException {
        WorkloadParameters first = jobs.get(0);
        FileHandle file;
        Path name;
        boolean fill = existing.map(ExistingFile::writable).orElse(true);
        if (existing.isPresent()) {
            file = ExistingFiles.open(io, existing.get(), fileBytes,
                    jobs.stream().anyMatch(WorkloadParameters::writes), first.direct());
            name = existing.get().path();
        } else {
            TestFile created = TestFileCreator.create(io, t.directory(), first.direct(), false);
            file = created;
            name = created.path().orElse(t.directory());
        }
        BtrfsDirectWrites btrfs = BtrfsDirectWrites.of(t.info());
        try {
            if (file instanceof TestFile created) {
                btrfs.prepare(created, first.direct());
            }
            if (fill) {
                try {
                    fill(io, file, name, fileBytes, chunk, alignment, first, jobs.size());
                } catch (IOException e) {
                    throw IoFailures.directRefusal(e, first.direct(), t.info().fileSystemType());
                }
            }
            return new WorkloadMeasurement.Prepared(t.withInfo(btrfs.reported(t.info())), file,
                    name, jobs, choices, alignment, DeviceCounters.of(t.info()), locks, fellBack,
                    !fill, listener);
        } catch (IOException | RuntimeException | Error e) {
            TestFileRemoval.closeAndRemove(file, name, e);
            throw e;
        }
    }

    /**
     * Linux AIO asked for by name, on buffered I/O asked for by name, at a queue depth above 1:
     * refused, since the kernel completes each buffered I/O inside io_submit(2) (fio's HOWTO,
     * libaio: "Linux may only support queued behavior with non-buffered I/O") and the depth asked
     * for would never be in flight. Not after O_DIRECT was refused and the job fell back to
     * buffered: that run goes ahead and its report says the depth was not reached.
     */
    private void refuseBufferedAio(WorkloadParameters job) {
        if (ioEngine.equals(Optional.of(IoEngine.LIBAIO)) && !job.direct() && !fellBack
                && job.queueDepth() > 1) {
            throw new InvalidSettingException("ioEngine", IoEngine.LIBAIO, Reason.of("cannot"
                    + " queue buffered I/O: Linux AIO completes each buffered read or write"
                    + " inside io_submit(2), one at a time, so ").setting("queueDepth")
                    .then(" " + job.queueDepth() + " would never be in flight (fio's HOWTO,"
                            + " libaio); use O_DIRECT, or io_uring, or queue depth 1"), null);
        }
    }

    private static void checkJob(WorkloadParameters job, IoBackend io, boolean async) {
        long bs = job.blockSize().bytes();
        long size = job.size().bytes();
        if (bs > size) {
            throw new InvalidSettingException("blockSize", job.blockSize(), Reason.of("is larger"
                    + " than ").setting("size").then(" " + job.size() + "; the test file must"
                    + " hold a block"), null);
        }
        if (size % bs != 0) {
            throw new InvalidSettingException("size", job.size(), Reason.of("is not a multiple"
                    + " of ").setting("blockSize").then(" " + job.blockSize()), null);
        }
        Preflight.checkBlockFitsBackend(io, bs);
        int depthPerWorker = async ? job.queueDepth() : 1;
        Preflight.checkBlockFitsBackend(io, bs * depthPerWorker);
        long workers = (long) job.threads() * (async ? 1 : job.queueDepth());
        if (workers > WorkloadMeasurement.MAX_SYNC_WORKERS) {
            throw new InvalidSettingException("queueDepth", job.queueDepth(), Reason.of("times ")
                    .setting("threads").then(" " + job.threads() + " is " + workers
                            + " synchronous workers, more than " + WorkloadMeasurement.MAX_SYNC_WORKERS + " (psync"
                            + " runs the queue depth as threads; the " + io.name()
                            + " backend's engines: " + engines(io) + ")"), null);
        }
        if (job.pattern() == AccessPattern.SEQUENTIAL && size / bs < job.threads()) {
            throw new InvalidSettingException("threads", job.threads(), Reason.of("is more than"
                    + " the blocks of a sequential workload (it needs one per thread): ")
                    .setting("size")
                    .then(" " + job.size() + " holds " + size / bs + " blocks of ")
                    .setting("blockSize").then(" " + job.blockSize()), null);
        }
    }

    private static String engines(IoBackend io) {
        StringBuilder sb = new StringBuilder("psync");
        for (QueueEngine e : io.queueEngines()) {
            sb.append(", ").append(e.fioName())
                    .append(e.unavailableReason().map(r -> " (unavailable: " + r + ")").orElse(""));
        }
        return sb.toString();
    }

    /**
     * The buffers a workload allocates on a memory file system, where its pools are one block
     * per queue slot ({@link JobWorkers}): each job's threads, a read buffer and a write pool of
     * their queue depth's blocks each; and the pool that fills the file first.
     */
    private long memoryBufferBytes(long fileBytes, long chunk) {
        long bytes = WriteData.randomPoolBytes(chunk, fileBytes / chunk,
                WriteData.POOL_TARGET_BYTES);
        for (WorkloadParameters job : jobs) {
            long perThread = job.blockSize().bytes() * job.queueDepth();
            bytes += job.threads() * perThread * ((job.reads() ? 1 : 0) + (job.writes() ? 1 : 0));
        }
        return bytes;
    }

    /** Writes the whole file with random, stamped data, then fdatasync; untimed. */
    private void fill(IoBackend io, FileHandle file, Path name, long fileBytes, long chunk,
            int alignment, WorkloadParameters first, int jobCount) throws IOException {
        long blocks = fileBytes / chunk;
        String what = "writing of the test file before the runs";
        StageReporter reporter = new StageReporter(listener, 1, jobCount);
        try (WriteData data = new WriteData(io, chunk, blocks, DataPattern.RANDOM, alignment)) {
            data.startRun(NONCES.nextLong());
            long start = System.nanoTime();
            StageReporter.Stage stage = reporter.start(WorkloadStage.Kind.FILL, first, 0,
                    fileBytes, -1, start, 1);
            IoLoop loop = new IoLoop(new LoopFile(new BlockingIoQueue(file), chunk, name, what,
                    fileBytes), LoopIos.writes(OffsetGenerator.sequential(0, blocks, chunk), data),
                    LoopRecorders.progressOnly(stage.progress(0)), LoopControl.alone());
            loop.run(blocks, start, start + IoLoop.NO_DEADLINE_NANOS);
            IoFailures.dataSync(file, name, what, fileBytes, fileBytes);
            stage.finish();
            LOG.debug("wrote {} bytes of test file in {} ns", fileBytes, System.nanoTime() - start);
        }
    }
}
