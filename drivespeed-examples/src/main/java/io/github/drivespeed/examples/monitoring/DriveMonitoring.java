package io.github.drivespeed.examples.monitoring;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.micrometer.DriveSpeedMeterBinder;
import io.github.drivespeed.micrometer.Measurement;
import io.github.drivespeed.micrometer.MeasurementListener;
import io.github.drivespeed.micrometer.MeasurementSchedule;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.requirement.StorageRequirement;
import io.github.drivespeed.spring.boot.DriveSpeedHealthIndicator;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.health.contributor.Health;

/**
 * Example: the library's meters and health indicator on a plan of one's own, without Spring's
 * auto-configuration (which measures {@code drivespeed.paths} with its own small plan): one
 * {@link MeasurementSchedule} feeds both a {@link DriveSpeedMeterBinder}, bound here to a
 * Prometheus registry, and a {@link DriveSpeedHealthIndicator}. After the first measurement it
 * prints the health and the scrape's drivespeed lines (bucket lines left out), and stops.
 *
 * <pre>
 * java -cp drivespeed-examples/target/drivespeed-examples.jar \
 *     io.github.drivespeed.examples.monitoring.DriveMonitoring /var/lib/myapp 'write=20MB/s'
 * </pre>
 */
public final class DriveMonitoring {

    private DriveMonitoring() {
    }

    /**
     * {@return a schedule of a brief measurement of {@code directory}: 16 MiB written and read
     * back in 1 MiB blocks, then one second of random 4 KiB reads, every 10 minutes}
     *
     * @param directory the directory to watch
     * @param initialDelay time to the first measurement
     */
    public static MeasurementSchedule schedule(Path directory, Duration initialDelay) {
        return new MeasurementSchedule(
                DriveSpeed.on(directory).blockSize("1M").count(16).runs(1).directOrBuffered(),
                DriveSpeed.workload(directory).preset(Preset.RND4K_Q1T1).size("16M")
                        .duration(Duration.ofSeconds(1)).directOrBuffered(),
                initialDelay, Duration.ofMinutes(10));
    }

    /**
     * Measures {@code args[0]} once on the schedule's thread and prints the health against
     * {@code args[1]} and the meters.
     *
     * @param args the directory, and a requirement ({@link StorageRequirement#parse})
     * @throws InterruptedException if interrupted while waiting for the measurement
     */
    public static void main(String[] args) throws InterruptedException {
        System.exit(run(args, System.out));
    }

    /**
     * The program behind {@link #main}.
     *
     * @param args the directory, and a requirement
     * @param out where to print
     * @return 0 when the drive is UP, 1 otherwise, 2 for wrong arguments
     * @throws InterruptedException if interrupted while waiting for the measurement
     */
    public static int run(String[] args, PrintStream out) throws InterruptedException {
        if (args.length != 2) {
            out.println("usage: DriveMonitoring DIRECTORY REQUIREMENT");
            return 2;
        }
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        CountDownLatch measured = new CountDownLatch(1);
        try (MeasurementSchedule schedule = schedule(Path.of(args[0]), Duration.ZERO)) {
            new DriveSpeedMeterBinder(schedule).bindTo(registry);
            DriveSpeedHealthIndicator health = new DriveSpeedHealthIndicator(schedule,
                    StorageRequirement.parse(args[1]));
            schedule.addListener(new MeasurementListener() {
                @Override
                public void measured(Measurement m) {
                    measured.countDown();
                }

                @Override
                public void failed(Exception failure) {
                    measured.countDown();
                }
            });
            schedule.start();
            measured.await(5, TimeUnit.MINUTES);
            Health h = health.health();
            out.println("health: " + h.getStatus() + " " + h.getDetails());
            Arrays.stream(registry.scrape().split("\n"))
                    .filter(l -> l.startsWith("drivespeed_") && !l.contains("_bucket{"))
                    .forEach(out::println);
            return "UP".equals(h.getStatus().getCode()) ? 0 : 1;
        }
    }
}
