package io.github.drivespeed.fio.internal.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.RoundingMode;

/** Jackson nodes with fio's number forms: integers as integers, floats with {@code %f}'s six decimals. */
final class FioNodes {

    /** Keeps BigDecimal scale, so that 100 prints as fio's {@code 100.000000}. */
    static final JsonNodeFactory NODES = new JsonNodeFactory(true);

    private FioNodes() {
    }

    /** @return a new object */
    static ObjectNode object() {
        return NODES.objectNode();
    }

    /**
     * @param value a figure; NaN or infinite where it cannot be computed
     * @return it with six decimals, or fio's {@code 0.000000} where it cannot be computed (fio
     *     writes zeros, never null)
     */
    static JsonNode decimal(double value) {
        double v = Double.isFinite(value) ? value : 0;
        return NODES.numberNode(BigDecimal.valueOf(v).setScale(6, RoundingMode.HALF_EVEN));
    }
}
