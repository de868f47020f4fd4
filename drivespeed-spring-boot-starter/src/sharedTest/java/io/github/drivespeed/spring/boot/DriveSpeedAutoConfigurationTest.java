package io.github.drivespeed.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.micrometer.DriveSpeedMeterBinder;
import io.github.drivespeed.micrometer.Measurement;
import io.github.drivespeed.micrometer.MeasurementListener;
import io.github.drivespeed.micrometer.MeasurementOutcome;
import io.github.drivespeed.micrometer.MeasurementSchedule;
import io.github.drivespeed.testing.TestFiles;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * The auto-configuration in an application context, on real temporary directories; the same
 * tests for both starters, each reading its generation of Spring Boot's health API through
 * {@link BootHealth}.
 */
@ExtendWith(OutputCaptureExtension.class)
class DriveSpeedAutoConfigurationTest {

    private static final String UP = "UP";
    private static final String DOWN = "DOWN";
    private static final String UNKNOWN = "UNKNOWN";

    @TempDir
    Path dir;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(DriveSpeedAutoConfiguration.class))
            .withConfiguration(BootHealth.METRICS);

    @AfterEach
    void nothingLeftBehind() throws IOException {
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    /** One small measurement, at once, then none for an hour. */
    private ApplicationContextRunner measuringAtOnce(String... more) {
        return runner.withPropertyValues("drivespeed.paths=" + dir, "drivespeed.initial-delay=0s",
                "drivespeed.interval=1h", "drivespeed.size=4M",
                "drivespeed.random-read-duration=200ms")
                .withPropertyValues(more);
    }

    private static MeasurementSchedule schedule(AssertableApplicationContext context, Path path) {
        return context.getBean(DriveSpeedSchedules.class).byPath().get(path);
    }

    private static Measurement awaitMeasurement(MeasurementSchedule schedule)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (schedule.latest().isEmpty() && schedule.lastFailure().isEmpty()
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(schedule.lastFailure()).isEmpty();
        return schedule.latest().orElseThrow();
    }

    private static HealthReading health(AssertableApplicationContext context, Path path) {
        return BootHealth.health(context, DriveSpeedAutoConfiguration.contributorName(path));
    }

    /** Records the name of the thread each measurement ends on, from before the start. */
    private static BeanPostProcessor measuringThreads(List<String> names) {
        MeasurementListener listener = m -> names.add(Thread.currentThread().getName());
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String beanName) {
                if (bean instanceof DriveSpeedSchedules schedules) {
                    schedules.byPath().values().forEach(s -> s.addListener(listener));
                }
                return bean;
            }
        };
    }

    private static ThreadPoolTaskScheduler taskScheduler() {
        ThreadPoolTaskScheduler scheduler = new ThreadPoolTaskScheduler();
        scheduler.setThreadNamePrefix("application-scheduling-");
        return scheduler;
    }

    @Test
    void withoutPathsThereIsNothing() {
        runner.run(context -> assertThat(context).hasNotFailed()
                .doesNotHaveBean(DriveSpeedSchedules.class)
                .doesNotHaveBean("drivespeedHealthContributor")
                .doesNotHaveBean("driveSpeedMeterBinder"));
    }

    @Test
    void pathsGiveAScheduleAHealthContributorAndMetersPerDirectory() throws Exception {
        Path other = Files.createDirectory(dir.resolve("other"));
        runner.withPropertyValues("drivespeed.paths=" + dir + "," + other).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(DriveSpeedSchedules.class)
                    .hasBean("drivespeedHealthContributor").hasBean("driveSpeedMeterBinder");
            assertThat(context.getBean(DriveSpeedSchedules.class).byPath()).containsOnlyKeys(dir,
                    other);
            MeterRegistry registry = context.getBean(MeterRegistry.class);
            for (Path p : new Path[] {dir, other}) {
                assertThat(registry.get(DriveSpeedMeterBinder.SEQUENTIAL_WRITE)
                        .tag("path", p.toString()).gauge().value()).isNaN();
                // the first measurement is a minute away: nothing measured, health UNKNOWN
                assertThat(health(context, p).status()).isEqualTo(UNKNOWN);
                assertThat(health(context, p).details()).containsEntry("path", p.toString())
                        .containsEntry("exists", true)
                        .containsEntry("outcome", "not measured yet");
            }
        });
        Files.delete(other);
    }

    @Test
    void afterTheFirstMeasurementHealthAndMetersShowIt() throws Exception {
        measuringAtOnce("drivespeed.requirement=write=1kB/s,read=1kB/s").run(context -> {
            Measurement m = awaitMeasurement(schedule(context, dir));
            HealthReading health = health(context, dir);
            assertThat(health.details()).containsEntry("path", dir.toString())
                    .containsEntry("outcome", m.outcome().tagValue())
                    .containsEntry("write", m.sequential().write().median().toString())
                    .containsKeys("read", "randomRead", "measuredAt", "warnings", "threshold");
            MeterRegistry registry = context.getBean(MeterRegistry.class);
            double write = registry.get(DriveSpeedMeterBinder.SEQUENTIAL_WRITE).gauge().value();
            if (m.outcome() == MeasurementOutcome.SUCCESS) {
                assertThat(health.status()).isEqualTo(UP);
                assertThat(write).isEqualTo(m.sequential().write().median().bytesPerSecond());
            } else {
                // another build used the disk meanwhile: the figures are left out, the
                // threshold not judged
                assertThat(health.status()).isEqualTo(UNKNOWN);
                assertThat(health.details()).containsEntry("verdict", "not_judged");
                assertThat(write).isNaN();
            }
        });
    }

    @Test
    void aDriveBelowTheRequirementIsDownNamingTheCriterion() throws Exception {
        measuringAtOnce("drivespeed.requirement=write=1000GB/s").run(context -> {
            Measurement m = awaitMeasurement(schedule(context, dir));
            HealthReading health = health(context, dir);
            if (m.outcome() == MeasurementOutcome.SUCCESS) {
                assertThat(health.status()).isEqualTo(DOWN);
                assertThat(health.details()).containsEntry("verdict", "not_met");
                assertThat(health.details().get("failures").toString())
                        .contains("failed: sequential write >= ");
            } else {
                // another build used the disk meanwhile: left out, not judged, never DOWN
                assertThat(health.status()).isEqualTo(UNKNOWN);
                assertThat(health.details().get("notJudged").toString())
                        .contains("not judged: sequential write >= ");
            }
        });
    }

    /**
     * An SD class is a sustained write minimum: the schedule's short sequential passes never
     * judge it, so its health is UNKNOWN, never UP on a burst (and never DOWN for it).
     */
    @Test
    void anSdClassIsNotJudgedOnTheSchedulesBurstsAndIsUnknown() throws Exception {
        measuringAtOnce("drivespeed.requirement=C2").run(context -> {
            awaitMeasurement(schedule(context, dir));
            HealthReading health = health(context, dir);
            assertThat(health.status()).isEqualTo(UNKNOWN);
            assertThat(health.details()).containsEntry("verdict", "not_judged")
                    .doesNotContainKey("failures");
            assertThat(health.details().get("notJudged").toString())
                    .contains("not judged: sustained write >= 2.00 MB/s");
        });
    }

    @Test
    void anSdClassNameIsARequirementToo() {
        runner.withPropertyValues("drivespeed.paths=" + dir, "drivespeed.requirement=A1")
                .run(context -> assertThat(health(context, dir).details().get("threshold"))
                        .asString().startsWith("SD Application Performance Class 1 (A1)"));
    }

    @Test
    void aRequirementThatDoesNotParseStopsTheStartNamingTheSettingAndTheTerm() {
        runner.withPropertyValues("drivespeed.paths=" + dir, "drivespeed.requirement=write=fast")
                .run(context -> assertThat(context).hasFailed().getFailure()
                        .hasStackTraceContaining("drivespeed.requirement")
                        .hasStackTraceContaining("write=fast"));
    }

    @Test
    void aSizeThatIsNoWholeMebibyteStopsTheStartNamingTheSetting() {
        runner.withPropertyValues("drivespeed.paths=" + dir, "drivespeed.size=1500kB")
                .run(context -> assertThat(context).hasFailed().getFailure()
                        .hasStackTraceContaining("drivespeed.size must be a whole number of MiB"
                                + " (1 MiB blocks), at least 1M: 1500kB"));
    }

    @Test
    void anAbsentDirectoryIsDown() {
        Path absent = dir.resolve("absent");
        runner.withPropertyValues("drivespeed.paths=" + absent).run(context -> {
            HealthReading health = health(context, absent);
            assertThat(health.status()).isEqualTo(DOWN);
            assertThat(health.details()).containsEntry("exists", false);
        });
        assertThat(absent).doesNotExist();
    }

    @Test
    void theHealthContributorCanBeSwitchedOffAsAnyOfSpringBoots() {
        runner.withPropertyValues("drivespeed.paths=" + dir,
                "management.health.drivespeed.enabled=false")
                .run(context -> assertThat(context).hasNotFailed()
                        .doesNotHaveBean("drivespeedHealthContributor")
                        .hasSingleBean(MeterBinder.class));
    }

    @Test
    void closingTheContextStopsTheSchedules() {
        runner.withPropertyValues("drivespeed.paths=" + dir).run(context -> {
            DriveSpeedSchedules schedules = context.getBean(DriveSpeedSchedules.class);
            assertThat(schedules.isRunning()).isTrue();
            context.close();
            assertThat(schedules.isRunning()).isFalse();
        });
    }

    @Test
    void withoutATaskSchedulerEachDirectoryIsMeasuredOnAThreadOfItsOwn() {
        List<String> threads = new CopyOnWriteArrayList<>();
        measuringAtOnce().withBean(BeanPostProcessor.class, () -> measuringThreads(threads))
                .run(context -> {
                    awaitMeasurement(schedule(context, dir));
                    assertThat(threads).containsExactly("drivespeed-measurement");
                });
    }

    @Test
    void theApplicationsTaskSchedulerRunsTheMeasurements() {
        List<String> threads = new CopyOnWriteArrayList<>();
        measuringAtOnce().withBean(BeanPostProcessor.class, () -> measuringThreads(threads))
                .withBean("taskScheduler", ThreadPoolTaskScheduler.class,
                        DriveSpeedAutoConfigurationTest::taskScheduler)
                .run(context -> {
                    awaitMeasurement(schedule(context, dir));
                    assertThat(threads).singleElement().asString()
                            .startsWith("application-scheduling-");
                    DriveSpeedSchedules schedules = context.getBean(DriveSpeedSchedules.class);
                    context.close();
                    assertThat(schedules.isRunning()).isFalse();
                });
    }

    @Test
    void withTwoTaskSchedulersNeitherIsTakenAndTheMeasurementsRunOnTheirOwn() {
        List<String> threads = new CopyOnWriteArrayList<>();
        measuringAtOnce().withBean(BeanPostProcessor.class, () -> measuringThreads(threads))
                .withBean("one", ThreadPoolTaskScheduler.class,
                        DriveSpeedAutoConfigurationTest::taskScheduler)
                .withBean("other", ThreadPoolTaskScheduler.class,
                        DriveSpeedAutoConfigurationTest::taskScheduler)
                .run(context -> {
                    awaitMeasurement(schedule(context, dir));
                    assertThat(threads).containsExactly("drivespeed-measurement");
                });
    }

    /**
     * An application with Actuator but without the health API this starter is built on is of
     * the other generation of Spring Boot: the start-up log names the starter to use, the meters
     * still work.
     */
    @Test
    void onTheOtherGenerationOfSpringBootTheLogNamesTheStarterToUse(CapturedOutput output) {
        runner.withClassLoader(new FilteredClassLoader(BootHealth.HEALTH_API_PACKAGE))
                .withPropertyValues("drivespeed.paths=" + dir)
                .run(context -> assertThat(context).hasNotFailed()
                        .doesNotHaveBean("drivespeedHealthContributor")
                        .hasBean("driveSpeedMeterBinder"));
        assertThat(output.getAll()).contains("WARN").containsOnlyOnce(
                "use io.github.drivespeed:" + BootGeneration.OTHER_STARTER + " instead.");
    }

    @Test
    void onItsOwnGenerationOfSpringBootTheLogSaysNothingOfIt(CapturedOutput output) {
        runner.withPropertyValues("drivespeed.paths=" + dir)
                .run(context -> assertThat(context).hasBean("drivespeedHealthContributor"));
        assertThat(output.getAll()).doesNotContain(BootGeneration.OTHER_STARTER);
    }

    @Test
    void theConfigurationMetadataDescribesEverySetting() throws IOException {
        String metadata;
        try (InputStream in = getClass().getResourceAsStream(
                "/META-INF/spring-configuration-metadata.json")) {
            assertThat(in).as("spring-configuration-metadata.json").isNotNull();
            metadata = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        for (String name : new String[] {"paths", "interval", "initial-delay", "requirement",
                "size", "random-read-duration"}) {
            assertThat(metadata).contains("\"name\": \"drivespeed." + name + "\"");
        }
        // the hand-written part: Spring Boot's switch, and the requirement's values
        assertThat(metadata).contains("\"name\": \"management.health.drivespeed.enabled\"")
                .contains("\"value\": \"A1\"");
        assertThat(metadata).contains("\"type\": \"io.github.drivespeed.requirement"
                + ".StorageRequirement\"");
    }

    @Test
    void aContributorIsNamedAfterItsPath() {
        assertThat(DriveSpeedAutoConfiguration.contributorName(Path.of("/var/lib/my app")))
                .isEqualTo("var-lib-my-app");
        assertThat(DriveSpeedAutoConfiguration.contributorName(Path.of("/"))).isEqualTo("root");
    }
}
