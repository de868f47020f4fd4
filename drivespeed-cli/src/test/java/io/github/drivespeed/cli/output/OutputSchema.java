package io.github.drivespeed.cli.output;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
 */
public final class OutputSchema {

    /** Where the schema is in the drivespeed-cli jar. */
    public static final String RESOURCE = "/io/github/drivespeed/cli/output-schema.json";

    private static final Schema SCHEMA = load();
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private OutputSchema() {
    }

    private static Schema load() {
        try (InputStream in = OutputSchema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the class path");
            }
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                    .getSchema(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@return each way the document breaks the schema, as the validator words it; empty when it
     * conforms}
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
