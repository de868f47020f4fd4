package io.github.drivespeed.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.cli.CommandModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Model.OptionSpec;

/** The man page source and the bash completion cover the command the executable jar runs. */
class ShellFilesTest {

    @TempDir
    Path directory;

    /** @return the long name of every option the command shows in its help */
    private static List<String> visibleOptionNames() {
        return CommandModel.commandLine().getCommandSpec().options().stream()
                .filter(option -> !option.hidden())
                .map(OptionSpec::longestName)
                .collect(Collectors.toList());
    }

    @Test
    void theManPageSourceIsSectionOneAndDocumentsEveryOptionAndExitCode() throws IOException {
        ShellFiles.main(new String[] {directory.toString()});

        String adoc = Files.readString(directory.resolve("drivespeed.adoc"));
        assertThat(adoc).contains(":doctype: manpage", "= drivespeed(1)", "drivespeed 0.1.0");
        // each option is an entry of the Options section: "*--bs, --block-size*=_SIZE_::",
        // "*-h*, *--help*::"
        List<String> entries = adoc.lines().filter(line -> line.startsWith("*-"))
                .collect(Collectors.toList());
        assertThat(visibleOptionNames()).hasSizeGreaterThan(20).allSatisfy(name ->
                assertThat(entries).anyMatch(entry ->
                        entry.matches("\\*(.*, \\*?)?" + name + "[*,].*")));
        assertThat(adoc).contains("DIR", "130", "143");
        // the synopsis kept line for line, its first line in line with the others
        assertThat(adoc).contains(String.join("\n", "== Synopsis", "", "....",
                "       drivespeed [DIR] [--block-size SIZE] [--count N] [--runs N]",
                "                  [--buffered | --direct-or-buffered] [--dsync] [--zeros]"));
    }

    @Test
    void bashCompletesAnOptionPrefixToTheOptions() throws Exception {
        Path script = directory.resolve("drivespeed.bash");
        ShellFiles.writeBashCompletion(script);

        assertThat(Files.readString(script)).contains("complete -F _complete_drivespeed");
        assertThat(complete(script, "--block")).containsExactly("--block-size");
        assertThat(complete(script, "--")).containsAll(visibleOptionNames());
    }

    @Test
    void bashCompletesFileNamesWhereTheCommandTakesAPath() throws Exception {
        Path script = directory.resolve("drivespeed.bash");
        ShellFiles.writeBashCompletion(script);
        Files.createDirectories(directory.resolve("media/usb0"));
        Files.writeString(directory.resolve("job.fio"), "[j]\n");

        assertThat(complete(script, "med")).containsExactly("media");
        assertThat(complete(script, "media/")).containsExactly("media/usb0");
        assertThat(complete(script, "--chart", "j")).containsExactly("job.fio");
        assertThat(complete(script, "--job", "j")).containsExactly("job.fio");
        // a value that is no path completes to nothing, not to file names
        assertThat(complete(script, "--count", "j")).isEmpty();
    }

    @Test
    void bashCompletesTheValuesOfOptionsThatTakeOneOfAList() throws Exception {
        Path script = directory.resolve("drivespeed.bash");
        ShellFiles.writeBashCompletion(script);

        assertThat(complete(script, "--rw", "randr")).containsExactlyInAnyOrder("randread",
                "randrw");
        assertThat(complete(script, "--ioengine", "")).contains("psync", "libaio", "io_uring");
        assertThat(complete(script, "--preset", "RND4K-Q32")).containsExactlyInAnyOrder(
                "RND4K-Q32T1", "RND4K-Q32T16");
        assertThat(complete(script, "--backend", "")).containsExactlyInAnyOrder("native",
                "java");
        assertThat(complete(script, "--output-format", "json")).containsExactlyInAnyOrder("json",
                "json+");
    }

    @Test
    void theManPageStandsAloneWithAShortNameLineExitStatusFilesExamplesAndSeeAlso()
            throws IOException {
        ShellFiles.main(new String[] {directory.toString()});

        String adoc = Files.readString(directory.resolve("drivespeed.adoc"));
        // whatis and apropos show the NAME line: one short clause, not the description
        assertThat(adoc).contains("== Name\n\ndrivespeed - " + ManPageSections.SUMMARY + "\n");
        assertThat(ManPageSections.SUMMARY.length()).isLessThan(60);
        // man-pages(7)'s sections, in its order after the options
        assertThat(adoc).containsSubsequence("== Exit status", "== Files", "== Examples",
                "== See also");
        assertThat(adoc).doesNotContain("Exit codes:");
        // the examples use the command's own options, beside the tools they replace
        // every document it or an option names as docs/NAME.md is shipped (share/doc/drivespeed)
        String shipped = Files.readString(Path.of("src/assembly/tar.xml"));
        Matcher named = Pattern.compile("docs/([a-z0-9-]+\\.md)").matcher(adoc);
        while (named.find()) {
            assertThat(shipped).as("the tar.gz ships " + named.group(1))
                    .contains("<include>" + named.group(1) + "</include>");
        }
        assertThat(adoc).contains("oflag=direct conv=fdatasync", "hdparm -t", "--iodepth 32",
                "--require C10", "--verify-capacity", "/usr/lib/drivespeed/fio-compat/fio",
                "/usr/share/doc/drivespeed/", "*dd*(1), *hdparm*(8), *fio*(1)");
    }

    @Test
    void theGeneratorRefusesAnythingButOneDirectory() {
        assertThatThrownBy(() -> ShellFiles.main(new String[0]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("output directory").hasMessageContaining("got 0");
    }

    /**
     * {@return what bash, having sourced the script, offers for {@code drivespeed WORDS<TAB>}
     * in the test's directory: the last word is the one completed}
     */
    private List<String> complete(Path script, String... words)
            throws IOException, InterruptedException {
        String program = "source \"$1\"; shift; COMP_WORDS=(drivespeed \"$@\");"
                + " COMP_CWORD=$#; COMP_LINE=\"drivespeed $*\"; COMP_POINT=${#COMP_LINE};"
                + " _complete_drivespeed; printf '%s\\n' \"${COMPREPLY[@]}\"";
        List<String> command = new ArrayList<>(List.of("bash", "-c", program, "bash",
                script.toString()));
        command.addAll(List.of(words));
        // (stderr left out: outside a real completion, bash's compopt says it is not in one)
        Process bash = new ProcessBuilder(command).directory(directory.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(bash.waitFor()).as(out).isZero();
        return out.lines().map(String::strip).filter(line -> !line.isEmpty())
                .collect(Collectors.toList());
    }
}
