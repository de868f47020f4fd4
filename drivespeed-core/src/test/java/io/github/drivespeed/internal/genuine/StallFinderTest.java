package io.github.drivespeed.internal.genuine;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.report.medium.RateDrop;
import io.github.drivespeed.report.medium.Stall;
import io.github.drivespeed.report.Timeline;
import io.github.drivespeed.report.TimelinePoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The stall rule on completion logs, and the workload's rate drop on timelines. */
class StallFinderTest {

    private static final long MS = 1_000_000L;
    private static final long BLOCK = 4L << 20;

    /** Completion times of {@code n} blocks of {@code blockNanos} each, one of them {@code slow}. */
    private static long[] log(int n, long blockNanos, int slowBlock, long slowNanos) {
        long[] c = new long[n];
        long t = 0;
        for (int i = 0; i < n; i++) {
            t += i == slowBlock ? slowNanos : blockNanos;
            c[i] = t;
        }
        return c;
    }

    @Test
    void aSecondAndAHalfWithoutACompletionAmongFastBlocksIsAStall() {
        long[] c = log(16, 60 * MS, 8, 1500 * MS);
        Stall s = StallFinder.find(c, 16, i -> i * BLOCK, 1500 * MS).orElseThrow();
        assertThat(s.noProgressNanos()).isEqualTo(1500 * MS);
        assertThat(s.offsetBytes()).isEqualTo(8 * BLOCK);
        assertThat(s.startedAtNanos()).isEqualTo(8 * 60 * MS);
        assertThat(s.medianBlockNanos()).isEqualTo(60 * MS);
        assertThat(s.toString()).contains("no block completed for 1.500 s", "at offset");
    }

    @Test
    void aPauseUnderOneSecondIsNotAStall() {
        long[] c = log(16, 10 * MS, 3, 990 * MS);
        assertThat(StallFinder.find(c, 16, i -> i * BLOCK, 990 * MS)).isEmpty();
    }

    @Test
    void largeBlocksOnASlowMediumAreItsPaceNotAStall() {
        // 64 MiB blocks at 30 MB/s: 2.2 s each, one of them 3 s
        long[] c = log(8, 2200 * MS, 4, 3000 * MS);
        assertThat(StallFinder.find(c, 8, i -> i * (64L << 20), 3000 * MS)).isEmpty();
    }

    @Test
    void aStallBeforeTheFirstCompletionStartsAtTheStartOfThePass() {
        long[] c = log(16, 20 * MS, 0, 2000 * MS);
        Stall s = StallFinder.find(c, 16, i -> i * BLOCK, 2000 * MS).orElseThrow();
        assertThat(s.startedAtNanos()).isZero();
        assertThat(s.offsetBytes()).isZero();
    }

    private static Timeline timeline(long... bytesPerInterval) {
        List<TimelinePoint> points = new ArrayList<>();
        for (int i = 0; i < bytesPerInterval.length; i++) {
            points.add(new TimelinePoint(i * 500 * MS, (i + 1) * 500 * MS, bytesPerInterval[i], 1));
        }
        return new Timeline(500 * MS, points);
    }

    @Test
    void aWorkloadTimelineThatFallsFourfoldAndStaysThereIsADrop() {
        long fast = 16L << 20;
        long slow = 4L << 20;
        RateDrop d = TimelineDrop.find(timeline(fast, fast, fast, fast, slow, slow, slow, slow))
                .orElseThrow();
        assertThat(d.dropFactor()).isEqualTo(4.0);
        assertThat(d.bytesBeforeDrop()).isEqualTo(64L << 20);
        assertThat(d.nanosBeforeDrop()).isEqualTo(2000 * MS);
    }

    @Test
    void theIntervalInWhichTheRateFellIsLeftOutOfBothSides() {
        long fast = 16L << 20;
        long slow = 4L << 20;
        RateDrop d = TimelineDrop.find(timeline(fast, fast, fast, 10L << 20, slow, slow, slow))
                .orElseThrow();
        assertThat(d.bytesBeforeDrop()).isEqualTo(48L << 20);
        assertThat(d.bytesPerSecondBefore()).isEqualTo(2.0 * fast);
        assertThat(d.bytesPerSecondAfter()).isEqualTo(2.0 * slow);
    }

    @Test
    void aSteadyOrRecoveringWorkloadTimelineIsNoDrop() {
        long r = 16L << 20;
        assertThat(TimelineDrop.find(timeline(r, r, r, r, r, r, r, r))).isEmpty();
        assertThat(TimelineDrop.find(timeline(r, r, r, r / 8, r / 8, r, r, r))).isEmpty();
        assertThat(TimelineDrop.find(timeline(r, r))).isEqualTo(Optional.empty());
    }
}
