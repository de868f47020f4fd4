package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.testing.Privileged;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * I/O buffers in transparent huge pages: physically contiguous in 2 MiB pieces, so that O_DIRECT
 * requests are as large as the device allows, the same in every run. Checked in the kernel's own
 * account of this process's memory ({@code /proc/self/smaps}, AnonHugePages).
 */
class HugePagesTest {

    @TempDir
    Path dir;

    private final NativeIoBackend io = new NativeIoBackend();

    /** AnonHugePages of the mapping holding {@code address}, in bytes, from /proc/self/smaps. */
    private static long anonHugeBytes(long address) throws IOException {
        List<String> lines = Files.readAllLines(Path.of("/proc/self/smaps"));
        boolean inside = false;
        for (String line : lines) {
            if (line.matches("^[0-9a-f]+-[0-9a-f]+ .*")) {
                String[] range = line.substring(0, line.indexOf(' ')).split("-");
                inside = Long.compareUnsigned(Long.parseUnsignedLong(range[0], 16), address) <= 0
                        && Long.compareUnsigned(address, Long.parseUnsignedLong(range[1], 16)) < 0;
            } else if (inside && line.startsWith("AnonHugePages:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        throw new IOException("no mapping holds " + Long.toHexString(address));
    }

    private static boolean thpEnabled() throws IOException {
        return TransparentHugePages.read(Path.of("/sys/kernel/mm/transparent_hugepage"))
                .isPresent();
    }

    @Test
    void aLargeBufferIsBackedByHugePagesWhereTheKernelAllowsThem() throws IOException {
        Privileged.require(thpEnabled(), "transparent huge pages enabled (always or madvise)");
        System.setProperty(TransparentHugePages.PROPERTY, "true");
        try (NativeAlignedBuffer b = (NativeAlignedBuffer) io.allocate(8L << 20, 4096)) {
            long address = b.address(0, 0);
            assertThat(address % (2L << 20)).as("aligned to the huge page size").isZero();
            assertThat(b.hugePagesAdvised()).isTrue();
            assertThat(anonHugeBytes(address)).as("memory in huge pages").isPositive();
        } finally {
            System.clearProperty(TransparentHugePages.PROPERTY);
        }
    }

    @Test
    void smallBuffersAndTheSwitchKeepOrdinaryPages() {
        try (NativeAlignedBuffer small = (NativeAlignedBuffer) io.allocate(4096, 4096)) {
            assertThat(small.hugePagesAdvised()).isFalse();
        }
        // the default: ordinary pages, as dd and fio use, so that figures compare with theirs
        try (NativeAlignedBuffer b = (NativeAlignedBuffer) io.allocate(8L << 20, 4096)) {
            assertThat(b.hugePagesAdvised()).isFalse();
            assertThat(b.window(0, 16).getLong(0)).as("zero-filled and usable").isZero();
        }
        System.setProperty(TransparentHugePages.PROPERTY, "false");
        try (NativeAlignedBuffer b = (NativeAlignedBuffer) io.allocate(8L << 20, 4096)) {
            assertThat(b.hugePagesAdvised()).isFalse();
        } finally {
            System.clearProperty(TransparentHugePages.PROPERTY);
        }
    }

    @Test
    void theKernelsSettingDecides() throws IOException {
        Path sys = Files.createDirectories(dir.resolve("transparent_hugepage"));
        Files.writeString(sys.resolve("hpage_pmd_size"), "2097152\n");
        Files.writeString(sys.resolve("enabled"), "always [madvise] never\n");
        assertThat(TransparentHugePages.read(sys)).isEqualTo(OptionalLong.of(2L << 20));
        Files.writeString(sys.resolve("enabled"), "[always] madvise never\n");
        assertThat(TransparentHugePages.read(sys)).isEqualTo(OptionalLong.of(2L << 20));
        Files.writeString(sys.resolve("enabled"), "always madvise [never]\n");
        assertThat(TransparentHugePages.read(sys)).isEmpty();
        assertThat(TransparentHugePages.read(dir.resolve("absent"))).isEmpty();
    }
}
