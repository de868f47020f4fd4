package io.github.drivespeed.internal.probe;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.testing.DirectEinval;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probe's directory listing ({@link SysfsFiles#entries}) of a directory that opens but cannot
 * be listed ({@code testbed/direct-einval --readdir EOVERFLOW}): no entries, not the JDK's
 * unchecked {@link java.io.UncheckedIOException} from {@code Files.list}.
 */
@Tag("privileged")
class UnlistableSysfsDirectoryTest {

    @TempDir
    Path dir;

    @Test
    void anUnlistableDirectoryHasNoEntries() throws IOException {
        try (DirectEinval fs = DirectEinval.unlistable(dir)) {
            Files.writeString(fs.backingDir().resolve("queue"), "x");
            assertThat(Files.isDirectory(fs.mountDir())).isTrue();
            assertThat(SysfsFiles.entries(fs.mountDir())).isEmpty();
            assertThat(SysfsFiles.text(fs.mountDir().resolve("queue"))).contains("x");
        }
    }
}
