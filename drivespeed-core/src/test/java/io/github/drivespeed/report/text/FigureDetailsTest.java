package io.github.drivespeed.report.text;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.report.Latencies;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.Timeline;
import io.github.drivespeed.warning.Warning;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The lines under {@link Warning#PASS_TOO_SHORT}: what is too short, by which bound, what to do. */
class FigureDetailsTest {

    private static final long KIB_64 = 65536;

    private static Sample run(int run, long ios, long elapsedNanos) {
        return Sample.of(run, ios * KIB_64, elapsedNanos, ios, Latencies.NONE, Timeline.NONE);
    }

    @Test
    void eachRunUnderABoundSaysWhichAndWhatToDo() {
        PassResult read = PassResult.of(PassKind.READ, List.of(run(1, 64, 60_410_000L),
                run(2, 1, 31_400_000L), run(3, 2, 250_000_000L), run(4, 64, 150_000_000L)),
                Set.of(Warning.PASS_TOO_SHORT));
        StringBuilder sb = new StringBuilder();
        FigureDetails.append(sb, Warning.PASS_TOO_SHORT, List.of(read));
        // what to do is the report's, for its kind of test (ReportText.passTooShort)
        String todo = " is too short to time well";
        assertThat(sb.toString().lines()).containsExactly(
                "    read run 1 lasted 60.41 ms (64 blocks): under 100 ms" + todo,
                "    read run 2 lasted 31.40 ms (1 block): under 100 ms and fewer than 4 blocks"
                        + todo,
                "    read run 3 lasted 250.00 ms (2 blocks): fewer than 4 blocks" + todo);
    }
}
