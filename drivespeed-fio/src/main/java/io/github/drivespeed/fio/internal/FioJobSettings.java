package io.github.drivespeed.fio.internal;

import io.github.drivespeed.WorkloadPlan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The settings of one fio job while its options are read, in fio's defaults: what the rows of
 * {@link FioOptions} set. A {@code [global]} section's settings are copied into each job that
 * follows it, as fio copies them, before the job's own options are applied. Fields are set by
 * {@link FioOptions}' rows only; {@link FioPlans} reads them.
 */
final class FioJobSettings {

    String name;
    String filename;
    String directory;
    /** fio {@code rw}: read, fio's default. */
    ReadWriteMode rw = ReadWriteMode.READ;
    /** fio {@code rwmixread} for a mix: null until given (then {@link ReadWriteMode}'s default). */
    Integer rwmixread;
    long blockSize = 4096;
    Long size;
    Long ioSize;
    Long numberIos;
    boolean direct;
    int iodepth = 1;
    int numjobs = 1;
    Duration runtime;
    boolean timeBased;
    Duration rampTime = Duration.ZERO;
    Duration startDelay = Duration.ZERO;
    boolean randrepeat = true;
    Long randseed;
    boolean groupReporting;
    boolean stonewall;
    boolean newGroup;
    int kbBase = 1024;
    String ioengine = "psync";
    /** fio {@code sqthread_poll}: io_uring's submission ring polled by a kernel thread. */
    boolean sqthreadPoll;
    /** fio {@code fsync=N}: fsync after every N writes; 0 for none. */
    int fsync;
    /** fio {@code fdatasync=N}: fdatasync after every N writes; 0 for none. */
    int fdatasync;
    /** fio {@code create_only=1}: lay out the job's file, then stop without measuring. */
    boolean createOnly;
    /** fio's log options. */
    FioLogs.Settings logs = new FioLogs.Settings();
    /** fio's {@code --section=NAME}s: the only sections run (empty: every one). */
    final List<String> sections = new ArrayList<>();
    /** Plan steps of options that map straight onto a plan setter, in the order given. */
    final List<UnaryOperator<WorkloadPlan>> planSteps = new ArrayList<>();
    /** Where each option was last set, by its table name, for messages after reading. */
    final Map<String, String> where = new HashMap<>();
    /** Each option's value as last written, by its table name, for messages; null for a flag. */
    final Map<String, String> written = new HashMap<>();

    FioJobSettings() {
    }

    /** @return a copy, for a job that follows a {@code [global]} section */
    FioJobSettings copy() {
        FioJobSettings c = new FioJobSettings();
        c.name = name;
        c.filename = filename;
        c.directory = directory;
        c.rw = rw;
        c.rwmixread = rwmixread;
        c.blockSize = blockSize;
        c.size = size;
        c.ioSize = ioSize;
        c.numberIos = numberIos;
        c.direct = direct;
        c.iodepth = iodepth;
        c.numjobs = numjobs;
        c.runtime = runtime;
        c.timeBased = timeBased;
        c.rampTime = rampTime;
        c.startDelay = startDelay;
        c.randrepeat = randrepeat;
        c.randseed = randseed;
        c.groupReporting = groupReporting;
        c.stonewall = stonewall;
        c.newGroup = newGroup;
        c.kbBase = kbBase;
        c.ioengine = ioengine;
        c.sqthreadPoll = sqthreadPoll;
        c.fsync = fsync;
        c.fdatasync = fdatasync;
        c.createOnly = createOnly;
        c.logs = logs.copy();
        c.sections.addAll(sections);
        c.planSteps.addAll(planSteps);
        c.where.putAll(where);
        c.written.putAll(written);
        return c;
    }

    /** @param step what an option does to the plan, applied after the job's own settings */
    void plan(UnaryOperator<WorkloadPlan> step) {
        planSteps.add(step);
    }

    /**
     * @param option an option by its table name
     * @return where it was set, or {@code the job's defaults}
     */
    String where(String option) {
        return where.getOrDefault(option, "the job's defaults");
    }

    /** @return fio's name of the job's direction and pattern: read, randrw, ... */
    String fioRw() {
        return rw.fioName();
    }
}
