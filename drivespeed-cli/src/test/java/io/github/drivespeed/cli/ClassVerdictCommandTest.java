package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.drivespeed.cli.output.OutputSchema;
import io.github.drivespeed.testing.FakeFlash;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SD class verdicts on the command line: every SD class is a sustained write minimum, judged
 * only on a write past the drive's write cache. {@code --require} with a class runs the sustained
 * write in a directory and judges the class on it; a burst (a workload, a sustained write cut
 * short, the sequential test where the sustained write cannot run) is never a class met: "NOT
 * JUDGED", exit code 4. The ground truth is {@code testbed/fake-flash}: a card claiming V30 whose
 * 32 MiB cache is fast and whose rate after it is 20 MB/s (before, {@code --require V30} said
 * "met", exit 0, on a pass the cache took whole).
 */
@Tag("privileged")
class ClassVerdictCommandTest {

    private static final long SLOW_BPS = 20_000_000;

    @TempDir
    Path dir;

    @TempDir
    Path outDir;

    @Test
    void aV30CardWhoseCacheHidesA20MbPerSecondRateFailsOnItsSustainedWriteNeverOnABurst()
            throws IOException {
        try (FakeFlash card = FakeFlash.up(dir, "--claimed", "256M", "--mode", "honest",
                "--cache", "32M", "--slow-bps", Long.toString(SLOW_BPS), "--fs", "ext4")) {
            String target = card.mountDir().toString();
            Path json = outDir.resolve("v30.json");
            CommandRun v30 = CommandRun.of(target, "--require", "V30", "--json", "-o",
                    json.toString());
            assertThat(v30.exitCode()).as(v30.err()).isEqualTo(1);
            assertThat(v30.out()).contains("sustained write, no warm-up", "(for the requirement)",
                    "requirement SD Video Speed Class 30 (V30): NOT met\n");
            assertThat(v30.err()).startsWith("drivespeed: requirement SD Video Speed Class 30"
                    + " (V30) not met:\n  failed: sustained write >= 30.0 MB/s (28.6 MiB/s):"
                    + " slowest measured ");
            JsonNode doc = OutputSchema.read(json);
            assertThat(doc.get("jobs")).singleElement()
                    .satisfies(j -> assertThat(j.get("kind").asText()).isEqualTo("sustained"));
            JsonNode req = doc.get("requirement");
            assertThat(req.get("verdict").asText()).isEqualTo("not_met");
            assertThat(req.at("/results/0/criterion").asText()).isEqualTo("sustained_write");
            assertThat(req.at("/results/0/status").asText()).isEqualTo("failed");
            assertThat(req.at("/results/0/measured").asDouble())
                    .isCloseTo(SLOW_BPS, within(0.05 * SLOW_BPS));

            // a burst is never a class verdict: a workload, and a sustained write cut short
            // (both slower than 30 MB/s here, and still not judged: not past the cache)
            CommandRun workload = CommandRun.of(target, "--rw", "write", "--bs", "1M", "--size",
                    "8M", "--duration", "1", "--require", "V30");
            assertNotJudgedBurstOnly(workload, "no write went past the drive's write cache");
            CommandRun cut = CommandRun.of(target, "--sustained", "--size", "16M", "--require",
                    "V30");
            assertNotJudgedBurstOnly(cut, "the sustained write stopped at the size or time"
                    + " given with no drop");
            assertThat(TestFiles.testFiles(card.mountDir())).isEmpty();
        }
    }

    /** A drive that holds its rate (an ext4 on memory) meets C10 on its sustained write. */
    @Test
    void aSteadyFastDriveMeetsC10OnItsSustainedWrite() throws IOException {
        try (Mounts.Mount drive = Mounts.ext4(dir, 256, "rw", null)) {
            Path json = outDir.resolve("c10.json");
            CommandRun c10 = CommandRun.of(drive.dir().toString(), "--require", "C10", "--json",
                    "-o", json.toString());
            assertThat(c10.exitCode()).as(c10.out() + c10.err()).isZero();
            assertThat(c10.out()).contains("(for the requirement)", "sustained:  ",
                    "requirement SD Speed Class 10 (C10): met\n");
            JsonNode req = OutputSchema.read(json).get("requirement");
            assertThat(req.get("verdict").asText()).isEqualTo("met");
            assertThat(req.at("/results/0/not_judged").isNull()).isTrue();
            assertThat(TestFiles.testFiles(drive.dir())).isEmpty();
        }
    }

    /**
     * Where the sustained write cannot run (a memory file system, where it needs a size), the
     * sequential test runs in its place, says so, and the class is not judged: exit code 4.
     */
    @Test
    void whereTheSustainedWriteCannotRunTheClassIsNotJudgedOnTheBurst() throws IOException {
        try (Mounts.Mount memory = Mounts.privateDrive(dir, 64)) {
            CommandRun c2 = CommandRun.of(memory.dir().toString(), "--require", "C2",
                    "--block-size", "1M", "--count", "4", "--runs", "1");
            // the sequential test's options set the sequential test that runs in the sustained
            // write's place (where the sustained write runs, they are refused before it)
            assertThat(c2.out()).contains("the sustained write the requirement needs cannot run"
                    + " here, as --sustained says: option '--size' is needed: ");
            assertThat(c2.out()).contains(": 1 MiB x 4 (4 MiB per pass), 1 run, ")
                    .doesNotContain("does not run");
            assertNotJudgedBurstOnly(c2, "no write went past the drive's write cache");
        }
    }

    private static void assertNotJudgedBurstOnly(CommandRun o, String why) {
        assertThat(o.exitCode()).as(o.out() + o.err()).isEqualTo(4);
        assertThat(o.out()).containsPattern("requirement SD (Video )?Speed Class \\d+ \\(\\w+\\):"
                + " NOT JUDGED\n  not judged: sustained write >= ");
        assertThat(o.err()).containsPattern("drivespeed: requirement .* not judged:\n  not judged:"
                + " sustained write >= [^\n]*: burst only: " + java.util.regex.Pattern.quote(why));
    }
}
