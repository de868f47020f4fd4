package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Path;

/** A command line refused: exit code 2, one line on standard error, nothing else anywhere. */
final class Refused {

    private Refused() {
    }

    /**
     * Asserts that the run was refused with {@code drivespeed: MESSAGE} and wrote nothing.
     *
     * @param o the run
     * @param dir the directory it was given, which must stay empty
     * @param message the refusal, without the program's name
     * @throws IOException if the directory cannot be listed
     */
    static void assertRefused(CommandRun o, Path dir, String message) throws IOException {
        assertThat(o.exitCode()).as(o.err()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly("drivespeed: " + message);
        assertThat(o.out()).isEmpty();
        assertThat(TestFiles.names(dir)).isEmpty();
    }
}
