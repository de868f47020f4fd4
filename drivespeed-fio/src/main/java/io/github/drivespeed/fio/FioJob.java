package io.github.drivespeed.fio;

import io.github.drivespeed.fio.internal.FioJobFile;
import io.github.drivespeed.fio.internal.FioJobs;
import io.github.drivespeed.fio.internal.FioPlans;
import io.github.drivespeed.fio.internal.FioSection;
import io.github.drivespeed.fio.internal.FioSets;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * An fio job file, read and checked, ready to run on drivespeed's engine: the Java side of
 * {@code drivespeed --job FILE}. The rules are fio's (fio's HOWTO, "Job file format" and "Job
 * file parameters"): {@code [global]} and job sections, {@code ${VAR}} from the environment,
 * {@code include}, fio's size grammar ({@code 4k} is 4096 bytes, {@code kb_base=1000} makes it
 * 4000) and time grammar (no unit is seconds for {@code runtime}), fio's defaults (buffered I/O
 * unless {@code direct=1}, psync, 4 KiB blocks, size-based unless {@code time_based}), and its
 * grouping ({@code stonewall}, {@code new_group}, {@code group_reporting}, {@code numjobs}). An
 * option drivespeed does not take is refused by name, never ignored; {@code docs/fio.md} lists
 * those it takes.
 *
 * <pre>{@code
 * FioResults results = FioJob.parse(Path.of("randread.fio")).run(Path.of("/mnt/disk"));
 * double iops = results.jobs().get(0).report().orElseThrow().read().orElseThrow().medianIops();
 * }</pre>
 *
 * <p>Instances are immutable; one can be run again.
 *
 * @since 0.1.0
 */
public final class FioJob {

    private final FioJobs jobs;

    private FioJob(FioJobs jobs) {
        this.jobs = jobs;
    }

    /**
     * Reads and checks a job file, {@code ${VAR}} taken from this process's environment.
     *
     * @param jobFile the job file
     * @return the jobs, checked
     * @throws IOException if the file (or a file it includes) cannot be read
     * @throws IllegalArgumentException naming the file, the line, the option and the reason, for
     *     a line that does not parse, an option drivespeed refuses or a value out of range
     */
    public static FioJob parse(Path jobFile) throws IOException {
        return parse(jobFile, System.getenv());
    }

    /**
     * Reads and checks a job file.
     *
     * @param jobFile the job file
     * @param environment the variables {@code ${VAR}} is taken from
     * @return the jobs, checked
     * @throws IOException if the file (or a file it includes) cannot be read
     * @throws IllegalArgumentException naming the file, the line, the option and the reason, for
     *     a line that does not parse, an option drivespeed refuses or a value out of range
     */
    public static FioJob parse(Path jobFile, Map<String, String> environment) throws IOException {
        Objects.requireNonNull(jobFile, "jobFile");
        List<FioSection> sections = new FioJobFile(Map.copyOf(environment)).read(jobFile);
        return new FioJob(FioJobs.of(sections));
    }

    /** {@return the global sections' options as written, by fio's name, in the order written} */
    public Map<String, String> globalOptions() {
        return jobs.globalWritten();
    }

    /**
     * Runs the jobs: the sets between {@code stonewall}s one after another, the jobs of a set at
     * the same time, on the best I/O backend that works here. A job without {@code directory=}
     * or {@code filename=} runs over drivespeed's own new test file in {@code directory}, removed
     * after the run; a {@code filename=} that exists is read in place and never written (the
     * command line's {@code --allow-overwrite} has no equivalent here).
     *
     * @param directory where jobs without {@code directory=} or {@code filename=} run
     * @return what was measured, one report per job as fio reports it
     * @throws IOException from the runs: the library's {@code IOException} subclasses
     *     ({@code InsufficientSpaceException}, {@code TargetNotFoundException}, ...), each naming
     *     the path and the operation
     * @throws IllegalArgumentException for a job the target refuses (a block size not a multiple
     *     of its direct-I/O alignment, a file it names that is not a regular file)
     */
    public FioResults run(Path directory) throws IOException {
        Objects.requireNonNull(directory, "directory");
        List<FioPlans.RunSet> sets = new FioPlans(directory, Set.of(), null,
                new SecureRandom()::nextLong).plan(jobs);
        return new FioResults(FioSets.run(jobs, sets, new FioSets.Observer() { }));
    }
}
