package io.github.drivespeed.internal.preflight;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.error.TargetNotWritableException;
import io.github.drivespeed.error.UnsupportedTargetException;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.testing.Immutable;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Targets that must be refused before any write, made real as root: a read-only mount, a
 * read-only bind mount, an immutable directory, a block device. Each test checks that nothing was
 * written: no listener call, no new entry, and where a device is involved, not one byte of it
 * changed.
 */
@Tag("privileged")
class UnwritableTargetsTest {

    @TempDir
    Path parent;

    private final AtomicBoolean anyPassStarted = new AtomicBoolean();

    @BeforeEach
    void needsRoot() {
        Privileged.requireRoot();
    }

    private SequentialPlan smallTest(Path target) {
        return DriveSpeed.on(target).blockSize("64K").count(4).runs(1)
                .listener(new ProgressListener() {
                    @Override
                    public void passStarted(PassKind pass, int run, long totalBytes) {
                        anyPassStarted.set(true);
                    }
                });
    }

    private Path preciousContents() throws IOException {
        Path contents = Files.createDirectory(parent.resolve("contents"));
        Files.writeString(contents.resolve("precious.txt"), "the only copy");
        return contents;
    }

    @Test
    void aReadOnlyMountIsRefusedAndNotOneByteOfTheDeviceChanges() throws Exception {
        try (Mounts.LoopDevice loop = Mounts.loopDevice(parent, 16, true, preciousContents())) {
            String before = sha256(loop.image());
            try (Mounts.Mount ro = Mounts.mountDevice(parent, loop, "ro")) {
                assertThatThrownBy(() -> smallTest(ro.dir()).run())
                        .isInstanceOf(TargetNotWritableException.class)
                        .hasMessage("cannot create a test file in " + ro.dir().toRealPath()
                                + ": the file system ext4 from " + loop.device() + " is mounted"
                                + " read-only at " + ro.dir().toRealPath() + " (mount option ro,"
                                + " super-block option ro); remount it read-write or give a"
                                + " directory on a writable mount");
                assertThat(TestFiles.names(ro.dir())).containsExactly("lost+found", "precious.txt");
                assertThat(Files.readString(ro.dir().resolve("precious.txt")))
                        .isEqualTo("the only copy");
            }
            assertThat(sha256(loop.image())).as("image after unmounting").isEqualTo(before);
        }
        assertThat(anyPassStarted).isFalse();
    }

    @Test
    void aReadOnlyBindMountIsRefusedAndItsWritableSourceIsUntouched() throws IOException {
        Path source = preciousContents();
        try (Mounts.Mount ro = Mounts.bind(parent, source, true)) {
            assertThatThrownBy(() -> smallTest(ro.dir()).run())
                    .isInstanceOf(TargetNotWritableException.class)
                    .hasMessageStartingWith("cannot create a test file in "
                            + ro.dir().toRealPath() + ": the mount " + ro.dir().toRealPath()
                            + " is read-only (mount option ro) over a file system mounted"
                            + " read-write (")
                    .hasMessageEndingWith("): a read-only bind mount (EROFS); give a directory"
                            + " on a writable mount");
        }
        assertThat(TestFiles.names(source)).containsExactly("precious.txt");
        assertThat(Files.readString(source.resolve("precious.txt"))).isEqualTo("the only copy");
        assertThat(anyPassStarted).isFalse();
    }

    @Test
    @SuppressWarnings("try") // the resource only holds chattr +i for the duration of the block
    void anImmutableDirectoryIsRefusedEvenToRoot() throws IOException {
        try (Mounts.Mount ext4 = Mounts.ext4(parent, 16, "rw", null)) {
            Path locked = Files.createDirectory(ext4.dir().resolve("locked"));
            Files.writeString(locked.resolve("precious.txt"), "the only copy");
            try (Immutable immutable = Immutable.set(locked)) {
                assertThatThrownBy(() -> smallTest(locked).run())
                        .isInstanceOf(TargetNotWritableException.class)
                        .hasMessage("cannot create a test file in " + locked.toRealPath()
                                + ": operation not permitted (EPERM: an immutable directory, see"
                                + " chattr +i, or a security policy)");
            }
            assertThat(TestFiles.names(locked)).containsExactly("precious.txt");
            assertThat(Files.readString(locked.resolve("precious.txt"))).isEqualTo("the only copy");
        }
        assertThat(anyPassStarted).isFalse();
    }

    @Test
    void aBlockDeviceIsRefusedWithoutOptInAndNotOneByteChanges() throws Exception {
        try (Mounts.LoopDevice loop = Mounts.loopDevice(parent, 16, true, preciousContents())) {
            String before = sha256(loop.image());
            assertThatThrownBy(() -> smallTest(loop.device()).run())
                    .isInstanceOf(UnsupportedTargetException.class)
                    .hasMessage("unsupported target " + loop.device() + ": it is a block device;"
                            + " give a directory on a mounted file system (raw block devices are"
                            + " measured by DriveSpeed.onDevice, read-only)");
            assertThatThrownBy(() -> smallTest(loop.device()).buffered().directOrBuffered().run())
                    .isInstanceOf(UnsupportedTargetException.class);
            assertThat(sha256(loop.image())).isEqualTo(before);
        }
        assertThat(anyPassStarted).isFalse();
    }

    private static String sha256(Path file) throws IOException, NoSuchAlgorithmException {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
