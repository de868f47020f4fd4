package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.cli.options.OptionRow;
import io.github.drivespeed.cli.options.OptionTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.OptionSpec;

/** The option table covers the command's options, no more and no fewer. */
class OptionTableTest {

    private static final List<String> STANDARD = List.of("--help", "--version");

    @Test
    void everyOptionOfTheCommandHasARowAndEveryRowAnOption() {
        List<OptionSpec> options = CommandLineFactory.create().getCommandSpec().options();
        for (OptionSpec o : options) {
            List<String> names = Arrays.asList(o.names());
            if (names.stream().noneMatch(STANDARD::contains)) {
                assertThat(OptionTable.find(names)).as("row of %s", names).isPresent();
            }
        }
        for (OptionRow<?> row : OptionTable.rows()) {
            assertThat(options).as("option of row %s", row.option())
                    .anyMatch(o -> Arrays.asList(o.names()).contains(row.option()));
        }
        assertThat(OptionTable.rows()).hasSize(options.size() - STANDARD.size());
    }

    @Test
    void eachSettingIsSetByOneOptionWhichTheLibrarysRefusalsAreWordedIn() {
        List<String> settings = OptionTable.rows().stream().flatMap(r -> r.setting().stream())
                .toList();
        assertThat(settings).doesNotHaveDuplicates().contains("blockSize", "count", "runs",
                "size", "duration", "queueDepth", "threads", "readPercent", "backend");
        assertThat(OptionTable.optionFor("blockSize")).hasValue("--block-size");
        assertThat(OptionTable.optionFor("queueDepth")).hasValue("--iodepth");
        assertThat(OptionTable.optionFor("readPercent")).hasValue("--rwmixread");
        assertThat(OptionTable.optionFor("timelineInterval")).isEmpty();
    }

    /**
     * The settings the library's plans may name in a refusal but no option sets: the targets
     * (the positional argument, worded by the command line itself) and settings of the Java API
     * only, and the components of a report's {@code CpuUsage} (measured values, never set). Any
     * other setting the library names must have its option, or the command line would print an
     * API name.
     */
    private static final Set<String> NO_OPTION = Set.of("directory", "device", "presets",
            "pattern", "cachedReadNanos", "idleFirst", "steadyFor", "timelineInterval",
            "userNanos", "systemNanos", "elapsedNanos", "ios",
            "contextSwitches", "minorFaults", "majorFaults",
            // set by fio job options (docs/fio.md), not by drivespeed's own
            "existingFile", "syncEveryWrites", "timeLimit",
            "ioLogging");

    /** Where a setting's name is passed to a refusal in the library's main sources. */
    private static final List<Pattern> NAMED = List.of(
            Pattern.compile("InvalidSettingException\\(\\s*\"(\\w+)\""),
            Pattern.compile("\\.setting\\(\\s*\"(\\w+)\"\\)"),
            Pattern.compile("(?:require\\w*|parse\\w*)\\(\\s*\"(\\w+)\""),
            Pattern.compile("checkFreeSpace\\([^;]*?\"(\\w+)\""),
            Pattern.compile("List\\.of\\(\"(\\w+)\"\\)\\)"));

    @Test
    void everySettingTheLibraryNamesInARefusalIsAnOptionOrKnownToHaveNone() throws IOException {
        Path core = Path.of("").toAbsolutePath().getParent()
                .resolve("drivespeed-core/src/main/java");
        Set<String> named = new TreeSet<>();
        try (Stream<Path> files = Files.walk(core)) {
            for (Path f : files.filter(x -> x.toString().endsWith(".java")).toList()) {
                String code = Files.readString(f).replaceAll("(?s)/\\*.*?\\*/", "");
                for (Pattern p : NAMED) {
                    Matcher m = p.matcher(code);
                    while (m.find()) {
                        named.add(m.group(1));
                    }
                }
            }
        }
        // the scan finds what it must: the common settings and the targets
        assertThat(named).contains("blockSize", "count", "runs", "size", "duration",
                "allowWritesTo", "force", "device", "directory");
        List<String> unworded = named.stream().filter(s -> !NO_OPTION.contains(s)
                && OptionTable.optionFor(s).isEmpty()).toList();
        assertThat(unworded).as("settings the library names that no option sets").isEmpty();
        // and the list of settings without an option holds none that has one
        assertThat(NO_OPTION).allSatisfy(s -> assertThat(OptionTable.optionFor(s)).isEmpty());
    }
}
