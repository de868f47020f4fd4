package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.cli.options.OptionTable;
import java.util.Arrays;
import java.util.List;
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
        for (OptionTable.Row row : OptionTable.rows()) {
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
}
