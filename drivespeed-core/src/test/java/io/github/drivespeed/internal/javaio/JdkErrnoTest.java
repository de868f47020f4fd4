package io.github.drivespeed.internal.javaio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.spi.ErrnoIoException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The one translation of the JDK's strerror text into an errno: the texts the engine acts on
 * become {@link ErrnoIoException}s with the JDK's exception as cause, and anything else is left
 * as it was (a plain I/O error), so a text that only looks like one is never taken for it.
 */
class JdkErrnoTest {

    @Test
    void theTextsTheEngineActsOnBecomeTheirErrnoWithTheJdksExceptionAsCause() {
        IOException enospc = new IOException("No space left on device");
        IOException t = JdkErrno.translate("pwrite", Path.of("/mnt/f"), enospc);
        assertThat(t).isInstanceOfSatisfying(ErrnoIoException.class, e -> {
            assertThat(e.errnoName()).isEqualTo("ENOSPC");
            assertThat(e.operation()).isEqualTo("pwrite");
        }).hasMessage("pwrite /mnt/f: ENOSPC (No space left on device)").hasCause(enospc);
        // a FileSystemException's reason, not its message (which holds the path)
        FileSystemException erofs = new FileSystemException("/mnt/f", null,
                "Read-only file system");
        assertThat(ErrnoIoException.is(JdkErrno.translate("open", "/mnt/f", erofs), "EROFS"))
                .isTrue();
        assertThat(ErrnoIoException.is(JdkErrno.translate("pread", "f",
                new IOException("Input/output error")), "EIO")).isTrue();
        assertThat(ErrnoIoException.is(JdkErrno.translate("pwrite", "f",
                new IOException("Invalid argument")), "EINVAL")).isTrue();
    }

    @Test
    void theLongestTextWinsAndAnUnknownOrTranslatedTextStaysAsItWas() {
        assertThat(JdkErrno.errnoName(new IOException("No such device or address")))
                .hasValue("ENXIO");
        assertThat(JdkErrno.errnoName(new IOException("No such device"))).hasValue("ENODEV");
        IOException german = new IOException("Auf dem Gerät ist kein Speicherplatz mehr verfügbar");
        assertThat(JdkErrno.translate("pwrite", "f", german)).isSameAs(german);
        IOException other = new IOException("Connection reset by peer");
        assertThat(JdkErrno.translate("pread", "f", other)).isSameAs(other);
        IOException none = new IOException((String) null);
        assertThat(JdkErrno.translate("pread", "f", none)).isSameAs(none);
        // a type that already says what happened is kept
        AccessDeniedException denied = new AccessDeniedException("/mnt/f");
        assertThat(JdkErrno.translate("open", "/mnt/f", denied)).isSameAs(denied);
    }
}
