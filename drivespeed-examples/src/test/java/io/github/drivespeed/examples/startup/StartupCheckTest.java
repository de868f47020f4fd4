package io.github.drivespeed.examples.startup;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.requirement.StorageRequirement;
import io.github.drivespeed.testing.SharedDisk;
import io.github.drivespeed.testing.TestFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StartupCheckTest {

    @TempDir
    Path dir;

    /** Runs {@code body} with System.err captured (slf4j-simple writes there). */
    private static String capturingStderr(Runnable body) {
        PrintStream original = System.err;
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        System.setErr(new PrintStream(buffer, true, StandardCharsets.UTF_8));
        try {
            body.run();
        } finally {
            System.setErr(original);
        }
        return buffer.toString(StandardCharsets.UTF_8);
    }

    /** Runs the check of {@code dir} against {@code requirement} into {@code outcome[0]}. */
    private String checkCapturingStderr(String requirement, StartupCheck.Outcome[] outcome) {
        return capturingStderr(() -> {
            try {
                outcome[0] = StartupCheck.check(dir, StorageRequirement.parse(requirement));
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        });
    }

    /**
     * The command measures, logs the figures and whether they meet the requirement, and leaves
     * nothing. It measures the shared disk ({@code @TempDir}): where another build's measurement
     * or writer used it meanwhile, the figures are rightly flagged {@code CONCURRENT_MEASUREMENT}
     * or {@code FOREIGN_IO} and left out, and the log then says so instead of "meets".
     */
    @Test
    void mainMeasuresLogsTheFiguresAndLeavesNothing() throws IOException {
        int[] code = new int[1];
        TestFiles.flushDirtyPages(); // no earlier write-back as FOREIGN_IO, which is not met
        String log = capturingStderr(() -> code[0] = StartupCheck.run(
                new String[] {dir.toString(), "write=1kB/s"}));
        assertThat(code[0]).isZero();
        assertThat(log).containsPattern("\\[INFO\\] .*StartupCheck - data directory " + dir
                + " \\(\\S+ on \\S+\\): write \\d+\\.\\d+ MB/s \\(.*MiB/s\\), read ");
        if (SharedDisk.LEFT_OUT_AS_SHARED.matcher(log).find()) {
            assertThat(log).contains("not judged: sequential write >= 0.001 MB/s")
                    .doesNotContain("meets write=1kB/s");
        } else {
            assertThat(log).contains("meets write=1kB/s")
                    .doesNotContain("slower than this application needs");
        }
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aDriveBelowTheRequirementIsAWarningNotAFailure() throws IOException {
        StartupCheck.Outcome[] outcome = new StartupCheck.Outcome[1];
        String log = checkCapturingStderr("write=1000GB/s", outcome);
        assertThat(outcome[0].report().write().samples()).hasSize(1);
        assertThat(outcome[0].report().parameters().bytesPerPass().bytes()).isEqualTo(32L << 20);
        // measured short, or, on the shared disk while another build used it, left out
        if (SharedDisk.LEFT_OUT_AS_SHARED.matcher(log).find()) {
            assertThat(outcome[0].notJudged()).isTrue();
            assertThat(log).contains("[WARN]").contains("a brief check cannot tell whether it is"
                    + " as fast as this application needs: not judged: sequential write >="
                    + " 1000000.0 MB/s");
        } else {
            assertThat(outcome[0].belowRequirement()).isTrue();
            assertThat(log).contains("[WARN]").contains("is slower than this application needs:"
                    + " failed: sequential write >= 1000000.0 MB/s");
        }
    }

    /**
     * An SD class is a sustained write minimum: a brief 32 MiB check never judges it, and says
     * so as a warning, neither "meets" nor "slower". It measures the shared disk; flagged
     * figures leave it not judged as well.
     */
    @Test
    void anSdClassIsNotJudgedByABriefCheckAndTheLogSaysSo() throws IOException {
        StartupCheck.Outcome[] outcome = new StartupCheck.Outcome[1];
        String log = checkCapturingStderr("C2", outcome);
        assertThat(outcome[0].notJudged()).isTrue();
        assertThat(outcome[0].belowRequirement()).isFalse();
        assertThat(log).contains("[WARN]").contains("a brief check cannot tell whether it is as"
                + " fast as this application needs: not judged: sustained write >= 2.00 MB/s")
                .doesNotContain("meets SD Speed Class 2");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aMissingDirectoryExits3AndBadArgumentsExit2() {
        String log = capturingStderr(() -> assertThat(StartupCheck.run(
                new String[] {dir.resolve("missing").toString()})).isEqualTo(3));
        assertThat(log).contains("[ERROR]").contains("target does not exist");
        capturingStderr(() -> assertThat(StartupCheck.run(new String[0])).isEqualTo(2));
        capturingStderr(() -> assertThat(StartupCheck.run(
                new String[] {dir.toString(), "fast"})).isEqualTo(2));
    }
}
