package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.spi.BlockDeviceGeometry;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the native backend does only for root: block-device ioctls and drop_caches. */
@Tag("privileged")
class NativePrivilegedTest {

    @TempDir
    Path dir;

    private final NativeIoBackend io = new NativeIoBackend();

    @BeforeEach
    void needsRoot() {
        Privileged.requireRoot();
    }

    private static String blockdev(String option, String device) throws IOException {
        Mounts.Result r = Mounts.exec("blockdev", option, device);
        assertThat(r.exitCode()).as(r.output()).isZero();
        return r.output().trim();
    }

    @Test
    void blockDeviceGeometryIsWhatTheKernelSaysOfALoopDevice() throws IOException {
        Path backing = dir.resolve("loop.img");
        try (RandomAccessFile f = new RandomAccessFile(backing.toFile(), "rw")) {
            f.setLength(64L << 20);
        }
        Mounts.Result attach = Mounts.exec("losetup", "--find", "--show", "--sector-size", "4096",
                backing.toString());
        Privileged.require(attach.exitCode() == 0, "a loop device: " + attach.output());
        String device = attach.output().trim();
        try {
            BlockDeviceGeometry g = io.blockDeviceGeometry(Path.of(device));
            assertThat(g.sizeBytes()).isEqualTo(64L << 20)
                    .isEqualTo(Long.parseLong(blockdev("--getsize64", device)));
            assertThat(g.logicalBlockBytes()).isEqualTo(4096)
                    .isEqualTo(Integer.parseInt(blockdev("--getss", device)));
            assertThat(g.physicalBlockBytes())
                    .isEqualTo(Integer.parseInt(blockdev("--getpbsz", device)));
        } finally {
            Mounts.exec("losetup", "-d", device);
        }
    }

    @Test
    void dropCachesEmptiesThePageCacheOfAFileItNeverOpened() throws IOException {
        assertThat(io.capabilities()).contains(Capability.DROP_CACHES);
        Path file = dir.resolve("cached.bin");
        byte[] data = new byte[8 << 20];
        new Random(1).nextBytes(data);
        Files.write(file, data);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        assertThat(PageCache.residentPages(file)).isPositive();
        io.dropCaches();
        assertThat(PageCache.residentPages(file)).isZero();
    }
}
