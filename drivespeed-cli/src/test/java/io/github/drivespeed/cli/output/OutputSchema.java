package io.github.drivespeed.cli.output;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The JSON Schema of {@code drivespeed --json} as the jar ships it
 * ({@value #RESOURCE}, a copy of docs/output-schema.json), and the reading of a document through
 * it: every test that reads the command's JSON reads it here, so a document that breaks the
 * schema fails the test that made it.
 *
 * <p>The published schema is open to keys it does not name, so that a consumer that validates
 * a later release's output (a key added, {@code schema_version} unchanged) with today's schema
 * accepts it. The tests read through its strict form ({@link #strict(JsonNode)}): every object
 * that names its properties is closed ({@code additionalProperties: false}), so a key the
 * writer adds without documenting it fails the build.
 */
public final class OutputSchema {

    /** Where the schema is in the drivespeed-cli jar. */
    public static final String RESOURCE = "/io/github/drivespeed/cli/output-schema.json";

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNode PUBLISHED = load();
    private static final Schema SCHEMA = compile(strict(PUBLISHED));
    private static final Schema PUBLISHED_SCHEMA = compile(PUBLISHED);

    private OutputSchema() {
    }

    private static JsonNode load() {
        try (InputStream in = OutputSchema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the class path");
            }
            return MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Schema compile(JsonNode schema) {
        return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(schema.toString(), InputFormat.JSON);
    }

    /**
     * {@return a copy of the schema in which every object schema that lists its
     * {@code properties} and says nothing of others allows no other key}
     *
     * @param schema a JSON Schema
     */
    static JsonNode strict(JsonNode schema) {
        JsonNode copy = schema.deepCopy();
        close(copy);
        return copy;
    }

    private static void close(JsonNode node) {
        if (node instanceof ObjectNode object && object.has("properties")
                && !object.has("additionalProperties")) {
            object.put("additionalProperties", false);
        }
        node.forEach(OutputSchema::close);
    }

    /**
     * {@return each way the document breaks the published schema, which is open to added keys;
     * empty when it conforms}
     *
     * @param json a document's text
     */
    public static List<String> publishedViolations(String json) {
        return PUBLISHED_SCHEMA.validate(json, InputFormat.JSON).stream().map(Error::toString)
                .toList();
    }

    /**
     * {@return each way the document breaks the schema's strict form (no key it does not name), as
     * the validator words it; empty when it conforms}
     *
     * @param json a document's text
     */
    public static List<String> violations(String json) {
        return SCHEMA.validate(json, InputFormat.JSON).stream().map(Error::toString).toList();
    }

    /**
     * {@return the document, parsed, after checking it against the schema}
     *
     * @param json the text {@code --json} wrote
     * @throws AssertionError naming every violation, if it breaks the schema
     */
    public static JsonNode read(String json) {
        List<String> violations = violations(json);
        if (!violations.isEmpty()) {
            throw new AssertionError("the --json document breaks " + RESOURCE + ":\n  "
                    + String.join("\n  ", violations) + "\n" + json);
        }
        try {
            return MAPPER.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@return the document in the file, parsed, after checking it against the schema}
     *
     * @param file a file {@code --json --output} wrote
     * @throws AssertionError naming every violation, if it breaks the schema
     */
    public static JsonNode read(Path file) {
        try {
            return read(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
