package io.github.drivespeed.examples.storagetest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.github.drivespeed.testing.SharedDisk;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/** Runs the storage-test example through the JUnit Platform, on a temporary directory. */
class StorageTestExampleTest {

    @TempDir
    Path dir;

    private static TestExecutionSummary runExample(String storageDir, String requirement) {
        Properties saved = (Properties) System.getProperties().clone();
        try {
            System.clearProperty("drivespeed.storage.dir");
            if (storageDir != null) {
                System.setProperty("drivespeed.storage.dir", storageDir);
            }
            if (requirement != null) {
                System.setProperty("drivespeed.storage.requirement", requirement);
            }
            SummaryGeneratingListener listener = new SummaryGeneratingListener();
            LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
                    .selectors(selectClass(StorageMeetsRequirementTest.class)).build(), listener);
            return listener.getSummary();
        } finally {
            System.setProperties(saved);
        }
    }

    /**
     * A directory that meets the requirement passes. It is on the shared disk
     * ({@code @TempDir}): where another build's measurement or writer used it meanwhile, the
     * figures are rightly flagged {@code CONCURRENT_MEASUREMENT} or {@code FOREIGN_IO} and left
     * out, and the example then fails for that reason alone, saying so.
     */
    @Test
    void aDirectoryThatMeetsTheRequirementPasses() throws IOException {
        TestExecutionSummary s = runExample(dir.toString(), "write=1kB/s,randread=1");
        if (s.getTestsFailedCount() == 1 && SharedDisk.LEFT_OUT_AS_SHARED.matcher(
                s.getFailures().get(0).getException().getMessage()).find()) {
            assertThat(s.getFailures().get(0).getException().getMessage())
                    .contains("not judged: ").doesNotContain("failed: ");
        } else {
            assertThat(s.getTestsSucceededCount()).as("%s", s.getFailures()).isEqualTo(1);
        }
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    /**
     * A directory that does not meet it fails naming the criterion: measured short, or, on the
     * shared disk with the figures flagged (as above), left out.
     */
    @Test
    void aDirectoryThatDoesNotFailsNamingTheCriterion() {
        TestExecutionSummary s = runExample(dir.toString(), "write=1000GB/s");
        assertThat(s.getTestsFailedCount()).isEqualTo(1);
        String message = s.getFailures().get(0).getException().getMessage();
        if (SharedDisk.LEFT_OUT_AS_SHARED.matcher(message).find()) {
            assertThat(message).contains("not judged: sequential write >= 1000000.0 MB/s");
        } else {
            assertThat(message).contains("failed: sequential write >= 1000000.0 MB/s");
        }
    }

    @Test
    void anAbsentTargetIsSkippedNotFailed() {
        TestExecutionSummary absent = runExample(dir.resolve("card-not-inserted").toString(), null);
        assertThat(absent.getTestsAbortedCount()).isEqualTo(1);
        assertThat(absent.getTestsFailedCount()).isZero();
        TestExecutionSummary none = runExample(null, null);
        assertThat(none.getTestsAbortedCount()).isEqualTo(1);
    }
}
