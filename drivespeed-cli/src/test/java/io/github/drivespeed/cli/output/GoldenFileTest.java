package io.github.drivespeed.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.requirement.Measurements;
import io.github.drivespeed.requirement.RequirementCheck;
import io.github.drivespeed.requirement.SdClass;
import io.github.drivespeed.requirement.StorageRequirement;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Fixed reports in, exact text out: {@code src/test/resources/golden}. Run in several default
 * locales (decimal commas, a dotless i, Devanagari digits): the text must not change. A deliberate
 * change of the format is made by running with {@code -Ddrivespeed.updateGolden=true}, which
 * rewrites the files, and reviewing their diff.
 */
class GoldenFileTest {

    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    private static final Locale DEFAULT = Locale.getDefault();

    @AfterEach
    void restoreLocale() {
        Locale.setDefault(DEFAULT);
    }

    static Stream<Arguments> cases() {
        String[] names = {"sequential", "workload", "table", "probe", "requirement", "data-loss",
            "sustained", "capacity", "capacity-probe", "device", "rate-findings",
            "async-workload"};
        String[] locales = {"en-US", "de-DE", "tr-TR", "hi-IN-u-nu-deva", "ar-EG-u-nu-arab"};
        Stream.Builder<Arguments> b = Stream.builder();
        for (String n : names) {
            for (String l : locales) {
                b.add(Arguments.of(n, l));
            }
        }
        return b.build();
    }

    static Results results(String name) {
        switch (name) {
            case "sequential":
                return Results.of(ReportFixtures.sequential());
            case "workload":
                return Results.of(ReportFixtures.mixedWorkload());
            case "table":
                return Results.of(ReportFixtures.presetTable());
            case "async-workload":
                return Results.of(ReportFixtures.asyncWorkload());
            case "probe":
                return Results.probe(ReportFixtures.sdCardTarget());
            case "data-loss":
                return Results.of(ReportFixtures.sequentialWithLoss());
            case "rate-findings":
                return Results.of(ReportFixtures.sequentialWithRateFindings());
            case "sustained":
                return Results.of(ReportFixtures.sustained());
            case "capacity":
                return Results.of(ReportFixtures.capacityCheck());
            case "capacity-probe":
                return Results.of(ReportFixtures.capacityProbe());
            case "device":
                return Results.of(ReportFixtures.device());
            default:
                Results r = Results.of(ReportFixtures.sequential()).and(ReportFixtures.presetTable());
                StorageRequirement need = SdClass.A2.requirement().and(StorageRequirement
                        .named("latency").maxRandomLatency(99.9, Duration.ofMillis(1)));
                RequirementCheck check = need.check(Measurements.of(ReportFixtures.sequential())
                        .with(ReportFixtures.presetTable()));
                return r.with(check);
        }
    }

    @ParameterizedTest(name = "{0}.json in {1}")
    @MethodSource("cases")
    void json(String name, String locale) throws IOException {
        Locale.setDefault(Locale.forLanguageTag(locale));
        StringWriter out = new StringWriter();
        JsonReport.write(results(name), "drivespeed (golden test)", out);
        compare(name + ".json", out.toString());
        JsonNode parsed = OutputSchema.read(out.toString());
        assertThat(parsed.get("schema_version").asInt()).isEqualTo(JsonReport.SCHEMA_VERSION);
    }

    @ParameterizedTest(name = "{0}.csv in {1}")
    @MethodSource("cases")
    void csv(String name, String locale) throws IOException {
        Locale.setDefault(Locale.forLanguageTag(locale));
        StringWriter out = new StringWriter();
        CsvReport.write(results(name), out);
        compare(name + ".csv", out.toString());
    }

    private static void compare(String file, String actual) throws IOException {
        Path golden = GOLDEN.resolve(file);
        if (Boolean.getBoolean("drivespeed.updateGolden")
                && Locale.getDefault().toLanguageTag().equals("en-US")) {
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
        }
        assertThat(actual).as("%s (rewrite with -Ddrivespeed.updateGolden=true after a deliberate"
                + " change)", golden).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }
}
