package io.github.drivespeed.cli.options;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.EnumSource.Mode;

/**
 * The synopsis of {@code --help} is made from the option table: an option declared for a form is
 * in that form's block and in no other's.
 */
class SynopsisTest {

    /** Each form's block, by how it starts. */
    private static final Map<Form, String> LEADS = Map.of(
            Form.SEQUENTIAL, "drivespeed [DIR] [--block-size",
            Form.PROBE, "drivespeed --probe",
            Form.CAPACITY_CHECK, "drivespeed [DIR] --verify-capacity",
            Form.SUSTAINED, "drivespeed [DIR] --sustained",
            Form.PRESET, "drivespeed [DIR] --preset",
            Form.WORKLOAD, "drivespeed [DIR] --rw",
            Form.SWEEP, "drivespeed [DIR] --sweep",
            Form.DEVICE, "drivespeed DEVICE [--block-size",
            Form.CAPACITY_PROBE, "drivespeed DEVICE --verify-capacity",
            Form.FIO_JOB, "drivespeed FILE.fio");

    @ParameterizedTest
    @EnumSource(value = Form.class, names = "REQUIREMENT_WORKLOADS", mode = Mode.EXCLUDE)
    void aRowDeclaredForAFormIsInThatFormsSynopsisAndNoOther(Form form) {
        OptionRow<Integer> row = OptionRow.wholeInt("N", "--new-option").forms(form)
                .help("An option declared for one form.");
        List<OptionRow<?>> table = new ArrayList<>(OptionTable.rows());
        table.add(row);

        List<String> synopsis = Synopsis.of(table);

        for (Map.Entry<Form, String> lead : LEADS.entrySet()) {
            String block = String.join("\n", block(synopsis, lead.getValue()));
            if (lead.getKey() == form) {
                assertThat(block).as(lead.getValue()).contains("[--new-option N]");
            } else if (form == Form.WORKLOAD && lead.getKey() == Form.SWEEP) {
                // the sweep's block names what the --rw block has and the sweep does not take
                assertThat(block).contains("(the --rw options but --bs and --new-option)");
            } else {
                assertThat(block).as(lead.getValue()).doesNotContain("--new-option");
            }
        }
        assertThat(synopsis).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(
                Synopsis.WIDTH));
    }

    @Test
    void aRowEveryFormTakesIsOnTheLineOfEveryForm() {
        List<Form> every = List.of(Form.values()).stream()
                .filter(f -> f != Form.REQUIREMENT_WORKLOADS).toList();
        OptionRow<Boolean> row = OptionRow.flag("--everywhere")
                .forms(every.get(0), every.subList(1, every.size()).toArray(new Form[0]));
        List<OptionRow<?>> table = new ArrayList<>(OptionTable.rows());
        table.add(row);

        List<String> synopsis = Synopsis.of(table);

        assertThat(synopsis).filteredOn(l -> l.contains("[--everywhere")).singleElement()
                .asString().startsWith("  every form:").contains("[--everywhere]");
        // and --probe, which takes only what every form takes, says so
        assertThat(String.join(" ", synopsis).replaceAll(" +", " "))
                .contains("--probe takes only --json, --csv, --output, --overwrite, --quiet and"
                        + " --everywhere.");
    }

    @ParameterizedTest
    @EnumSource(value = Form.class, names = {"SEQUENTIAL", "WORKLOAD", "DEVICE"})
    void optionsThatExcludeEachOtherAreShownAsAlternatives(Form form) {
        List<String> synopsis = Synopsis.of(OptionTable.rows());

        String block = String.join(" ", block(synopsis, LEADS.get(form)));

        assertThat(block).containsAnyOf("[--buffered | --direct-or-buffered]",
                "[--duration TIME | --count N]");
    }

    /** The lines of the block that starts with {@code lead}: its first and its continuations. */
    private static List<String> block(List<String> synopsis, String lead) {
        List<String> block = new ArrayList<>();
        for (String line : synopsis) {
            String text = line.strip();
            if (text.startsWith("drivespeed ") || line.startsWith("  ") && !line.startsWith("   ")) {
                if (!block.isEmpty()) {
                    return block;
                }
                if (text.startsWith(lead)) {
                    block.add(line);
                }
            } else if (!block.isEmpty()) {
                block.add(line);
            }
        }
        assertThat(block).as(lead).isNotEmpty();
        return block;
    }
}
