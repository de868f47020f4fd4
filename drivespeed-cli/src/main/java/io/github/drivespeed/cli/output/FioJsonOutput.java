package io.github.drivespeed.cli.output;

import io.github.drivespeed.fio.internal.json.FioJsonWriter;
import io.github.drivespeed.fio.internal.json.FioOutputFormat;

/**
 * fio's JSON as the command line writes it: {@link FioJsonWriter}'s document with drivespeed's
 * own ({@link JsonReport}) as {@code drivespeed.report}.
 */
public final class FioJsonOutput {

    private FioJsonOutput() {
    }

    /**
     * {@return a writer of fio's {@code json}, with drivespeed's own document}
     *
     * @param generator the program and version, for example {@code drivespeed 0.1.0}
     */
    public static FioJsonWriter json(String generator) {
        return FioJsonWriter.json(generator).withOwnReport(r -> JsonReport.toTree(r, generator));
    }

    /**
     * {@return a writer of fio's {@code json+}, with drivespeed's own document}
     *
     * @param generator the program and version
     */
    public static FioJsonWriter jsonPlus(String generator) {
        return FioJsonWriter.jsonPlus(generator)
                .withOwnReport(r -> JsonReport.toTree(r, generator));
    }

    /**
     * {@return a writer of fio's {@code json} or {@code json+}, with drivespeed's own document}
     *
     * @param format {@link FioOutputFormat#JSON} or {@link FioOutputFormat#JSON_PLUS}
     * @param generator the program and version
     * @throws IllegalArgumentException for {@link FioOutputFormat#NORMAL}, which is text
     */
    public static FioJsonWriter of(FioOutputFormat format, String generator) {
        return FioJsonWriter.of(format, generator)
                .withOwnReport(r -> JsonReport.toTree(r, generator));
    }
}
