package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code drivespeed --help}, byte for byte: {@code src/test/resources/golden/help.txt}. The
 * options' lines are made from the rows of the option table, the rest from the command's help
 * text; a deliberate change of either is made by rewriting the file with the new output and
 * reviewing its diff.
 */
class HelpTest {

    private static final Path GOLDEN = Path.of("src/test/resources/golden/help.txt");
    private static final Locale DEFAULT = Locale.getDefault();

    @AfterEach
    void restoreLocale() {
        Locale.setDefault(DEFAULT);
    }

    @ParameterizedTest
    @ValueSource(strings = {"en-US", "de-DE", "tr-TR"})
    void helpIsTheGoldenFileInEveryLocale(String locale) throws IOException {
        Locale.setDefault(Locale.forLanguageTag(locale));
        CommandRun help = CommandRun.of("--help");
        assertThat(help.exitCode()).isZero();
        assertThat(help.err()).isEmpty();
        assertThat(help.out()).isEqualTo(Files.readString(GOLDEN, StandardCharsets.UTF_8));
    }
}
