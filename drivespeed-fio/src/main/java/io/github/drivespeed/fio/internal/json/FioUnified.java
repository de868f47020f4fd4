package io.github.drivespeed.fio.internal.json;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * fio's {@code unified_rw_reporting} (HOWTO "Measurements and reporting"; stat.c
 * {@code add_ddir_status_json}, {@code add_mixed_ddir_status_json}): whether a job's reads and
 * writes are reported apart, summed into one {@code mixed} direction instead, or both.
 */
enum FioUnified {
    /** {@code none} ({@code 0}, fio's default): {@code read}, {@code write}, {@code trim}. */
    NONE,
    /** {@code mixed} ({@code 1}): one {@code mixed} object in place of the three. */
    MIXED,
    /** {@code both}: the three, then {@code mixed}. */
    BOTH;

    /**
     * {@return the setting a job's options give: its own over the global one, as fio applies
     * them; the value was checked when the job was read}
     *
     * @param global the global options as written
     * @param own the job's own options as written
     */
    static FioUnified of(Map<String, String> global, Map<String, String> own) {
        Map<String, String> o = new LinkedHashMap<>(global);
        o.putAll(own);
        return parse(o.getOrDefault("unified_rw_reporting", "none"));
    }

    /**
     * {@return the setting fio's value names}
     *
     * @param value {@code none}, {@code mixed}, {@code both}, {@code 0} or {@code 1}
     * @throws IllegalArgumentException naming the option and the value, for another value
     */
    static FioUnified parse(String value) {
        switch (value) {
            case "none", "0":
                return NONE;
            case "mixed", "1":
                return MIXED;
            case "both":
                return BOTH;
            default:
                throw new IllegalArgumentException("unified_rw_reporting '" + value
                        + "': expected none, mixed, both, 0 or 1");
        }
    }
}
