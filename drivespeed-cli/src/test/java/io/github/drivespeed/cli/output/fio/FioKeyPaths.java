package io.github.drivespeed.cli.output.fio;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Compares the shape of two fio documents: every key path of the first must be in the second with
 * the same JSON type. The children of {@code bins} (keyed by the latencies that occurred) and of
 * {@code job options} / {@code global options} (the options as the user spelled them) are not
 * compared by name, only the objects themselves.
 */
public final class FioKeyPaths {

    private static final Set<String> OPAQUE = Set.of("bins", "job options", "global options");

    private FioKeyPaths() {
    }

    /**
     * @param fio fio's document
     * @param drivespeed drivespeed's
     * @return one line per key path of {@code fio} that {@code drivespeed} lacks or types
     *     differently, for example {@code .jobs[0].read.bw: missing}; empty when none
     */
    public static List<String> missingOrRetyped(JsonNode fio, JsonNode drivespeed) {
        List<String> problems = new ArrayList<>();
        walk("", fio, drivespeed, problems);
        return problems;
    }

    private static void walk(String path, JsonNode a, JsonNode b, List<String> problems) {
        if (b == null || b.isMissingNode()) {
            problems.add(path + ": missing");
            return;
        }
        if (a.getNodeType() != b.getNodeType()) {
            problems.add(path + ": " + a.getNodeType() + " in fio, " + b.getNodeType()
                    + " in drivespeed");
            return;
        }
        if (a.isObject()) {
            String last = path.substring(path.lastIndexOf('.') + 1);
            if (OPAQUE.contains(last)) {
                return;
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = a.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                walk(path + "." + e.getKey(), e.getValue(), b.get(e.getKey()), problems);
            }
        } else if (a.isArray()) {
            for (int i = 0; i < a.size(); i++) {
                walk(path + "[" + i + "]", a.get(i), b.get(i), problems);
            }
        }
    }
}
