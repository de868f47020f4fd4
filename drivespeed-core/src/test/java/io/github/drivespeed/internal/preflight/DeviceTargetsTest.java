package io.github.drivespeed.internal.preflight;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.error.TargetNotFoundException;
import io.github.drivespeed.error.UnsupportedTargetException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a device test refuses before opening anything: no root needed. */
class DeviceTargetsTest {

    @TempDir
    Path dir;

    @Test
    void aMissingDeviceIsRefusedAndNothingAppearsUnderDev() throws IOException {
        Path nosuch = Path.of("/dev/nosuch");
        assertThat(nosuch).doesNotExist();
        assertThatThrownBy(() -> DriveSpeed.onDevice(nosuch).run())
                .isInstanceOf(TargetNotFoundException.class)
                .hasMessage("target does not exist: /dev/nosuch (drivespeed never creates its"
                        + " target; check the path)");
        assertThatThrownBy(() -> DriveSpeed.onDevice(nosuch).write().allowWritesTo(nosuch).force()
                .run()).isInstanceOf(TargetNotFoundException.class);
        assertThat(nosuch).doesNotExist();
    }

    @Test
    void aCharacterDeviceIsRefused() {
        assertThatThrownBy(() -> DriveSpeed.onDevice(Path.of("/dev/null")).run())
                .isInstanceOf(UnsupportedTargetException.class)
                .hasMessage("unsupported target /dev/null: it is a character device (such as"
                        + " /dev/null or a terminal), not a block device");
    }

    @Test
    void aRegularFileIsRefusedAndLeftUnchanged() throws IOException {
        Path file = Files.writeString(dir.resolve("precious.bin"), "precious");
        assertThatThrownBy(() -> DriveSpeed.onDevice(file).write().allowWritesTo(file).force()
                .run()).isInstanceOf(UnsupportedTargetException.class)
                .hasMessageContaining("it is a regular file, not a block device; drivespeed"
                        + " never reads or writes an existing file");
        assertThat(Files.readString(file)).isEqualTo("precious");
    }

    @Test
    void aDirectoryIsRefusedPointingToTheDirectoryTest() {
        assertThatThrownBy(() -> DriveSpeed.onDevice(dir).run())
                .isInstanceOf(UnsupportedTargetException.class)
                .hasMessageContaining("it is a directory; a device test needs a block device"
                        + " such as /dev/sdb (to measure the file system holding a directory, use"
                        + " DriveSpeed.on(directory))");
    }
}
