package io.github.drivespeed.internal.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.testing.DirectEinval;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A target directory that opens but cannot be listed (EOVERFLOW, as a 32-bit JVM meets on a file
 * system with 64-bit directory offsets; {@code testbed/direct-einval --readdir EOVERFLOW}): the
 * leftover scan finds nothing instead of throwing the JDK's unchecked
 * {@link java.nio.file.DirectoryIteratorException}, and a measurement there runs and leaves
 * nothing.
 */
@Tag("privileged")
class UnlistableTargetTest {

    @TempDir
    Path dir;

    @Test
    void theLeftoverScanFindsNothingAndTheMeasurementRuns() throws IOException {
        try (DirectEinval fs = DirectEinval.unlistable(dir)) {
            Path target = fs.mountDir();
            Files.writeString(fs.backingDir().resolve("drivespeed-1-0123456789abcdef.tmp"), "x");
            LeftoverFiles.Scan scan = LeftoverFiles.removeStale(target);
            assertThat(scan.removed()).isEmpty();
            assertThat(scan.inUse()).isEmpty();
            assertThat(fs.backingDir().resolve("drivespeed-1-0123456789abcdef.tmp"))
                    .as("not listed, so not removed").exists();
            Files.delete(fs.backingDir().resolve("drivespeed-1-0123456789abcdef.tmp"));

            SpeedReport r = DriveSpeed.on(target).blockSize("64K").count(4).runs(1).run();
            assertThat(r.write().samples()).hasSize(1);
            try (Stream<Path> left = Files.list(fs.backingDir())) {
                assertThat(left).isEmpty();
            }
        }
    }
}
