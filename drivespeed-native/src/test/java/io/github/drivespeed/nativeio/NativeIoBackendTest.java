package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.TestFileRequest;
import io.github.drivespeed.testing.Emulation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The native backend's own behaviour on this Linux machine, beyond the shared contract. */
class NativeIoBackendTest {

    @TempDir
    Path dir;

    private final NativeIoBackend io = new NativeIoBackend();

    @Test
    void isFoundByServiceLoaderAndPreferredWithoutBeingAsked() throws IOException {
        SpeedReport report = DriveSpeed.on(dir).blockSize("64K").count(4).runs(1).run();
        assertThat(report.backend().name()).isEqualTo("native");
        assertThat(report.backend().fallbackReason()).isEmpty();
        assertThat(report.details()).contains("backend:    native");
        assertThat(io.priority()).isGreaterThan(0);
        assertThat(io.capabilities()).contains(Capability.DIRECT_IO, Capability.DSYNC,
                Capability.ANONYMOUS_TEST_FILE, Capability.EVICT_FILE_PAGES, Capability.DEVICE_SIZE);
    }

    @Test
    void anArchitectureWithoutFlagValuesIsRefusedNotGuessed() {
        NativeIoBackend sparc = new NativeIoBackend("Linux", "sparcv9");
        assertThat(sparc.unavailableReason()).get(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .contains("sparcv9").contains("no open(2) flag values").contains("x86_64");
        assertThat(sparc.capabilities()).isEmpty();
        assertThatThrownBy(() -> sparc.createTestFile(new TestFileRequest(dir, "x.tmp", true, false)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("sparcv9");
        assertThatThrownBy(() -> DriveSpeed.on(dir).backend(sparc).count(1).run())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("backend is unavailable here")
                .hasMessageEndingWith(": native")
                .hasMessageContaining("sparcv9");
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void anotherOperatingSystemIsRefused() {
        assertThat(new NativeIoBackend("Mac OS X", "aarch64").unavailableReason())
                .get(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .contains("Linux only").contains("Mac OS X");
        assertThat(new NativeIoBackend("Windows 11", "amd64").unavailableReason()).isPresent();
    }

    @Test
    void flagValuesDifferByArchitectureAsTheUapiHeadersSay() {
        LinuxConstants x86 = LinuxConstants.forArchitecture("amd64").orElseThrow();
        LinuxConstants arm64 = LinuxConstants.forArchitecture("aarch64").orElseThrow();
        LinuxConstants arm = LinuxConstants.forArchitecture("arm").orElseThrow();
        assertThat(x86.oDirect()).isEqualTo(040000);
        assertThat(arm64.oDirect()).isEqualTo(0200000);
        assertThat(arm.oDirect()).isEqualTo(0200000);
        assertThat(x86.oTmpfile()).isEqualTo(020200000);   // __O_TMPFILE | O_DIRECTORY 0200000
        assertThat(arm64.oTmpfile()).isEqualTo(020040000); // __O_TMPFILE | O_DIRECTORY 040000
        assertThat(arm.blkGetSize64()).isEqualTo(0x80041272L); // _IOR(0x12, 114, size_t), 4-byte size_t
        assertThat(x86.blkGetSize64()).isEqualTo(0x80081272L);
        assertThat(LinuxConstants.forArchitecture("mips64")).isEmpty();
    }

    @Test
    void directIoAlignmentComesFromStatxAndMatchesTheLogicalBlockSizeOnExt4() throws IOException {
        NativeRuntime r = NativeRuntime.load(System.getProperty("os.name"),
                System.getProperty("os.arch"), false);
        OptionalInt statx = DirectIoAlignment.fromStatx(r.libc(), r.constants(), dir);
        OptionalInt logical = DirectIoAlignment.logicalBlockSize(dir);
        org.junit.jupiter.api.Assumptions.assumeTrue("ext4".equals(Files.getFileStore(dir).type()),
                "the working disk is ext4 here");
        assertThat(logical).isPresent();
        if (Emulation.active()) {
            // the named fallback: no STATX_DIOALIGN figure, so the logical block size, never 0
            assertThat(statx).as(Emulation.Gap.DIO_ALIGNMENT.description()).isEmpty();
            assertThat(io.directIoAlignmentBytes(dir)).isEqualTo(logical.getAsInt());
            return;
        }
        assertThat(statx).as("STATX_DIOALIGN on Linux 6.1+ ext4").isPresent();
        assertThat(statx.getAsInt()).isEqualTo(logical.getAsInt());
        assertThat(io.directIoAlignmentBytes(dir)).isEqualTo(statx.getAsInt());
    }

    @Test
    void openErrorsNameTheCallFlagsPathAndErrno() {
        Path missing = dir.resolve("nosuch");
        assertThatThrownBy(() -> io.createTestFile(new TestFileRequest(missing, "x.tmp", true, true)))
                .isInstanceOf(NoSuchFileException.class)
                .cause().isInstanceOf(ErrnoException.class)
                .hasMessage("open(O_TMPFILE|O_DIRECT|O_DSYNC) " + missing
                        + ": ENOENT (No such file or directory)");
    }

    @Test
    void blockDeviceGeometryOfARegularFileIsENOTTY() throws IOException {
        Path file = Files.writeString(dir.resolve("plain"), "x");
        assertThatThrownBy(() -> io.blockDeviceGeometry(file))
                .isInstanceOf(ErrnoException.class)
                .hasMessage("ioctl(BLKGETSIZE64) " + file
                        + ": ENOTTY (Inappropriate ioctl for device)");
    }
}
