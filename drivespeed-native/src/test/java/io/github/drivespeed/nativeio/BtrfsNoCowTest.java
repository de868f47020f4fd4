package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native backend on btrfs (root, btrfs on loop devices): btrfs runs O_DIRECT writes to a
 * checksummed file through the page cache and a NOCOW file's as direct I/O, which the page
 * cache's count of pages dirtied ({@code nr_dirtied} in {@code /proc/vmstat}) shows; so the
 * measurement makes its test file NOCOW and its writes carry no
 * {@link Warning#DIRECT_IO_EMULATED}. With a DUP data profile NOCOW changes nothing: the file is
 * left as it is and the writes carry the warning.
 */
@Tag("privileged")
class BtrfsNoCowTest {

    private static final long WRITTEN = 64L << 20;
    private static final long PAGES = WRITTEN / 4096;

    @TempDir
    Path dir;

    @BeforeEach
    void needsRoot() {
        Privileged.requireRoot();
    }

    /** The machine's count of page-cache pages dirtied so far. */
    private static long dirtied() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/vmstat"))) {
            if (line.startsWith("nr_dirtied ")) {
                return Long.parseLong(line.substring("nr_dirtied ".length()).strip());
            }
        }
        throw new IOException("no nr_dirtied in /proc/vmstat");
    }

    /**
     * Pages dirtied while 64 MiB are written to a new O_DIRECT file, NOCOW or not, and synced:
     * the machine's count, so other writers can only add to it.
     */
    private static long dirtiedByDirectWrite(Path directory, boolean noCow, String name)
            throws IOException {
        IoBackend io = new NativeIoBackend();
        try (AlignedBuffer b = io.allocate(1 << 20, 4096);
             TestFile f = io.createTestFile(new TestFileRequest(directory, name, true, false))) {
            if (noCow) {
                assertThat(f.makeNoCow()).as("FS_NOCOW_FL set and read back").isTrue();
            }
            long before = dirtied();
            for (long at = 0; at < WRITTEN; at += 1 << 20) {
                for (long done = 0; done < 1 << 20; ) {
                    done += f.write(b, done, (1 << 20) - done, at + done);
                }
            }
            f.dataSync();
            long pages = dirtied() - before;
            System.out.printf("64 MiB O_DIRECT to %s, %s: %d pages dirtied%n", directory,
                    noCow ? "NOCOW" : "checksummed", pages);
            return pages;
        }
    }

    @Test
    void aNoCowTestFileKeepsDirectWritesDirectOnChecksummedData() throws Exception {
        try (Mounts.Mount fs = Mounts.btrfs(dir, 512, "single", "rw")) {
            long checksummed = dirtiedByDirectWrite(fs.dir(), false, "drivespeed-csum.tmp");
            assertThat(checksummed).as("checksummed: through the page cache")
                    .isGreaterThanOrEqualTo(PAGES * 3 / 4);
            long noCow = dirtiedByDirectWrite(fs.dir(), true, "drivespeed-nocow.tmp");
            assertThat(noCow).as("NOCOW: direct (other writers on the machine add to it)")
                    .isLessThan(PAGES / 2);

            SpeedReport r = DriveSpeed.on(fs.dir()).blockSize("1M").count(32).runs(1).run();
            assertThat(r.backend().name()).isEqualTo("native");
            assertThat(r.target().testFileNoCow()).isTrue();
            assertThat(r.write().warnings()).doesNotContain(Warning.DIRECT_IO_EMULATED);
            assertThat(r.details()).contains("  btrfs:    data profile single, data checksummed:"
                    + " the test file was made NOCOW (chattr +C) before its first write, so"
                    + " O_DIRECT writes to it are direct\n");
            WorkloadReport w = DriveSpeed.workload(fs.dir()).random().write().blockSize("4K")
                    .size("8M").duration(Duration.ofMillis(200)).runs(1).run();
            assertThat(w.target().testFileNoCow()).isTrue();
            assertThat(w.write().orElseThrow().warnings())
                    .doesNotContain(Warning.DIRECT_IO_EMULATED);
        }
    }

    @Test
    void onADupProfileNoCowChangesNothingAndTheWritesAreEmulated() throws Exception {
        try (Mounts.Mount fs = Mounts.btrfs(dir, 512, "dup", "rw")) {
            assertThat(dirtiedByDirectWrite(fs.dir(), true, "drivespeed-nocow.tmp"))
                    .as("NOCOW on DUP: still through the page cache")
                    .isGreaterThanOrEqualTo(PAGES * 3 / 4);
            SpeedReport r = DriveSpeed.on(fs.dir()).blockSize("1M").count(16).runs(1).run();
            assertThat(r.target().testFileNoCow()).isFalse();
            assertThat(r.write().warnings()).contains(Warning.DIRECT_IO_EMULATED);
        }
    }
}
