package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.cli.run.ExitCode;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The exit codes the README and docs/command-line.md promise are the ones {@link ExitCode}
 * defines, with its meanings, and so is {@code --help}'s list.
 */
class ExitCodeDocsTest {

    private static final Pattern ROW = Pattern.compile("(?m)^\\| (\\d+) \\| (.+) \\|$");

    /** The codes of {@link ExitCode}, each with its {@code _MEANING}. */
    private static Map<Integer, String> inCode() throws ReflectiveOperationException {
        Map<Integer, String> codes = new TreeMap<>();
        for (Field f : ExitCode.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == int.class) {
                Field meaning = ExitCode.class.getField(f.getName() + "_MEANING");
                codes.put(f.getInt(null), (String) meaning.get(null));
            }
        }
        return codes;
    }

    /** The rows of the first table headed {@code | exit code | meaning |} in a page. */
    private static Map<Integer, String> table(String page) throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        String text = Files.readString(root.resolve(page));
        int start = text.indexOf("| exit code | meaning |");
        assertThat(start).as("exit-code table in " + page).isNotNegative();
        int end = text.indexOf("\n\n", start);
        Matcher m = ROW.matcher(text.substring(start, end < 0 ? text.length() : end));
        Map<Integer, String> rows = new TreeMap<>();
        while (m.find()) {
            rows.put(Integer.parseInt(m.group(1)), m.group(2));
        }
        return rows;
    }

    @Test
    void theReadmeAndTheCommandLinePageListTheCodesOfTheCodeWithItsMeanings() throws Exception {
        Map<Integer, String> code = inCode();
        assertThat(code.keySet()).containsExactly(0, 1, 2, 3, 4, 130, 143);
        Map<Integer, String> readme = table("README.md");
        Map<Integer, String> docs = table("docs/command-line.md");
        assertThat(readme).isEqualTo(code);
        assertThat(docs.keySet()).isEqualTo(code.keySet());
        code.forEach((c, meaning) -> assertThat(docs.get(c)).as("docs row %d", c)
                .startsWith(meaning));
    }

    @Test
    void helpListsTheSameCodes() throws Exception {
        Map<String, String> help = CommandLineFactory.create().getCommandSpec().usageMessage()
                .exitCodeList();
        Map<String, String> expected = new TreeMap<>();
        inCode().forEach((c, meaning) -> expected.put(String.valueOf(c), meaning));
        assertThat(new TreeMap<>(help)).isEqualTo(expected);
    }
}
