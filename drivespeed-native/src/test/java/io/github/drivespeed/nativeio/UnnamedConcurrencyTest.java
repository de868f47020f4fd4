package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With the native backend a test file has no name (O_TMPFILE), so a measurement running beside
 * another is seen through the other's open descriptor, not through a file name.
 */
class UnnamedConcurrencyTest {

    @TempDir
    Path dir;

    /**
     * A measurement started while another holds its unnamed test file is flagged; one alone is
     * not. Measured on a drive of the test's own (a tmpfs): on the shared disk another build's
     * measurement would rightly flag the one alone too.
     */
    @Test
    void aMeasurementStartedWhileAnotherHoldsAnUnnamedTestFileIsFlagged() throws IOException {
        try (Mounts.Mount drive = Mounts.privateDrive(dir, 64)) {
            flaggedBesideAnotherNotAlone(drive.dir());
        }
    }

    private static void flaggedBesideAnotherNotAlone(Path dir) throws IOException {
        AtomicReference<SpeedReport> nested = new AtomicReference<>();
        List<Path> unnamedDuringOuter = new ArrayList<>();
        SpeedReport outer = DriveSpeed.on(dir).blockSize("64K").count(4).runs(1)
                .listener(new ProgressListener() {
                    @Override
                    public void passStarted(PassKind pass, int run, long totalBytes) {
                        if (pass == PassKind.READ && nested.get() == null) {
                            try {
                                unnamedDuringOuter.addAll(TestFiles.unnamedFiles(dir));
                                nested.set(DriveSpeed.on(dir).blockSize("64K").count(4).runs(1)
                                        .run());
                            } catch (IOException e) {
                                throw new AssertionError(e);
                            }
                        }
                    }
                }).run();
        assertThat(outer.backend().name()).isEqualTo("native");
        assertThat(unnamedDuringOuter).as("the outer run's test file has no name").hasSize(1);
        assertThat(TestFiles.names(dir)).isEmpty();
        assertThat(nested.get().warnings()).contains(Warning.CONCURRENT_MEASUREMENT);

        SpeedReport alone = DriveSpeed.on(dir).blockSize("64K").count(4).runs(1).run();
        assertThat(alone.warnings()).doesNotContain(Warning.CONCURRENT_MEASUREMENT);
    }
}
