package io.github.drivespeed.internal.io;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.TimelinePoint;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The recorder's latency figures against an independent computation on the same values (sorting
 * them: nearest-rank percentiles, exact mean and sample standard deviation), and its timeline.
 */
class DirectionRecorderTest {

    private static final long START = 1_000_000_000L;
    private static final long INTERVAL = 100_000_000L;

    @Test
    void percentilesMinMaxMeanAndStdevMatchAnIndependentComputation() {
        SplittableRandom rnd = new SplittableRandom(3);
        int workers = 3;
        int perWorker = 40_000;
        long[] all = new long[workers * perWorker];
        DirectionRecorder[] recorders = new DirectionRecorder[workers];
        int n = 0;
        for (int w = 0; w < workers; w++) {
            recorders[w] = new DirectionRecorder(START, INTERVAL, 0);
            for (int i = 0; i < perWorker; i++) {
                // log-uniform from 200 ns to 2 s, with a few exact repeats
                long v = i % 100 == 0 ? 50_000 : (long) Math.exp(Math.log(200)
                        + rnd.nextDouble() * (Math.log(2e9) - Math.log(200)));
                recorders[w].record(4096, v, START + i * 1000L);
                all[n++] = v;
            }
        }
        Sample s = DirectionRecorder.sample(1, List.of(recorders), 10 * INTERVAL);
        LatencyStats lat = s.latency();

        Arrays.sort(all);
        assertThat(lat.count()).isEqualTo(all.length);
        assertThat(lat.minNanos()).isEqualTo(all[0]);
        assertThat(lat.maxNanos()).isEqualTo(all[all.length - 1]);
        double mean = Arrays.stream(all).average().orElseThrow();
        double squares = Arrays.stream(all).mapToDouble(v -> (v - mean) * (v - mean)).sum();
        assertThat(lat.meanNanos()).isCloseTo(mean, Offset.offset(mean * 1e-12));
        assertThat(lat.standardDeviationNanos()).isCloseTo(Math.sqrt(squares / (all.length - 1)),
                Offset.offset(Math.sqrt(squares / (all.length - 1)) * 1e-9));
        for (double p : LatencyStats.FIO_PERCENTILES) {
            long exact = nearestRank(all, p);
            // HdrHistogram with 3 significant digits: within 0.1 % of the value, rounded up
            assertThat(lat.percentileNanos(p)).as("p%s", p)
                    .isBetween(exact, exact + Math.max(1, (long) Math.ceil(exact * 1e-3)));
        }
        assertThat(lat.fioPercentilesNanos()).hasSize(17).containsKeys(99.99, 50.0, 1.0);
        assertThat(lat.percentileNanos(100)).isEqualTo(all[all.length - 1]);
    }

    /** The smallest value with at least p % of the values at or below it. */
    private static long nearestRank(long[] sorted, double percentile) {
        long rank = (long) Math.ceil(percentile / 100 * sorted.length);
        return sorted[(int) Math.max(0, rank - 1)];
    }

    @Test
    void aSingleValueAndNoValuesGiveNoMadeUpFigures() {
        DirectionRecorder one = new DirectionRecorder(START, INTERVAL, 0);
        one.record(512, 777, START);
        LatencyStats l = DirectionRecorder.sample(1, List.of(one), 1).latency();
        assertThat(l.minNanos()).isEqualTo(777);
        assertThat(l.percentileNanos(50)).isEqualTo(777);
        assertThat(l.percentileNanos(99.99)).isEqualTo(777);
        assertThat(l.standardDeviationNanos()).isNaN();
        Sample none = DirectionRecorder.sample(1, List.of(new DirectionRecorder(START, INTERVAL, 0)), 5);
        assertThat(none.latency()).isSameAs(LatencyStats.NONE);
        assertThat(none.latency().meanNanos()).isNaN();
        assertThat(none.latency().percentileNanos(50)).isEqualTo(-1);
        assertThat(none.ios()).isZero();
    }

    @Test
    void submissionAndCompletionLatencyArePooledBesideTheLatencyOnlyWhereRecorded() {
        DirectionRecorder a = new DirectionRecorder(START, INTERVAL, 0);
        DirectionRecorder b = new DirectionRecorder(START, INTERVAL, 0);
        a.record(4096, 100_000, 3_000, START + 10);   // slat 3 us, clat 97 us
        a.record(4096, 50_000, 1_000, START + 20);    // slat 1 us, clat 49 us
        b.record(4096, 20_000, 5_000, START + 30);    // slat 5 us, clat 15 us
        Sample s = DirectionRecorder.sample(1, List.of(a, b), INTERVAL);
        assertThat(s.latency().count()).isEqualTo(3);
        assertThat(s.latencies().submission().count()).isEqualTo(3);
        assertThat(s.latencies().submission().minNanos()).isEqualTo(1_000);
        assertThat(s.latencies().submission().maxNanos()).isEqualTo(5_000);
        assertThat(s.latencies().completion().minNanos()).isEqualTo(15_000);
        assertThat(s.latencies().completion().maxNanos()).isEqualTo(97_000);
        assertThat(s.latencies().submission().meanNanos() + s.latencies().completion().meanNanos())
                .isCloseTo(s.latency().meanNanos(), Offset.offset(1e-6));

        DirectionRecorder sync = new DirectionRecorder(START, INTERVAL, 0);
        sync.record(4096, 7_000, START + 10);
        Sample t = DirectionRecorder.sample(1, List.of(sync), INTERVAL);
        assertThat(t.latencies().submission()).isSameAs(LatencyStats.NONE);
        assertThat(t.latencies().completion()).isSameAs(t.latency());
    }

    @Test
    void eachIoCountsInTheIntervalItCompletedIn() {
        DirectionRecorder a = new DirectionRecorder(START, INTERVAL, 0);
        DirectionRecorder b = new DirectionRecorder(START, INTERVAL, 0);
        a.record(4096, 10, START);                          // interval 0
        a.record(4096, 10, START + INTERVAL - 1);           // interval 0
        b.record(8192, 10, START + INTERVAL);               // interval 1
        b.record(4096, 10, START + 300 * INTERVAL + 5);     // interval 300, past the initial arrays
        long elapsed = 300 * INTERVAL + 50;
        Sample s = DirectionRecorder.sample(1, List.of(a, b), elapsed);
        List<TimelinePoint> points = s.timeline().points();
        assertThat(points).hasSize(301);
        assertThat(points.get(0).bytes()).isEqualTo(8192);
        assertThat(points.get(0).ios()).isEqualTo(2);
        assertThat(points.get(1).bytes()).isEqualTo(8192);
        assertThat(points.get(300).ios()).isEqualTo(1);
        assertThat(points.get(300).endNanos()).isEqualTo(elapsed);
        assertThat(points.get(1).iops()).isCloseTo(10.0, Offset.offset(1e-9));
        assertThat(points.get(1).throughput().bytesPerSecond()).isCloseTo(81920.0, Offset.offset(1e-6));
        assertThat(s.timeline().totalBytes()).isEqualTo(s.bytes()).isEqualTo(3 * 4096 + 8192);
    }

    @Test
    void completionsThroughManyIntervalsLandWhereADivisionWouldPutThem() {
        DirectionRecorder r = new DirectionRecorder(START, INTERVAL, 0);
        long[] expected = new long[40];
        long t = START;
        SplittableRandom rnd = new SplittableRandom(5);
        for (int i = 0; i < 5000; i++) {
            // steps from 0 to 3 intervals: boundaries hit exactly, intervals skipped
            t += rnd.nextInt(4) == 0 ? INTERVAL * rnd.nextInt(3) : rnd.nextLong(INTERVAL / 100);
            if (t - START >= 40 * INTERVAL) {
                break;
            }
            r.record(512, 1, t);
            expected[(int) ((t - START) / INTERVAL)]++;
        }
        List<TimelinePoint> points = DirectionRecorder.sample(1, List.of(r), 40 * INTERVAL)
                .timeline().points();
        for (int i = 0; i < 40; i++) {
            assertThat(points.get(i).ios()).as("interval %d", i).isEqualTo(expected[i]);
        }
    }
}
