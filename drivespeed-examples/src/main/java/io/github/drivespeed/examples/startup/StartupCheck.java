package io.github.drivespeed.examples.startup;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.requirement.RequirementCheck;
import io.github.drivespeed.requirement.StorageRequirement;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Example: an application's start-up check of its data directory. Describes the drive (read-only),
 * measures it briefly (32 MiB written and read back once: well under a second on most drives, a
 * few seconds on a slow SD card), logs the figures through slf4j and warns when they are below
 * what the application needs, or when the brief measurement cannot tell: an SD class is a
 * sustained write minimum, which 32 MiB within the drive's write cache never shows (a sequential
 * bound, {@code write=20MB/s}, is what a start-up check can judge). It never stops the
 * application: a slow disk is worth a warning in the log, not a refusal to start.
 *
 * <pre>
 * java -cp drivespeed-examples/target/drivespeed-examples.jar \
 *     io.github.drivespeed.examples.startup.StartupCheck /var/lib/myapp 'write=20MB/s,read=50MB/s'
 * </pre>
 */
public final class StartupCheck {

    /** What the application needs unless told otherwise. */
    public static final String DEFAULT_REQUIREMENT = "write=20MB/s,read=20MB/s";

    private static final Logger LOG = LoggerFactory.getLogger(StartupCheck.class);

    private StartupCheck() {
    }

    /**
     * What the check found.
     *
     * @param target the drive holding the data directory
     * @param report the brief measurement
     * @param check the figures against the requirement
     */
    public record Outcome(TargetInfo target, SpeedReport report, RequirementCheck check) {
        /** {@return whether the drive was measured slower than required (a criterion failed)} */
        public boolean belowRequirement() {
            return check.outcome() == RequirementCheck.Outcome.NOT_MET;
        }

        /**
         * {@return whether the brief measurement could not judge the requirement: an SD class
         * (a sustained write minimum, which a 32 MiB pass cannot show), or figures left out as
         * not the drive's}
         */
        public boolean notJudged() {
            return check.outcome() == RequirementCheck.Outcome.NOT_JUDGED;
        }
    }

    /**
     * Probes and briefly measures {@code dataDirectory}, logging what it finds.
     *
     * @param dataDirectory the application's data directory
     * @param requirement what the application needs
     * @return the outcome
     * @throws IOException if the directory cannot be measured (missing, read-only, full)
     */
    public static Outcome check(Path dataDirectory, StorageRequirement requirement)
            throws IOException {
        TargetInfo target = DriveSpeed.probe(dataDirectory);
        for (Warning w : target.warnings()) {
            LOG.warn("data directory {}: {}", dataDirectory, w.message());
        }
        SpeedReport report = DriveSpeed.on(dataDirectory).blockSize("1M").count(32).runs(1)
                .run();
        LOG.info("data directory {} ({} on {}): write {}, read {}", dataDirectory,
                target.fileSystemType(), target.fileSystemSource(), report.write().median(),
                report.read().median());
        RequirementCheck check = requirement.check(report);
        if (check.passed()) {
            LOG.info("data directory {} meets {}", dataDirectory, requirement);
        }
        for (RequirementCheck.Result r : check.failures()) {
            LOG.warn("data directory {} is slower than this application needs: {}",
                    dataDirectory, r);
        }
        for (RequirementCheck.Result r : check.notJudged()) {
            LOG.warn("data directory {}: a brief check cannot tell whether it is as fast as this"
                    + " application needs: {}", dataDirectory, r);
        }
        return new Outcome(target, report, check);
    }

    /**
     * Runs the check and exits: 0 after the check (also when it warned), 2 for bad arguments,
     * 3 when the directory could not be measured.
     *
     * @param args {@code DIR [REQUIREMENT]}, the requirement as {@link StorageRequirement#parse}
     *     takes it (default {@value #DEFAULT_REQUIREMENT})
     */
    public static void main(String[] args) {
        System.exit(run(args));
    }

    /**
     * {@return the exit code: 0 after the check (also when it warned), 2 for bad arguments, 3 when
     * the directory could not be measured}
     *
     * @param args as {@link #main}
     */
    public static int run(String[] args) {
        if (args.length < 1 || args.length > 2) {
            LOG.error("usage: StartupCheck DIR [REQUIREMENT], for example /var/lib/myapp {}",
                    DEFAULT_REQUIREMENT);
            return 2;
        }
        StorageRequirement requirement;
        try {
            requirement = StorageRequirement.parse(args.length > 1 ? args[1]
                    : DEFAULT_REQUIREMENT);
        } catch (IllegalArgumentException e) {
            LOG.error("bad requirement: {}", e.getMessage());
            return 2;
        }
        try {
            check(Path.of(args[0]), requirement);
            return 0;
        } catch (IOException e) {
            LOG.error("could not measure the data directory: {}", e.getMessage());
            return 3;
        }
    }
}
