package io.github.drivespeed.fio.internal;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.WorkloadGroup;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Optional;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;

/**
 * fio jobs as workload plans, checked before any I/O: one plan per job, or per clone where
 * {@code numjobs} clones a job without a {@code filename=} (each clone its own file, as fio), the
 * clones of a job with one running as that many threads over it. fio's defaults hold: buffered
 * I/O unless {@code direct=1}, psync, size-based unless {@code time_based}, 4 KiB blocks.
 *
 * <p>Files: without {@code filename=} a job runs over drivespeed's own new test file in
 * {@code directory=} (else the directory given on the command line). A {@code filename=} that
 * does not exist is not created under that name: the job runs over drivespeed's own test file in
 * the file's directory, laid out with random data and removed after the run (so that a run
 * killed midway leaves a file the next run recognises and removes). An existing one is read in
 * place, never written unless {@code --allow-overwrite} names it, and flagged as not written by
 * drivespeed.
 */
public final class FioPlans {

    /**
     * One job (or clone), ready to run.
     *
     * @param name the job's name
     * @param cloneIndex the clone's number from 0 ({@code numjobs} without a file), else 0
     * @param group its reporting group (fio's {@code groupid})
     * @param groupReporting whether it is reported with its group as one job
     * @param plan the plan
     * @param startDelay its {@code startdelay}
     * @param fioLine the job as fio's first output line shows it
     * @param notes how drivespeed runs what fio's options say, where it is not plain
     * @param written the job's own options as written (fio's {@code job options})
     * @param createOnly for a {@code create_only=1} job, the file to lay out (its plan is then
     *     null: nothing is measured)
     * @param logs the log files the job asks for ({@code write_bw_log}, ...); empty for none
     */
    public record PlannedJob(String name, int cloneIndex, int group, boolean groupReporting,
            WorkloadPlan plan, Duration startDelay, String fioLine, List<String> notes,
            Map<String, String> written, Optional<CreateOnly> createOnly,
            Optional<FioLogs> logs) {

        /**
         * Copies the notes.
         *
         * @param name the job's name
         * @param cloneIndex the clone's number
         * @param group its reporting group
         * @param groupReporting whether reported with its group
         * @param plan the plan
         * @param startDelay its start delay
         * @param fioLine fio's line for it
         * @param notes how drivespeed runs it
         * @param written its options as written
         * @param createOnly the file to lay out, for a create_only=1 job
         * @param logs the log files asked for
         */
        public PlannedJob {
            notes = List.copyOf(notes);
            written = Collections.unmodifiableMap(new LinkedHashMap<>(written));
        }
    }

    /**
     * fio's {@code create_only=1}: the file to lay out with random data, and its size.
     *
     * @param file the job's {@code filename=}
     * @param bytes its {@code size=} in bytes
     */
    public record CreateOnly(Path file, long bytes) {
    }

    /**
     * Jobs that run at the same time (between stonewalls).
     *
     * @param jobs the jobs, in the order written
     */
    public record RunSet(List<PlannedJob> jobs) {

        /**
         * Copies the jobs.
         *
         * @param jobs the jobs
         */
        public RunSet {
            jobs = List.copyOf(jobs);
        }

        /** {@return the jobs that measure: every one but those of {@code create_only=1}} */
        public List<PlannedJob> measured() {
            return jobs.stream().filter(j -> j.createOnly().isEmpty()).toList();
        }

        /** {@return the plans of the jobs that measure as one group, each with its start delay} */
        public WorkloadGroup group() {
            WorkloadGroup g = DriveSpeed.group();
            for (PlannedJob j : measured()) {
                g = g.job(j.plan(), j.startDelay());
            }
            return g;
        }
    }

    /** fio's names of the options it shares with drivespeed's command line. */
    private static final String BS = SharedOptions.BLOCK_SIZE.fioName();
    private static final String SIZE = SharedOptions.SIZE.fioName();
    private static final String RWMIXREAD = SharedOptions.RWMIXREAD.fioName();
    private static final String NUMJOBS = SharedOptions.THREADS.fioName();
    private static final String IOENGINE = SharedOptions.IOENGINE.fioName();
    private static final String IODEPTH = SharedOptions.IODEPTH.fioName();
    private static final String RUNTIME = SharedOptions.DURATION.fioName();

    private final Path defaultDirectory;
    private final Set<Path> allowOverwrite;
    private final String backend;
    private final LongSupplier randomSeeds;
    /** The jobs planned so far, clones counted (fio's {@code thread_number} of the last). */
    private int jobNumber;

    /**
     * Plans fio jobs to run in {@code defaultDirectory} unless a job names its own place.
     *
     * @param defaultDirectory where jobs without {@code directory=} or {@code filename=} run
     * @param allowOverwrite the existing files {@code --allow-overwrite} names (real paths)
     * @param backend the {@code --backend} given, or null
     * @param randomSeeds seeds for {@code randrepeat=0}
     */
    public FioPlans(Path defaultDirectory, Set<Path> allowOverwrite, String backend,
            LongSupplier randomSeeds) {
        this.defaultDirectory = defaultDirectory;
        this.allowOverwrite = Set.copyOf(allowOverwrite);
        this.backend = backend;
        this.randomSeeds = randomSeeds;
    }

    /**
     * {@return the sets, in the order they run}
     *
     * @param jobs the jobs
     * @throws IllegalArgumentException naming the job, option and place of what cannot run
     * @throws IOException if a file's size cannot be read
     */
    public List<RunSet> plan(FioJobs jobs) throws IOException {
        List<List<PlannedJob>> sets = new ArrayList<>();
        List<Map<Path, String>> filesPerSet = new ArrayList<>();
        for (FioJobs.Job job : jobs.jobs()) {
            while (sets.size() <= job.runSet()) {
                sets.add(new ArrayList<>());
                filesPerSet.add(new HashMap<>());
            }
            sets.get(job.runSet()).addAll(plan(job, filesPerSet.get(job.runSet())));
        }
        return sets.stream().map(RunSet::new).toList();
    }

    private List<PlannedJob> plan(FioJobs.Job job, Map<Path, String> files) throws IOException {
        FioJobSettings s = job.settings();
        List<String> notes = new ArrayList<>();
        Path dir = s.directory == null ? defaultDirectory : defaultDirectory.resolve(s.directory);
        Path file = s.filename == null ? null : dir.resolve(s.filename);
        if (s.createOnly) {
            jobNumber++;
            return List.of(createOnly(job, file));
        }
        boolean existing = false;
        if (file != null) {
            String other = files.put(file.toAbsolutePath().normalize(), job.name());
            if (other != null && Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                throw refusal(s, "filename", job, "jobs '" + other + "' and '" + job.name()
                        + "' run at the same time over the existing file " + file + ": not"
                        + " supported: drivespeed runs each of a set's jobs over a file of its"
                        + " own; give each job its own filename=, or run them one after another"
                        + " (stonewall)");
            }
            existing = checkFile(s, job, file, notes);
            dir = parentOf(file);
            if (other != null) {
                notes.add("jobs '" + other + "' and '" + job.name() + "' name the same new file "
                        + file.getFileName() + ": each runs over a test file of its own in "
                        + dir + " (fio would share one)");
            }
        }
        long bs = s.blockSize;
        // the block size's own checks first (a multiple of 512 bytes), then the size against it
        set(DriveSpeed.workload(dir), s, BS, job, blockSize(bs));
        long size = size(s, job, file, existing, bs);
        boolean sharedFile = file != null;
        int clones = sharedFile ? 1 : s.numjobs;
        if (sharedFile && s.numjobs > 1) {
            notes.add("numjobs=" + s.numjobs + " over one file: run as " + s.numjobs
                    + " threads of one workload");
        }
        List<PlannedJob> planned = new ArrayList<>();
        for (int c = 0; c < clones; c++) {
            WorkloadPlan p = DriveSpeed.workload(dir);
            if (existing) {
                p = p.existingFile(file);
                if (writes(s)) {
                    p = p.allowWritesTo(file);
                }
            }
            p = shape(p, s, job, bs, size, sharedFile ? s.numjobs : 1, c, notes);
            for (UnaryOperator<WorkloadPlan> step : s.planSteps) {
                p = step.apply(p);
            }
            Optional<FioLogs> logs = logs(s, job.name(), sharedFile ? s.numjobs : 1, notes);
            p = logs.map(l -> l.logging()).map(p::ioLogging).orElse(p);
            planned.add(new PlannedJob(job.name(), c, job.group(), s.groupReporting, p,
                    s.startDelay, fioLine(job, s), c == 0 ? notes : List.of(), job.written(),
                    Optional.empty(), logs));
        }
        return planned;
    }

    /**
     * The job's log files, numbered as fio numbers its jobs (every job and clone counted, from
     * 1); {@code threads} numbers are taken by a job whose clones run as threads of one workload.
     */
    private Optional<FioLogs> logs(FioJobSettings s, String name, int threads,
            List<String> notes) {
        int number = jobNumber + 1;
        jobNumber += threads;
        if (s.logs.any() && threads > 1) {
            notes.add("its " + threads + " threads are logged as one job, in job " + number
                    + "'s log files (fio writes a log per clone)");
        }
        return s.logs.any() ? Optional.of(s.logs.of(name, number)) : Optional.empty();
    }

    /**
     * fio's {@code create_only=1}: the job lays out its {@code filename=} and measures nothing.
     * The file may be new, empty (a front end's temporary file), one drivespeed laid out before,
     * or one {@code --allow-overwrite} names; anything else is refused, as for a job that writes.
     */
    private PlannedJob createOnly(FioJobs.Job job, Path file) throws IOException {
        FioJobSettings s = job.settings();
        if (file == null) {
            throw refusal(s, "create_only", job, "needs filename=: drivespeed lays out the file"
                    + " the job names (its own test files are created and removed by each run)");
        }
        if (s.size == null || s.size < 1) {
            throw new IllegalArgumentException(s.where("create_only") + ": job '" + job.name()
                    + "': create_only=1 needs size= (fio: \"you need to specify size=\")");
        }
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                throw refusal(s, "filename", job, file + " is not a regular file: create_only=1"
                        + " lays out a regular file");
            }
            if (Files.size(file) > 0 && !LaidOutFile.isLaidOut(file)
                    && !allowOverwrite.contains(file.toRealPath())) {
                throw refusal(s, "filename", job, file + " exists and holds data: create_only=1"
                        + " would write over it; drivespeed lays out a new or empty file, or one"
                        + " it laid out before; give " + SharedOptions.ALLOW_OVERWRITE.option()
                        + " " + file + " to let it write over this one");
            }
        } else if (!Files.isDirectory(parentOf(file))) {
            throw refusal(s, "filename", job, file + " does not exist, nor does its directory "
                    + parentOf(file));
        }
        long free = Files.getFileStore(parentOf(file)).getUsableSpace();
        long have = Files.exists(file) ? Files.size(file) : 0;
        if (s.size - have > free) {
            throw refusal(s, SIZE, job, "size=" + s.size + " bytes does not fit: " + free
                    + " bytes free in " + parentOf(file));
        }
        return new PlannedJob(job.name(), 0, job.group(), s.groupReporting, null, Duration.ZERO,
                fioLine(job, s), List.of("create_only=1: lays out " + file + " (" + s.size
                        + " bytes of random data) and measures nothing"), job.written(),
                Optional.of(new CreateOnly(file, s.size)), Optional.empty());
    }

    /** @return whether the file exists (and may be used); refuses what may not be */
    private boolean checkFile(FioJobSettings s, FioJobs.Job job, Path file, List<String> notes)
            throws IOException {
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            Path parent = parentOf(file);
            if (!Files.isDirectory(parent)) {
                throw refusal(s, "filename", job, file + " does not exist, nor does its directory "
                        + parent);
            }
            notes.add("filename=" + s.filename + " does not exist: the job runs over"
                    + " drivespeed's own test file in " + parent + ", removed after the run");
            return false;
        }
        if (Files.isSymbolicLink(file)) {
            throw refusal(s, "filename", job, file + " is a symbolic link: name the file itself");
        }
        if (!Files.isRegularFile(file)) {
            throw refusal(s, "filename", job, file + " is not a regular file (drivespeed"
                    + " measures a block device with 'drivespeed DEVICE', read-only unless "
                    + SharedOptions.WRITE.option() + ")");
        }
        boolean laidOut = LaidOutFile.isLaidOut(file);
        if (writes(s) && !laidOut && !allowOverwrite.contains(file.toRealPath())) {
            throw refusal(s, "filename", job, file + " exists and the job writes: drivespeed"
                    + " writes only its own new test files; give "
                    + SharedOptions.ALLOW_OVERWRITE.option() + " " + file
                    + " to let this job overwrite it");
        }
        notes.add(laidOut
                ? "filename=" + s.filename + " was laid out by drivespeed (create_only=1): "
                        + (writes(s) ? "written again (random data laid out first)" : "read")
                        + ", and kept"
                : writes(s)
                ? "filename=" + s.filename + " exists: overwritten as "
                        + SharedOptions.ALLOW_OVERWRITE.option() + " allows"
                        + " (random data laid out first), and kept"
                : "filename=" + s.filename + " exists and was not written by drivespeed: read"
                        + " in place; it may be sparse or cached");
        return true;
    }

    private long size(FioJobSettings s, FioJobs.Job job, Path file, boolean existing, long bs)
            throws IOException {
        Long size = s.size;
        if (existing) {
            long fileBytes = Files.size(file);
            if (size == null) {
                size = fileBytes / bs * bs;
            } else if (size > fileBytes) {
                throw refusal(s, SIZE, job, "size=" + size + " bytes is more than the "
                        + fileBytes + " bytes of existing file " + file + "; drivespeed does not"
                        + " extend a file it did not create");
            }
        }
        if (size == null) {
            throw new IllegalArgumentException(s.where("name") + ": job '" + job.name()
                    + "': needs size= (fio: \"you need to specify size=\")");
        }
        if (size < bs || size % bs != 0) {
            throw refusal(s, SIZE, job, "size=" + size + " bytes is not a whole number of"
                    + " blocks of bs=" + bs + " bytes");
        }
        return size;
    }

    private WorkloadPlan shape(WorkloadPlan plan, FioJobSettings s, FioJobs.Job job, long bs,
            long size, int threads, int clone, List<String> notes) {
        WorkloadPlan p = SharedOptions.SIZE.setter().apply(plan, DataSize.ofBytes(size));
        p = set(p, s, BS, job, blockSize(bs));
        p = SharedOptions.RW.setter().apply(p, s.rw);
        // fio's only: rwmixread sets a mix, and a job without one ignores it
        if (s.rw.mixed() && s.rwmixread != null) {
            int mix = s.rwmixread;
            p = set(p, s, RWMIXREAD, job, q -> SharedOptions.RWMIXREAD.setter().apply(q, mix));
        }
        p = s.direct ? p.direct() : p.buffered();
        p = set(p, s, NUMJOBS, job, q -> SharedOptions.THREADS.setter().apply(q, threads));
        p = engine(p, s, job, clone == 0 ? notes : new ArrayList<>());
        p = set(p, s, SharedOptions.RAMP_TIME.fioName(), job,
                q -> SharedOptions.RAMP_TIME.setter().apply(q, s.rampTime));
        p = syncs(p, s, job, clone == 0 ? notes : new ArrayList<>());
        p = runLength(p, s, job, bs, size, threads);
        if (s.randseed != null) {
            p = p.seed(s.randseed + clone);
        } else if (!s.randrepeat) {
            long seed = randomSeeds.getAsLong();
            p = p.seed(seed);
            notes.add("randrepeat=0: random seed " + seed);
        } else {
            p = p.seed(clone);
        }
        return p;
    }

    private WorkloadPlan engine(WorkloadPlan p, FioJobSettings s, FioJobs.Job job,
            List<String> notes) {
        if (s.sqthreadPoll && !s.ioengine.equals("io_uring")) {
            notes.add(SharedOptions.SQTHREAD_POLL.fioName() + " has no effect with ioengine=" + s.ioengine + " (an option"
                    + " of io_uring's, set where the engine was io_uring), as in fio");
        } else if (s.sqthreadPoll) {
            p = set(p, s, SharedOptions.SQTHREAD_POLL.fioName(), job,
                    SharedOptions.SQTHREAD_POLL.flagSetter());
        }
        if (s.ioengine.equals("io_uring") || s.ioengine.equals("libaio")) {
            if (backend != null && !backend.equals("native")) {
                throw refusal(s, IOENGINE, job, s.ioengine + " runs on the native backend;"
                        + " " + SharedOptions.BACKEND.option() + " " + backend
                        + " has only psync");
            }
            IoEngine engine = SharedOptions.IOENGINE.convert(s.ioengine);
            WorkloadPlan q = set(p, s, IOENGINE, job,
                    x -> SharedOptions.IOENGINE.setter().apply(x.backend("native"), engine));
            return set(q, s, IODEPTH, job,
                    x -> SharedOptions.IODEPTH.setter().apply(x, s.iodepth));
        }
        if (s.iodepth > 1) {
            notes.add("iodepth=" + s.iodepth + " has no effect with ioengine=" + s.ioengine
                    + " (a synchronous engine), as in fio: queue depth 1");
        }
        return backend == null ? p : set(p, s, IOENGINE, job, x -> x.backend(backend));
    }

    /** fio {@code fsync=N} / {@code fdatasync=N}: fdatasync after every N writes, timed. */
    private static WorkloadPlan syncs(WorkloadPlan p, FioJobSettings s, FioJobs.Job job,
            List<String> notes) {
        if (s.fsync > 0 && s.fdatasync > 0) {
            throw refusal(s, "fdatasync", job, "fsync=" + s.fsync + " and fdatasync="
                    + s.fdatasync + " together are not supported: give one of them");
        }
        String option = s.fsync > 0 ? "fsync" : "fdatasync";
        int every = Math.max(s.fsync, s.fdatasync);
        if (every == 0 || !writes(s)) {
            return p;
        }
        if (s.fsync > 0) {
            notes.add("fsync=" + every + ": run as fdatasync(2) after every " + every
                    + " writes (drivespeed's backends sync data with fdatasync; the test file's"
                    + " size does not change, so only its timestamps wait for a later sync)");
        }
        return set(p, s, option, job, q -> q.syncEveryWrites(every));
    }

    private WorkloadPlan runLength(WorkloadPlan p, FioJobSettings s, FioJobs.Job job, long bs,
            long size, int threads) {
        boolean limited = s.runtime != null && !s.runtime.isZero();
        if (s.timeBased) {
            if (!limited) {
                throw refusal(s, "time_based", job, "needs runtime= (fio would run until"
                        + " stopped)");
            }
            if (s.ioSize != null || s.numberIos != null) {
                throw refusal(s, s.ioSize != null ? "io_size" : "number_ios", job,
                        "not supported with time_based");
            }
            return set(p, s, RUNTIME, job,
                    q -> SharedOptions.DURATION.setter().apply(q, s.runtime));
        }
        WorkloadPlan q = p.noDuration();
        long perClone = -1;
        if (s.numberIos != null) {
            perClone = s.numberIos;
        } else if (s.ioSize != null) {
            if (s.ioSize < bs || s.ioSize % bs != 0) {
                throw refusal(s, "io_size", job, "io_size=" + s.ioSize + " bytes is not a whole"
                        + " number of blocks of bs=" + bs + " bytes");
            }
            perClone = s.ioSize / bs;
        } else if (threads > 1) {
            perClone = size / bs;
        }
        if (perClone > 0) {
            long total = perClone * threads;
            q = set(q, s, s.numberIos != null ? "number_ios" : "io_size", job,
                    x -> x.count(total));
        }
        // fio's only: without time_based, runtime bounds a size-based run
        return limited ? set(q, s, RUNTIME, job, x -> x.timeLimit(s.runtime)) : q;
    }

    private static boolean writes(FioJobSettings s) {
        return s.rw.writes();
    }

    private static Path parentOf(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        return parent == null ? Path.of("/") : parent;
    }

    /** The block size's shared setter, with fio's size in bytes. */
    private static UnaryOperator<WorkloadPlan> blockSize(long bytes) {
        return q -> SharedOptions.BLOCK_SIZE.setter().apply(q, DataSize.ofBytes(bytes));
    }

    /** Applies a setter, naming the option, job and place if the plan refuses it. */
    private static WorkloadPlan set(WorkloadPlan p, FioJobSettings s, String option,
            FioJobs.Job job, UnaryOperator<WorkloadPlan> setter) {
        try {
            return setter.apply(p);
        } catch (InvalidSettingException e) {
            String value = s.written.get(option);
            throw refusal(s, option, job, value == null ? e.getMessage() : "'" + value + "'"
                    + FioSize.meaning(value, s.kbBase) + ": " + e.reason());
        } catch (IllegalArgumentException e) {
            throw refusal(s, option, job, e.getMessage());
        }
    }

    private static IllegalArgumentException refusal(FioJobSettings s, String option,
            FioJobs.Job job, String reason) {
        return new IllegalArgumentException(s.where(option) + ": job '" + job.name() + "', fio"
                + " option '" + option + "': " + reason);
    }

    /** {@code readtest: (g=0): rw=read, bs=4096B, ioengine=libaio, iodepth=1}, as fio's. */
    private static String fioLine(FioJobs.Job job, FioJobSettings s) {
        return job.name() + ": (g=" + job.group() + "): rw=" + s.fioRw() + ", bs=" + s.blockSize
                + "B, ioengine=" + s.ioengine + ", iodepth=" + s.iodepth;
    }
}
