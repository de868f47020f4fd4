package io.github.drivespeed.internal.preflight;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Targets that need root to make: small tmpfs and ramfs mounts, always unmounted. */
@Tag("privileged")
class PrivilegedTargetsTest {

    @TempDir
    Path parent;

    @BeforeEach
    void needsRoot() {
        Privileged.requireRoot();
    }

    @Test
    void aPassThatDoesNotFitIsRefusedBeforeWriting() throws IOException {
        try (Mounts.Mount tiny = Mounts.mount(parent, "tmpfs", "size=16m")) {
            assertThatThrownBy(() -> DriveSpeed.on(tiny.dir()).blockSize("1M").count(64).run())
                    .isInstanceOfSatisfying(InsufficientSpaceException.class, e -> {
                        assertThat(e.neededBytes()).isEqualTo(64L << 20);
                        assertThat(e.availableBytes()).isPresent();
                        assertThat(e.availableBytes().getAsLong()).isLessThanOrEqualTo(16L << 20);
                        assertThat(e.writtenBytes()).isEmpty();
                    })
                    .hasMessageContaining("67108864 bytes (64 MiB)")
                    .hasMessageContaining("are available");
            assertThat(TestFiles.names(tiny.dir())).isEmpty();
        }
    }

    @Test
    void tmpfsIsMeasuredWithAMemoryWarning() throws IOException {
        try (Mounts.Mount tmpfs = Mounts.mount(parent, "tmpfs", "size=32m")) {
            SpeedReport report = DriveSpeed.on(tmpfs.dir()).blockSize("1M").count(8).runs(1).run();
            assertThat(report.target().fileSystemType()).isEqualTo("tmpfs");
            assertThat(report.warnings()).contains(Warning.MEMORY_FILE_SYSTEM);
            assertThat(TestFiles.names(tmpfs.dir())).isEmpty();
        }
    }

    @Test
    void directIoRefusedByTheFileSystemIsNamedAndLeavesNothing() throws IOException {
        try (Mounts.Mount ramfs = Mounts.mount(parent, "ramfs", "size=16m")) {
            assertThatThrownBy(() -> DriveSpeed.on(ramfs.dir()).blockSize("64K").count(4).run())
                    .isInstanceOfSatisfying(DirectIoUnsupportedException.class,
                            e -> assertThat(e.fileSystemType()).isEqualTo("ramfs"))
                    .hasMessageContaining("O_DIRECT is not supported")
                    .hasMessageContaining("ramfs")
                    .hasMessageContaining("buffered()");
            // open(O_CREAT|O_DIRECT) creates the file before refusing: it must be gone
            assertThat(TestFiles.names(ramfs.dir())).isEmpty();

            SpeedReport buffered = DriveSpeed.on(ramfs.dir()).blockSize("64K").count(4).runs(1)
                    .buffered().run();
            assertThat(buffered.warnings()).contains(Warning.MEMORY_FILE_SYSTEM,
                    Warning.FREE_SPACE_UNKNOWN, Warning.READ_MAY_INCLUDE_PAGE_CACHE);
            assertThat(TestFiles.names(ramfs.dir())).isEmpty();
        }
    }
}
