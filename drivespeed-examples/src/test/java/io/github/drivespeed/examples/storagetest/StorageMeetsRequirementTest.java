package io.github.drivespeed.examples.storagetest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.requirement.Measurements;
import io.github.drivespeed.requirement.RequirementCheck;
import io.github.drivespeed.requirement.StorageRequirement;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Example: a storage test in JUnit 5 with AssertJ, asserting that a directory's drive meets a
 * requirement. Copy it into a project's integration tests.
 *
 * <ul>
 *   <li>Where: {@code -Ddrivespeed.storage.dir=/media/usb0} (or the environment variable
 *       {@code DRIVESPEED_STORAGE_DIR}). Where it is not given, or not a directory (the card is
 *       not inserted, the build runs on a laptop), the test is skipped, not failed.</li>
 *   <li>What: {@code -Ddrivespeed.storage.requirement=V30} (any text
 *       {@link StorageRequirement#parse} takes; default {@code C10}).</li>
 *   <li>Short, but long enough for what is asked: an SD class (a sustained write minimum) gets
 *       a sustained write past the drive's write cache (at most 120 s, 8 GiB or half the free
 *       space); a sequential bound 64 MiB written and read back twice; random 4 KiB figures one
 *       second of each over a 64 MiB file; a timeout bounds it all. A requirement that could
 *       not be judged (a class on a burst, figures not the drive's) fails the test, as one not
 *       met does: the drive has not shown it meets it.</li>
 * </ul>
 *
 * <pre>
 * mvn -B -pl drivespeed-examples -am verify -Dtest=StorageMeetsRequirementTest \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Ddrivespeed.storage.dir=/media/usb0 \
 *     -Ddrivespeed.storage.requirement=A1
 * </pre>
 */
@Tag("storage")
class StorageMeetsRequirementTest {

    /** The directory to test, or null when none was given. */
    static Path storageUnderTest() {
        String dir = System.getProperty("drivespeed.storage.dir",
                System.getenv("DRIVESPEED_STORAGE_DIR"));
        return dir == null || dir.isBlank() ? null : Path.of(dir);
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void theDriveMeetsTheRequirement() throws IOException {
        Path dir = storageUnderTest();
        assumeTrue(dir != null, "no storage under test: give -Ddrivespeed.storage.dir=DIR");
        assumeTrue(Files.isDirectory(dir), "storage under test absent: " + dir);
        StorageRequirement requirement = StorageRequirement.parse(
                System.getProperty("drivespeed.storage.requirement", "C10"));

        Measurements measured = Measurements.empty();
        if (requirement.needsSustainedWrite()) {
            // first: earlier writes would spend the write cache it must write past
            measured = measured.with(DriveSpeed.sustained(dir).run());
        }
        if (requirement.needsSequentialTest()) {
            measured = measured.with(DriveSpeed.on(dir).blockSize("1M").count(64).runs(2).run());
        }
        if (requirement.needsRandomReads() || requirement.needsRandomWrites()) {
            measured = measured.with(DriveSpeed.workload(dir).size("64M")
                    .duration(Duration.ofSeconds(1)).runPresets(List.of(Preset.RND4K_Q1T1)));
        }
        RequirementCheck check = requirement.check(measured);

        assertThat(check.outcome()).as("%s on %s", check, dir)
                .isEqualTo(RequirementCheck.Outcome.MET);
    }
}
