package io.github.drivespeed.cli.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.report.medium.CacheCliff;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.report.medium.DataLossKind;
import io.github.drivespeed.report.medium.MediumKind;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.requirement.RequirementCheck;
import io.github.drivespeed.requirement.StorageRequirement;
import io.github.drivespeed.target.BlockDevice;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The JSON Schema of {@code --json} (docs/output-schema.json, shipped in the jar): every golden
 * document conforms, documents broken in the ways a change of the writer could break them are
 * refused, its closed lists are the code's enums, and the jar's copy is the documented one. The
 * command's own runs are checked where the tests read them ({@link OutputSchema#read}).
 */
class OutputSchemaTest {

    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    private static final Path DOCUMENTED = Path.of("../docs/output-schema.json");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    static Stream<Path> goldenDocuments() throws IOException {
        try (Stream<Path> files = Files.list(GOLDEN)) {
            List<Path> json = files.filter(p -> p.getFileName().toString().endsWith(".json"))
                    .sorted().toList();
            assertThat(json).as("golden JSON documents").hasSizeGreaterThanOrEqualTo(11);
            return json.stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldenDocuments")
    void everyGoldenDocumentConforms(Path golden) throws IOException {
        assertThat(OutputSchema.violations(Files.readString(golden, StandardCharsets.UTF_8)))
                .isEmpty();
    }

    static Stream<Arguments> breakages() {
        return Stream.of(
                Arguments.of("a required key missing", (Consumer<ObjectNode>) doc ->
                        read(doc).remove("bw_bytes")),
                Arguments.of("a rate as text", (Consumer<ObjectNode>) doc ->
                        read(doc).put("bw_bytes", "95.3 MB/s")),
                Arguments.of("a rate with a fraction", (Consumer<ObjectNode>) doc ->
                        read(doc).put("bw_bytes", 95_300_000.5)),
                Arguments.of("a negative byte count", (Consumer<ObjectNode>) doc ->
                        read(doc).put("io_bytes", -1)),
                Arguments.of("a key nobody documented", (Consumer<ObjectNode>) doc ->
                        read(doc).put("bw_mb", 95.3)),
                Arguments.of("a key at the top nobody documented", (Consumer<ObjectNode>) doc ->
                        doc.put("version", 1)),
                Arguments.of("another schema version", (Consumer<ObjectNode>) doc ->
                        doc.put("schema_version", 2)),
                Arguments.of("a job of no known kind", (Consumer<ObjectNode>) doc ->
                        ((ObjectNode) doc.get("jobs").get(0)).put("kind", "benchmark")),
                Arguments.of("a cache handling not in the list", (Consumer<ObjectNode>) doc ->
                        ((ObjectNode) read(doc).get("runs").get(0))
                                .put("cache_handling", "MAYBE")),
                Arguments.of("a percentile key not as fio writes it", (Consumer<ObjectNode>) doc ->
                        ((ObjectNode) read(doc).get("clat_ns").get("percentile")).put("99.9", 1)),
                Arguments.of("a warning name in lower case", (Consumer<ObjectNode>) doc ->
                        ((ArrayNode) read(doc).get("warnings")).add("sync_mount")));
    }

    /** The first job's read pass. */
    private static ObjectNode read(ObjectNode doc) {
        return (ObjectNode) doc.get("jobs").get(0).get("read");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("breakages")
    void aBrokenDocumentIsRefused(String breakage, Consumer<ObjectNode> breakIt)
            throws IOException {
        ObjectNode doc = (ObjectNode) MAPPER.readTree(GOLDEN.resolve("sequential.json").toFile());
        assertThat(OutputSchema.violations(doc.toString())).as("the golden document").isEmpty();
        breakIt.accept(doc);
        assertThat(OutputSchema.violations(doc.toString())).as(breakage).isNotEmpty();
        assertThatThrownBy(() -> OutputSchema.read(doc.toString()))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("the --json document breaks " + OutputSchema.RESOURCE);
    }

    @Test
    void aKeyAddedInALaterReleaseValidatesAgainstThePublishedSchemaNotTheStrictOne()
            throws IOException {
        ObjectNode doc = (ObjectNode) MAPPER.readTree(GOLDEN.resolve("sequential.json").toFile());
        doc.put("added_at_the_top", 1);
        read(doc).put("added_in_a_pass_ns", 2);
        ((ObjectNode) doc.get("jobs").get(0).get("parameters")).put("added_setting", true);
        ((ObjectNode) doc.get("target")).putObject("added_object").put("bytes", 3);

        assertThat(OutputSchema.publishedViolations(doc.toString())).as("the published schema")
                .isEmpty();
        List<String> strict = OutputSchema.violations(doc.toString());
        for (String added : List.of("added_at_the_top", "added_in_a_pass_ns", "added_setting",
                "added_object")) {
            assertThat(strict).as("the tests' strict form").anySatisfy(v -> assertThat(v)
                    .contains("'" + added + "' is not defined in the schema"));
        }
    }

    @Test
    void thePublishedSchemaIsOpenAndItsStrictFormClosesEveryObjectThatNamesItsKeys()
            throws IOException {
        JsonNode published = MAPPER.readTree(DOCUMENTED.toFile());
        List<JsonNode> named = objectsNamingTheirKeys(published, new ArrayList<>());
        assertThat(named).as("objects that name their keys").hasSizeGreaterThan(40)
                .allSatisfy(o -> assertThat(o.path("additionalProperties").isBoolean())
                        .as("a published object closed by additionalProperties: false").isFalse());

        List<JsonNode> strict = objectsNamingTheirKeys(OutputSchema.strict(published),
                new ArrayList<>());
        assertThat(strict).hasSameSizeAs(named).allSatisfy(o -> assertThat(
                o.path("additionalProperties").asBoolean(true)).isFalse());
    }

    /** Collects every object schema of the tree that has {@code properties}. */
    private static List<JsonNode> objectsNamingTheirKeys(JsonNode node, List<JsonNode> found) {
        if (node.isObject() && node.has("properties")) {
            found.add(node);
        }
        node.forEach(child -> objectsNamingTheirKeys(child, found));
        return found;
    }

    @Test
    void theJarCarriesTheDocumentedSchema() throws IOException {
        try (InputStream in = OutputSchema.class.getResourceAsStream(OutputSchema.RESOURCE)) {
            assertThat(in).as(OutputSchema.RESOURCE).isNotNull();
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8))
                    .isEqualTo(Files.readString(DOCUMENTED, StandardCharsets.UTF_8));
        }
        JsonNode schema = MAPPER.readTree(DOCUMENTED.toFile());
        assertThat(schema.path("$schema").asText())
                .isEqualTo("https://json-schema.org/draft/2020-12/schema");
    }

    static Stream<Arguments> closedLists() {
        return Stream.of(
                Arguments.of("/$defs/run/properties/cache_handling", names(CacheHandling.values(),
                        Enum::name)),
                Arguments.of("/$defs/verification/properties/first_bad_kind",
                        names(DataLossKind.values(), Enum::name)),
                Arguments.of("/$defs/block_device/properties/kind",
                        names(BlockDevice.Kind.values(), OutputSchemaTest::lowerCase)),
                Arguments.of("/$defs/cache_cliff/properties/cause",
                        names(CacheCliff.Cause.values(), Enum::name)),
                Arguments.of("/$defs/sustained_job/properties/sustained/properties/stop",
                        names(SustainedReport.Stop.values(), Enum::name)),
                Arguments.of("/$defs/capacity_check_job/properties/capacity_check/properties/stop",
                        names(CapacityCheckReport.Stop.values(), Enum::name)),
                Arguments.of("/$defs/capacity_probe_job/properties/capacity_probe/properties/"
                        + "medium_kind", names(MediumKind.values(), OutputSchemaTest::lowerCase)),
                Arguments.of("/$defs/engine/properties/name",
                        names(IoEngine.values(), IoEngine::fioName)),
                Arguments.of("/$defs/requirement/properties/verdict",
                        names(RequirementCheck.Outcome.values(), OutputSchemaTest::lowerCase)),
                Arguments.of("/$defs/requirement/properties/results/items/properties/status",
                        names(RequirementCheck.Status.values(), JsonReport::status)),
                Arguments.of("/$defs/requirement/properties/results/items/properties/not_judged",
                        names(RequirementCheck.NotJudged.values(), OutputSchemaTest::lowerCase)),
                Arguments.of("/$defs/requirement/properties/results/items/properties/criterion",
                        names(StorageRequirement.Criterion.values(), OutputSchemaTest::lowerCase)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("closedLists")
    void aClosedListIsTheCodesEnum(String pointer, List<String> written) throws IOException {
        JsonNode list = MAPPER.readTree(DOCUMENTED.toFile()).at(pointer + "/enum");
        List<String> listed = new ArrayList<>();
        list.forEach(v -> {
            if (!v.isNull()) {
                listed.add(v.asText());
            }
        });
        assertThat(listed).as(pointer).containsExactlyInAnyOrderElementsOf(written);
    }

    @Test
    void everyKeyOfTheSchemaSaysWhatItHoldsAndInWhichUnit() throws IOException {
        List<String> undescribed = new ArrayList<>();
        describe(MAPPER.readTree(DOCUMENTED.toFile()).get("$defs"), "/$defs", undescribed);
        assertThat(undescribed).as("properties without a description").isEmpty();
    }

    /** Collects each property of a closed object whose schema has neither a description nor a const. */
    private static void describe(JsonNode node, String at, List<String> undescribed) {
        JsonNode properties = node.get("properties");
        if (properties != null) {
            properties.properties().forEach(e -> {
                JsonNode p = e.getValue();
                if (!p.has("description") && !p.has("const") && !p.has("$ref")) {
                    undescribed.add(at + "/properties/" + e.getKey());
                }
                if (isNumeric(p) && !p.path("description").asText().matches(
                        "(?s).*\\b(bytes|ns|per second|percent|I/Os|blocks|runs|threads|lanes"
                        + "|depth|decimals|seed|files|rounds|number|requests|fdatasync)\\b.*")) {
                    undescribed.add(at + "/properties/" + e.getKey() + " (no unit)");
                }
            });
        }
        node.properties().forEach(e -> {
            if (e.getValue().isObject()) {
                describe(e.getValue(), at + "/" + e.getKey(), undescribed);
            } else if (e.getValue().isArray()) {
                for (int i = 0; i < e.getValue().size(); i++) {
                    describe(e.getValue().get(i), at + "/" + e.getKey() + "/" + i, undescribed);
                }
            }
        });
    }

    private static boolean isNumeric(JsonNode property) {
        JsonNode type = property.path("type");
        return type.toString().contains("integer") || type.toString().contains("number");
    }

    private static <E> List<String> names(E[] values, Function<E, String> written) {
        return Arrays.stream(values).map(written).toList();
    }

    private static String lowerCase(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
