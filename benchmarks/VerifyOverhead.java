import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.report.SpeedReport;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * The sequential test with read-back verification on or off, for benchmarks/verify-overhead.sh.
 * Arguments: DIR BLOCK COUNT on|off: one test; prints the read median (MB/s) and the wall time
 * of the whole run() in milliseconds. DIR BLOCK COUNT pairs N: in one JVM, one untimed pair,
 * then N pairs of on and off (which goes first alternates); prints the medians over the pairs of
 * both figures, on and off, and of their ratios pair by pair.
 */
public class VerifyOverhead {
    public static void main(String[] a) throws Exception {
        SequentialPlan p = DriveSpeed.on(Path.of(a[0])).blockSize(a[1]).count(Long.parseLong(a[2]));
        if (!"pairs".equals(a[3])) {
            double[] r = once("off".equals(a[3]) ? p.noVerify() : p);
            System.out.printf(Locale.ROOT, "read_mbps %.1f wall_ms %.0f verified %s%n", r[0], r[1],
                    r[2] > 0 ? (long) r[2] + " B" : "no");
            return;
        }
        int n = Integer.parseInt(a[4]);
        once(p);
        once(p.noVerify());
        double[][] on = new double[2][n];
        double[][] off = new double[2][n];
        double[][] ratio = new double[2][n];
        for (int i = 0; i < n; i++) {
            double[] x;
            double[] y;
            if (i % 2 == 0) {
                x = once(p);
                y = once(p.noVerify());
            } else {
                y = once(p.noVerify());
                x = once(p);
            }
            for (int k = 0; k < 2; k++) {
                on[k][i] = x[k];
                off[k][i] = y[k];
                ratio[k][i] = x[k] / y[k];
            }
        }
        System.out.printf(Locale.ROOT, "pairs %d read_on %.1f read_off %.1f read_ratio %.3f"
                + " wall_on %.0f wall_off %.0f wall_ratio %.3f%n", n, median(on[0]),
                median(off[0]), median(ratio[0]), median(on[1]), median(off[1]),
                median(ratio[1]));
    }

    /** @return read median MB/s, wall time ms, bytes verified */
    private static double[] once(SequentialPlan p) throws Exception {
        long t0 = System.nanoTime();
        SpeedReport r = p.run();
        long wall = System.nanoTime() - t0;
        return new double[] {r.read().median().megabytesPerSecond(), wall / 1e6,
            r.read().verification().map(v -> (double) v.checkedBytes()).orElse(0.0)};
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
