package io.github.drivespeed.examples.media;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.requirement.SdClass;
import io.github.drivespeed.requirement.StorageRequirement;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.SharedDisk;
import io.github.drivespeed.testing.TestFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MediaSelectionTest {

    @TempDir
    Path internal;

    @TempDir
    Path usb;

    /**
     * The command chooses a measured candidate that meets the requirement and rules the others
     * out with reasons. Both measured candidates are on the shared disk ({@code @TempDir}):
     * where another build's measurement or writer used it meanwhile, their figures are rightly
     * flagged {@code CONCURRENT_MEASUREMENT} or {@code FOREIGN_IO} and left out, so such a
     * candidate does not meet it for that reason alone, and with neither it exits 1.
     */
    @Test
    void mainChoosesAMeasuredCandidateAndRulesTheOthersOutWithReasons() throws IOException {
        Path missing = usb.resolve("sd-card-not-inserted");
        List<String> args = new ArrayList<>(List.of("write=1kB/s,randread=1,randwrite=1",
                missing.toString(), internal.toString(), usb.toString()));
        boolean shm = Files.isDirectory(Path.of("/dev/shm"));
        if (shm) {
            args.add("/dev/shm");
        }
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        TestFiles.flushDirtyPages(); // no earlier write-back as FOREIGN_IO, which is not met
        int code = MediaSelection.run(args.toArray(String[]::new),
                new PrintStream(buffer, true, StandardCharsets.UTF_8));
        String out = buffer.toString(StandardCharsets.UTF_8);
        assertThat(out).containsPattern("(?m)^\\d\\. " + missing + ": ruled out: target does not"
                + " exist");
        if (shm) {
            assertThat(out).containsPattern("(?m)^\\d\\. /dev/shm: ruled out before testing: tmpfs"
                    + " is memory");
        }
        // the two measured candidates rank above those ruled out; each meets it, or, measured
        // on the shared disk while another build used it, had its flagged figures left out
        List<String> measured = out.lines().filter(l -> l.matches("[12]\\. .*")).toList();
        assertThat(measured).hasSize(2).allMatch(l -> l.contains(": meets it: passed: ")
                || l.contains(": not known to meet it (not judged): ")
                && SharedDisk.LEFT_OUT_AS_SHARED.matcher(l).find()
                && !l.contains("failed: "));
        if (measured.get(0).contains(": meets it: ")) {
            assertThat(code).as(out).isZero();
            assertThat(out).containsPattern("(?m)^chosen: (" + internal + "|" + usb + ")$")
                    .contains("meets it: passed: sequential write >= 0.001 MB/s");
        } else {
            assertThat(code).as(out).isEqualTo(1);
            assertThat(out).contains("chosen: none meets it");
        }
        assertThat(TestFiles.names(internal)).isEmpty();
        assertThat(TestFiles.names(usb)).isEmpty();
    }

    /**
     * An SD class gets a sustained write past the write cache, and is judged on it: a drive of
     * the test's own (an ext4 on memory, which holds its rate) meets C10; the burst of a short
     * test would not have judged it.
     */
    @Test
    @Tag("privileged")
    void anSdClassIsJudgedOnASustainedWrite() throws IOException {
        try (Mounts.Mount card = Mounts.ext4(internal, 128, "rw", null)) {
            MediaSelection.Selection s = MediaSelection.select(SdClass.C10.requirement(),
                    List.of(card.dir()), MediaSelection.SUSTAINED_BUDGET);
            assertThat(s.choice()).as("%s", s).hasValueSatisfying(c -> {
                assertThat(c.path()).isEqualTo(card.dir());
                assertThat(c.reason()).startsWith("meets it: passed: sustained write >= 10.0"
                        + " MB/s");
            });
            assertThat(TestFiles.testFiles(card.dir())).isEmpty();
        }
    }

    @Test
    void aCandidateThatDoesNotFinishInTimeIsCancelledAndLeavesNothing() throws IOException {
        // a budget no test can keep: the test is cancelled, its file removed
        MediaSelection.Selection s = MediaSelection.select(StorageRequirement.parse("write=1kB/s"),
                List.of(internal), Duration.ofMillis(1));
        assertThat(s.choice()).isEmpty();
        assertThat(s.ranked().get(0).reason()).isEqualTo(
                "ruled out: the short test did not finish within 0 s");
        // the cancelled test stops within one block and removes its file
        for (int i = 0; i < 100 && !TestFiles.names(internal).isEmpty(); i++) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
        assertThat(TestFiles.names(internal)).isEmpty();
    }

    @Test
    void noCandidateMeetingItExits1AndBadArgumentsExit2() {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(buffer, true, StandardCharsets.UTF_8);
        assertThat(MediaSelection.run(new String[] {"write=1000GB/s", internal.toString()}, out))
                .isEqualTo(1);
        // measured short, or, on the shared disk while another build used it, left out
        String printed = buffer.toString(StandardCharsets.UTF_8);
        assertThat(printed).contains("chosen: none meets it");
        if (SharedDisk.LEFT_OUT_AS_SHARED.matcher(printed).find()) {
            assertThat(printed).contains("not known to meet it (not judged): not judged:"
                    + " sequential write");
        } else {
            assertThat(printed).contains("does not meet it: failed: sequential write");
        }
        assertThat(MediaSelection.run(new String[] {"V30"}, out)).isEqualTo(2);
        assertThat(MediaSelection.run(new String[] {"V31", internal.toString()}, out))
                .isEqualTo(2);
    }
}
