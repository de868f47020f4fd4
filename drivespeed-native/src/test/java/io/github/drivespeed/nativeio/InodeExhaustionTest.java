package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.InsufficientSpaceException.Shortage;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ENOSPC while bytes are free: a real ext4 made with few inodes ({@code mkfs.ext4 -N 16}) and
 * filled with empty files. The native backend counts free inodes (statvfs f_favail) and refuses
 * before writing, naming inode exhaustion; the pure-Java backend cannot count them, fails at the
 * test file's creation, and says that inodes may have run out. With one inode freed the same
 * file system measures, with no such refusal: the check does not always fire.
 */
@Tag("privileged")
class InodeExhaustionTest {

    @TempDir
    Path dir;

    @BeforeEach
    void needsRoot() {
        Privileged.requireRoot();
    }

    /** Creates empty files until the file system refuses one (ENOSPC); returns them. */
    private static List<Path> useEveryInode(Path fs) throws IOException {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            Path f = fs.resolve("empty-" + i);
            try {
                Files.createFile(f);
            } catch (IOException e) {
                return files;
            }
            files.add(f);
        }
        throw new IllegalStateException("the file system never ran out of inodes");
    }

    @Test
    void noFreeInodeIsNamedAsSuchByBothBackendsAndOneFreeInodeMeasures() throws IOException {
        try (Mounts.Mount fs = Mounts.ext4WithFewInodes(dir, 16, 16)) {
            NativeIoBackend nativeIo = new NativeIoBackend();
            OptionalLong before = nativeIo.freeInodes(fs.dir());
            assertThat(before).isPresent();
            assertThat(before.getAsLong()).isPositive().isLessThan(64);
            List<Path> files = useEveryInode(fs.dir());
            assertThat(nativeIo.freeInodes(fs.dir())).hasValue(0);
            long freeBytes = Files.getFileStore(fs.dir()).getUsableSpace();
            assertThat(freeBytes).as("bytes stay free").isGreaterThan(4L << 20);

            // native: refused before writing, inode exhaustion named
            assertThatThrownBy(() -> DriveSpeed.on(fs.dir()).backend("native").blockSize("64K")
                    .count(4).runs(1).run())
                    .isInstanceOfSatisfying(InsufficientSpaceException.class, e -> {
                        assertThat(e.shortage()).isEqualTo(Shortage.INODES);
                        assertThat(e.beforeAnyWrite()).isTrue();
                        assertThat(e.availableBytes()).isPresent();
                    })
                    .hasMessageStartingWith("no free inodes in " + fs.dir().toRealPath()
                            + ": the file system can hold no more files (df -i shows it),"
                            + " although ");
            // java: ENOSPC when the test file is created, and the message says inodes may be it
            assertThatThrownBy(() -> DriveSpeed.on(fs.dir()).backend("java").blockSize("64K")
                    .count(4).runs(1).run())
                    .isInstanceOfSatisfying(InsufficientSpaceException.class, e -> {
                        assertThat(e.shortage()).isEqualTo(Shortage.SPACE);
                        assertThat(e.beforeAnyWrite()).isFalse();
                        assertThat(e.writtenBytes()).hasValue(0);
                    })
                    .hasMessageContaining("no space left on device (ENOSPC) with ")
                    .hasMessageContaining("bytes still free: the file system may have run out of"
                            + " inodes (check df -i), which this backend cannot count");
            assertThat(Files.list(fs.dir()).count()).isEqualTo(files.size() + 1); // + lost+found

            // one inode free: both measure, no refusal
            Files.delete(files.get(0));
            for (String backend : new String[] {"native", "java"}) {
                SpeedReport r = DriveSpeed.on(fs.dir()).backend(backend).blockSize("64K")
                        .count(4).runs(1).run();
                assertThat(r.write().samples()).hasSize(1);
            }
            assertThat(Files.list(fs.dir()).count()).isEqualTo(files.size());
        }
    }
}
