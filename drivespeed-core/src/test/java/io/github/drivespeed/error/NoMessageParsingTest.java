package io.github.drivespeed.error;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Errors are data: no main source of any module reads an exception's message text to decide
 * anything (the errno is {@code ErrnoIoException.errnoName()}, a refused setting is
 * {@code InvalidSettingException.setting()}), except the pure-Java backend's translation of the
 * JDK's strerror text, {@code internal.javaio.JdkErrno}. Messages may only be passed on.
 */
class NoMessageParsingTest {

    /** The one class allowed to read the text: the JDK gives nothing else. */
    private static final String TRANSLATION =
            "drivespeed-core/src/main/java/io/github/drivespeed/internal/javaio/JdkErrno.java";

    private static final String TEXT = "get(?:Message|LocalizedMessage|Reason)\\(\\)";

    /** Ways of inspecting the text, rather than passing it on. */
    private static final List<Pattern> INSPECTIONS = List.of(
            // a method called on the text: contains, startsWith, equals, matches, split, ...
            Pattern.compile(TEXT + "\\s*\\.\\s*\\w+\\("),
            Pattern.compile("valueOf\\([^;]*?" + TEXT + "\\)\\s*\\.\\s*\\w+\\("),
            // the text kept in a variable on its own, to look at afterwards
            Pattern.compile("(?:String|var)\\s+\\w+\\s*=\\s*(?:String\\.valueOf\\()?"
                    + "[\\w.()]*?\\." + TEXT + "\\)?\\s*;"),
            // the text compared or switched on
            Pattern.compile("(?:equals|switch)\\s*\\([^;{]*?" + TEXT),
            Pattern.compile("Pattern\\.\\w+\\([^;]*?" + TEXT));

    /** strerror(3) texts the engine once matched; only the translation may name them. */
    private static final List<String> STRERROR = List.of("\"No space left on device\"",
            "\"Disk quota exceeded\"", "\"Device or resource busy\"", "\"Read-only file system\"",
            "\"Operation not permitted\"", "\"Invalid argument\"", "\"Input/output error\"");

    private static Path root() {
        Path here = Path.of("").toAbsolutePath();
        return Files.isDirectory(here.resolve("drivespeed-core")) ? here : here.getParent();
    }

    private static List<Path> mainSources() throws IOException {
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> modules = Files.list(root())) {
            for (Path module : modules.filter(m -> Files.isDirectory(m.resolve("src/main/java")))
                    .toList()) {
                try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
                    files.filter(f -> f.toString().endsWith(".java")).forEach(sources::add);
                }
            }
        }
        return sources;
    }

    /** The code of a source, comments removed (javadoc may quote messages freely). */
    private static String code(Path source) throws IOException {
        return Files.readString(source).replaceAll("(?s)/\\*.*?\\*/", "")
                .replaceAll("(?m)//.*$", "");
    }

    private static List<String> inspections(String code) {
        List<String> found = new ArrayList<>();
        for (Pattern p : INSPECTIONS) {
            Matcher m = p.matcher(code);
            while (m.find()) {
                found.add(m.group());
            }
        }
        for (String text : STRERROR) {
            if (code.contains(text)) {
                found.add(text);
            }
        }
        return found;
    }

    @Test
    void noMainSourceInspectsAMessageButTheJavaBackendsErrnoTranslation() throws IOException {
        List<Path> sources = mainSources();
        // every module is scanned: core, native, cli, examples at least
        assertThat(sources.stream().map(s -> root().relativize(s).getName(0).toString())
                .distinct()).contains("drivespeed-core", "drivespeed-native", "drivespeed-cli",
                "drivespeed-examples");
        List<String> offenders = new ArrayList<>();
        for (Path source : sources) {
            String relative = root().relativize(source).toString();
            if (!relative.equals(TRANSLATION)) {
                inspections(code(source)).forEach(i -> offenders.add(relative + ": " + i));
            }
        }
        assertThat(offenders).isEmpty();
        // and the scan does find the one place that reads the text
        assertThat(inspections(code(root().resolve(TRANSLATION)))).isNotEmpty();
    }

    @Test
    void theScanTellsInspectingFromPassingOn() {
        assertThat(inspections("if (e.getMessage().contains(\"ENOSPC\")) {")).hasSize(1);
        assertThat(inspections("String.valueOf(e.getMessage()).startsWith(\"blockSize \")"))
                .hasSize(1);
        assertThat(inspections("String m = t.getMessage();")).hasSize(1);
        assertThat(inspections("String reason = String.valueOf(e.getReason());")).hasSize(1);
        assertThat(inspections("if (\"x\".equals(e.getLocalizedMessage())) {")).hasSize(1);
        assertThat(inspections("m.contains(\"Disk quota exceeded\")")).hasSize(1);
        // the per-transfer O_DIRECT refusal and read-back EIO as they were once matched
        assertThat(inspections("String m = t.getMessage();\n if (m != null && (m.contains("
                + "\"Invalid argument\") || m.contains(\"EINVAL\"))) {")).hasSize(2);
        assertThat(inspections("m.contains(\"Input/output error\")")).hasSize(1);
        // passing it on is fine
        assertThat(inspections("return context.fail(e.getMessage(), ExitCode.IO_ERROR);"))
                .isEmpty();
        assertThat(inspections("throw new IOException(\"cannot create \" + file + \": \""
                + " + e.getMessage(), e);")).isEmpty();
        assertThat(inspections("LOG.info(\"measuring with buffered I/O: {}\","
                + " refusal.getMessage());")).isEmpty();
    }
}
