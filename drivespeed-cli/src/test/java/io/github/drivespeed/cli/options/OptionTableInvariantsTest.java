package io.github.drivespeed.cli.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.fio.internal.FioCommandLine;
import io.github.drivespeed.fio.internal.FioOptions;
import io.github.drivespeed.fio.internal.FioSpelling;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The option table holds together: each option is named once, declared with its help and its
 * conversion, set by the plan of every form it goes with and by no other, spelled for fio where
 * fio's jobs take it, and spelled nowhere else in the command line's code.
 */
class OptionTableInvariantsTest {

    /** The names picocli gives its standard help options. */
    private static final List<String> STANDARD = List.of("-h", "--help", "-V", "--version");

    @Test
    void noTwoOptionsShareANameAndNoneTakesAHelpOptionsName() {
        List<String> names = OptionTable.rows().stream().flatMap(r -> r.names().stream())
                .toList();
        assertThat(names).doesNotHaveDuplicates().doesNotContainAnyElementsOf(STANDARD)
                .allMatch(n -> n.matches("--[a-z][a-z-]*|-[a-zA-Z]"), "a long or a short name");
        assertThat(OptionTable.rows()).allSatisfy(r -> assertThat(r.option())
                .as("the name messages give %s", r.names()).startsWith(OptionTable.LONG_PREFIX));
        List<String> settings = OptionTable.rows().stream().flatMap(r -> r.setting().stream())
                .toList();
        assertThat(settings).doesNotHaveDuplicates();
    }

    @Test
    void everyRowDeclaredIsInTheTableOnce() throws IllegalAccessException {
        List<Object> declared = new ArrayList<>();
        for (Class<?> theme : List.of(FormOptions.class, MeasurementOptions.class,
                OutputOptions.class, WorkloadOptions.class)) {
            for (Field f : theme.getDeclaredFields()) {
                if (f.getType() == OptionRow.class && Modifier.isStatic(f.getModifiers())) {
                    assertThat(Modifier.isPublic(f.getModifiers()) && Modifier.isFinal(f
                            .getModifiers())).as(f.toString()).isTrue();
                    declared.add(f.get(null));
                }
            }
        }
        assertThat(OptionTable.rows()).doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(declared.stream()
                        .map(o -> (OptionRow<?>) o).toList());
    }

    @Test
    void everyOptionIsDeclaredWithItsHelpAndItsValuesNameAndType() {
        for (OptionRow<?> row : OptionTable.rows()) {
            OptionSpec spec = row.toSpec();
            assertThat(row.help()).as("help of %s", row).isNotBlank();
            assertThat(spec.names()).as("names of %s", row)
                    .containsExactlyInAnyOrderElementsOf(row.names());
            assertThat(spec.description()).as("help of %s", row).containsExactly(row.help());
            if (row.takesValue()) {
                assertThat(spec.arity().min()).as("%s takes a value", row).isEqualTo(1);
                assertThat(spec.paramLabel()).as("the value's name of %s", row)
                        .matches("[A-Z][A-Z.a-z]*");
            } else {
                assertThat(spec.arity().max()).as("%s takes no value", row).isZero();
                assertThat(row.convert(Boolean.TRUE)).as("%s given", row).isEqualTo(true);
            }
        }
        // a spec is a new one each time: picocli keeps the parsed value in it
        assertThat(MeasurementOptions.COUNT.toSpec()).isNotSameAs(MeasurementOptions.COUNT
                .toSpec());
    }

    @Test
    void everyWholeNumberIsConvertedWithTheOneWording() throws Exception {
        List<OptionRow<?>> whole = OptionTable.rows().stream().filter(r -> {
            Class<?> type = r.toSpec().type();
            return type == Long.class || type == Integer.class;
        }).toList();
        assertThat(whole).contains(MeasurementOptions.COUNT, MeasurementOptions.RUNS,
                WorkloadOptions.SEED, WorkloadOptions.THREADS);
        for (OptionRow<?> row : whole) {
            CommandLine.ITypeConverter<?>[] converters = row.toSpec().converters();
            assertThat(converters).as("converter of %s", row).hasSize(1);
            assertThatThrownBy(() -> converters[0].convert("4x"))
                    .as(row.option()).hasMessage("'4x' is not a whole number");
            assertThatThrownBy(() -> converters[0].convert("99999999999999999999"))
                    .as(row.option()).hasMessageStartingWith("'99999999999999999999' is too large");
            assertThat(converters[0].convert(" 7 ")).as(row.option()).isEqualTo(
                    row.toSpec().type() == Long.class ? (Object) 7L : (Object) 7);
        }
    }

    @Test
    void eachPlanSetsEverySettingOfTheFormsItBuildsAndOnlyOptionsTheyTake() {
        for (PlanRecipe<?> recipe : OptionSetters.recipes()) {
            assertThat(recipe.options()).as("options of %s", recipe.forms())
                    .doesNotHaveDuplicates()
                    .allSatisfy(r -> assertThat(recipe.forms()).as("forms of %s", r)
                            .anyMatch(r::goesWith));
            for (Form form : recipe.forms()) {
                List<OptionRow<?>> unset = OptionTable.rows().stream()
                        .filter(r -> r.goesWith(form) && r.setting().isPresent()
                                && !r.chooses(form) && !recipe.options().contains(r))
                        .toList();
                if (form == Form.SEQUENTIAL && recipe == OptionSetters.REQUIREMENT_WORKLOADS) {
                    // the sequential test's own settings are the sequential test's
                    unset = unset.stream().filter(r -> r.goesWith(Form.REQUIREMENT_WORKLOADS))
                            .toList();
                }
                if (recipe == OptionSetters.REQUIREMENT_SUSTAINED_WRITE) {
                    // the requirement's sustained write keeps the sustained test's own bounds
                    assertThat(recipe.options()).containsExactly(MeasurementOptions.BACKEND);
                    continue;
                }
                assertThat(unset).as("options of %s its plan does not set", form).isEmpty();
            }
        }
        // every form that builds a plan has one; fio's jobs are planned from their sections
        Set<Form> built = OptionSetters.recipes().stream().flatMap(r -> r.forms().stream())
                .collect(Collectors.toSet());
        assertThat(EnumSet.complementOf(EnumSet.copyOf(built)))
                .containsExactlyInAnyOrder(Form.PROBE, Form.FIO_JOB);
    }

    @Test
    void everyOptionThatSetsAPlanHasASetterAndEveryOtherChoosesAFormOrTheOutputs() {
        Set<OptionRow<?>> set = OptionSetters.recipes().stream()
                .flatMap(r -> r.options().stream()).collect(Collectors.toSet());
        for (OptionRow<?> row : OptionTable.rows()) {
            boolean chooses = EnumSet.allOf(Form.class).stream().anyMatch(row::chooses);
            if (row.setting().isPresent()) {
                assertThat(set.contains(row) || chooses).as("%s has a setter", row).isTrue();
            }
            if (set.contains(row) && !chooses) {
                // (--rw, which chooses the workload, sets its pattern and direction both)
                assertThat(row.setting()).as("the setting %s sets", row).isPresent();
            }
        }
        assertThat(set).doesNotContain(OutputOptions.JSON, OutputOptions.REQUIRE,
                FormOptions.JOB);
    }

    @Test
    void eachFormAnOptionChoosesHasOneChooserAndTheFormsThatExcludeSayWhy() {
        for (Form form : Form.values()) {
            long choosers = OptionTable.rows().stream().filter(r -> r.chooses(form)).count();
            assertThat(choosers).as("options that choose %s", form).isLessThanOrEqualTo(1);
            form.choosingOption().ifPresent(r -> assertThat(r.goesWith(form))
                    .as("%s goes with the form it chooses", r).isTrue());
        }
        assertThat(EnumSet.allOf(Form.class).stream()
                .filter(f -> f.excludingOption().isPresent()))
                .containsExactlyInAnyOrder(Form.PROBE, Form.PRESET, Form.SWEEP, Form.SUSTAINED,
                        Form.CAPACITY_CHECK, Form.CAPACITY_PROBE);
        assertThat(Form.WORKLOAD.choosingOption()).contains(WorkloadOptions.RW);
        assertThat(Form.CAPACITY_PROBE.exclusionReason()).contains(MeasurementOptions
                .ALLOW_WRITES_TO.option());
        assertThat(Form.SEQUENTIAL.choosingOption()).isEmpty();
        assertThat(Form.FIO_JOB.choosingOption()).isEmpty();
    }

    @Test
    void theOptionsOfEachExclusionShareAFormElseItCouldNeverRefuse() {
        for (OptionTable.Exclusion e : OptionTable.Exclusion.values()) {
            OptionRow<?> first = e.options().get(0);
            OptionRow<?> second = e.options().get(1);
            assertThat(first.forms()).as("%s: forms of %s and %s", e, first, second)
                    .containsAnyElementsOf(second.forms());
        }
    }

    @Test
    void everyFioSpellingMapsToARowOfFiosTableThatReadsThatOption() {
        List<String> fioNames = new ArrayList<>();
        for (OptionRow<?> row : OptionTable.fioSpelled()) {
            FioSpelling fio = row.fio().orElseThrow();
            // drivespeed's spelling goes with fio's jobs where fio's own is drivespeed's too;
            // --ramp-time and --sqthread-poll do not (fio's jobs take ramp_time=, sqthread_poll)
            assertThat(row.goesWith(Form.FIO_JOB)).as("%s goes with fio's jobs", row)
                    .isEqualTo(!List.of(WorkloadOptions.RAMP_TIME, WorkloadOptions.SQTHREAD_POLL)
                            .contains(row));
            for (String name : Stream.concat(Stream.of(fio.name()), fio.aliases().stream())
                    .toList()) {
                fioNames.add(name);
                FioOptions.Row fioRow = FioOptions.find(name).orElseThrow(
                        () -> new AssertionError(name + " is not in fio's table"));
                assertThat(fioRow.support()).as(name).isEqualTo(FioOptions.Support.SUPPORTED);
                assertThat(fioRow.option()).as("the option %s reads", name)
                        .isEqualTo(row.shared());
                assertThat(fioRow.setter()).as(name).isNotNull();
            }
        }
        assertThat(fioNames).doesNotHaveDuplicates()
                .contains("bs", "blocksize", "numjobs", "runtime", "timeout", "norandommap",
                        "ramp_time", "sqthread_poll");
        // fio's table has no row of its own for an option drivespeed spells for fio
        for (FioOptions.Row r : FioOptions.rows()) {
            if (fioNames.contains(r.name())) {
                assertThat(r.option()).as("the option fio's %s is", r.name()).isPresent();
            }
        }
        // a shared option drivespeed's picocli matches is read as fio's, value after a space
        assertThat(FioCommandLine.SHARED).containsExactlyInAnyOrder("rw", "bs", "size",
                "iodepth", "numjobs", "runtime", "rwmixread", "ioengine");
        assertThat(FioCommandLine.SHARED_FLAGS).containsExactly("norandommap");
    }

    @Test
    void aSharedOptionWithoutARowOfFiosOwnGoesStraightOntoItsWorkloadSetter() {
        // norandommap has no row of fio's own meaning: fio's table derives it from the option
        FioOptions.Row row = FioOptions.find("norandommap").orElseThrow();
        assertThat(row.option()).isEqualTo(WorkloadOptions.NORANDOMMAP.shared());
        assertThat(OptionSetters.WORKLOADS.plainSetter(WorkloadOptions.NORANDOMMAP)).isPresent();
        // a setter that reads other options given cannot be called with a value alone
        assertThat(OptionSetters.WORKLOADS.plainSetter(WorkloadOptions.RW)).isEmpty();
    }

    /** A string literal in Java source, without its quotes. */
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");

    /**
     * The packages that spell options in their messages still, left for when they change for
     * their own reasons: drivespeed's outputs and text (worded by their own classes), and the
     * exit codes' meanings ({@code --help}'s list, compile-time constants of an annotation).
     */
    private static final List<String> NOT_YET = List.of("cli/output/", "cli/text/",
            "cli/run/ExitCode.java");

    @Test
    void noOptionIsSpelledOutsideTheTable() throws IOException {
        Path main = Path.of("src/main/java/io/github/drivespeed/cli");
        List<String> found = new ArrayList<>();
        List<Pattern> names = OptionTable.rows().stream().flatMap(r -> r.names().stream())
                .map(n -> Pattern.compile("(?<![\\w-])" + Pattern.quote(n) + "(?![\\w-])"))
                .toList();
        try (Stream<Path> files = Files.walk(main)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String rel = main.relativize(f).toString().replace('\\', '/');
                if (rel.startsWith("options/") || NOT_YET.stream()
                        .anyMatch(n -> ("cli/" + rel).startsWith(n))) {
                    continue;
                }
                String code = Files.readString(f).replaceAll("(?s)/\\*.*?\\*/", "")
                        .replaceAll("//[^\\n]*", "");
                Matcher m = LITERAL.matcher(code);
                while (m.find()) {
                    String literal = m.group(1);
                    if (names.stream().anyMatch(p -> p.matcher(literal).find())) {
                        found.add(rel + ": \"" + literal + "\"");
                    }
                }
            }
        }
        assertThat(found).as("option names spelled outside the table").isEmpty();
    }
}
