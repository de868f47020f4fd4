package io.github.drivespeed.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.fio.internal.Results;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * fio's json+ of fixed reports, exact text out ({@code src/test/resources/golden/fio-*.json+}), in
 * several default locales: fio's number and date forms must not change with them. Rewritten by
 * {@code -Ddrivespeed.updateGolden=true}, as {@link GoldenFileTest}'s files.
 */
class FioGoldenFileTest {

    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    private static final Locale DEFAULT = Locale.getDefault();
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-01T14:16:17.123Z"),
            ZoneOffset.UTC);

    @AfterEach
    void restoreLocale() {
        Locale.setDefault(DEFAULT);
    }

    static Stream<Arguments> cases() {
        Stream.Builder<Arguments> b = Stream.builder();
        for (String n : new String[] {"workload", "sequential", "workload-libaio"}) {
            for (String l : new String[] {"en-US", "de-DE", "tr-TR", "ar-EG-u-nu-arab"}) {
                b.add(Arguments.of(n, l));
            }
        }
        return b.build();
    }

    @ParameterizedTest(name = "fio-{0}.json+ in {1}")
    @MethodSource("cases")
    void jsonPlus(String name, String locale) throws IOException {
        Locale.setDefault(Locale.forLanguageTag(locale));
        Results r = switch (name) {
            case "workload" -> Results.of(ReportFixtures.mixedWorkload());
            case "workload-libaio" -> Results.of(ReportFixtures.asyncWorkload());
            default -> Results.of(ReportFixtures.sequential());
        };
        StringWriter out = new StringWriter();
        FioJsonOutput.jsonPlus("drivespeed (golden test)").withClock(CLOCK).write(r, out);
        Path golden = GOLDEN.resolve("fio-" + name + ".json+");
        if (Boolean.getBoolean("drivespeed.updateGolden") && locale.equals("en-US")) {
            Files.writeString(golden, out.toString(), StandardCharsets.UTF_8);
        }
        assertThat(out.toString()).as("%s (rewrite with -Ddrivespeed.updateGolden=true after a"
                + " deliberate change)", golden).isEqualTo(Files.readString(golden,
                        StandardCharsets.UTF_8));
    }
}
