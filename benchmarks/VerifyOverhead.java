import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.report.SpeedReport;
import java.nio.file.Path;
import java.util.Locale;

/**
 * One sequential test with read-back verification on or off, for benchmarks/verify-overhead.sh:
 * prints the read median (MB/s) and the wall time of the whole run() in milliseconds.
 * Arguments: DIR BLOCK COUNT on|off.
 */
public class VerifyOverhead {
    public static void main(String[] a) throws Exception {
        SequentialPlan p = DriveSpeed.on(Path.of(a[0])).blockSize(a[1]).count(Long.parseLong(a[2]));
        if ("off".equals(a[3])) {
            p = p.noVerify();
        }
        long t0 = System.nanoTime();
        SpeedReport r = p.run();
        long wall = System.nanoTime() - t0;
        System.out.printf(Locale.ROOT, "read_mbps %.1f wall_ms %.0f verified %s%n",
                r.read().median().megabytesPerSecond(), wall / 1e6,
                r.read().verification().map(v -> v.checkedBytes() + " B").orElse("no"));
    }
}
