package io.github.drivespeed.fio.internal.json;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** fio's {@code --output-format} values that drivespeed writes. */
public enum FioOutputFormat {
    /** The text summary (drivespeed's own, as without the option). */
    NORMAL("normal"),
    /** fio's JSON. */
    JSON("json"),
    /** fio's JSON with the latency bins. */
    JSON_PLUS("json+");

    private final String fioName;

    FioOutputFormat(String fioName) {
        this.fioName = fioName;
    }

    /** fio's names of its terse format. */
    private static final List<String> TERSE = List.of("terse", "minimal", "csv");

    /**
     * {@return the formats of fio's comma-separated {@code --output-format} list
     * ({@code json,normal}): fio prints each; {@code json+} holds {@code json}, so both name
     * {@link #JSON_PLUS} alone}
     *
     * @param value as given to {@code --output-format}
     * @throws IllegalArgumentException naming the option and the value that is not one of them
     */
    public static Set<FioOutputFormat> parseList(String value) {
        Set<FioOutputFormat> formats = EnumSet.noneOf(FioOutputFormat.class);
        for (String one : value.split(",", -1)) {
            formats.add(parse(one));
        }
        if (formats.contains(JSON_PLUS)) {
            formats.remove(JSON);
        }
        return formats;
    }

    /** {@return the name fio gives it: {@code normal}, {@code json} or {@code json+}} */
    public String fioName() {
        return fioName;
    }

    /**
     * {@return the format fio's {@code --output-format} value names}
     *
     * @param value as given to {@code --output-format}
     * @throws IllegalArgumentException naming the option and the value, and listing the formats,
     *     for anything else (fio's {@code terse} included: drivespeed does not write it)
     */
    public static FioOutputFormat parse(String value) {
        for (FioOutputFormat f : values()) {
            if (f.fioName.equals(value)) {
                return f;
            }
        }
        if (TERSE.contains(value)) {
            throw new IllegalArgumentException("invalid value for option '--output-format': '"
                    + value + "': not supported: drivespeed does not write fio's terse format;"
                    + " give json (or json+), which holds every figure terse does");
        }
        throw new IllegalArgumentException("invalid value for option '--output-format': '" + value
                + "': give one of " + Arrays.stream(values()).map(FioOutputFormat::fioName)
                        .collect(Collectors.joining(", ")));
    }
}
