package io.github.drivespeed.cli.output.fio;

import java.util.Arrays;
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
        throw new IllegalArgumentException("invalid value for option '--output-format': '" + value
                + "': give one of " + Arrays.stream(values()).map(FioOutputFormat::fioName)
                        .collect(Collectors.joining(", ")));
    }
}
