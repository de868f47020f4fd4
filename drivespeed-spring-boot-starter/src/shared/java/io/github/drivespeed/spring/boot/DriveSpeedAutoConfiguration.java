package io.github.drivespeed.spring.boot;

import io.github.drivespeed.micrometer.DriveSpeedMeterBinder;
import io.github.drivespeed.micrometer.MeasurementSchedule;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.ConfigurationPropertiesBinding;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.scheduling.TaskScheduler;

/**
 * drivespeed in a Spring Boot application, switched on by {@code drivespeed.paths}
 * ({@link DriveSpeedProperties}): the {@link DriveSpeedSchedules}, a health contributor
 * {@code drivespeed} with one {@link DriveSpeedHealthIndicator} per directory (where Spring
 * Boot's health support is present and {@code management.health.drivespeed.enabled} is not
 * {@code false}), and a {@link MeterBinder} with one {@link DriveSpeedMeterBinder} per
 * directory (where Micrometer is present; Spring Boot binds it to every registry). The
 * measurements run on the application's {@link TaskScheduler} where it has exactly one, on
 * threads of their own otherwise.
 *
 * <p>The same class in drivespeed-spring-boot-starter (Spring Boot 4's health API) and
 * drivespeed-spring-boot3-starter (Spring Boot 3's): each brings its own health contributor
 * configuration; {@code OtherBootGenerationWarning} warns at start-up when the application is of
 * the other generation.
 *
 * @since 0.1.0
 */
@AutoConfiguration
// the condition is read by Spring alone (the package is open to it), no type of the API
@SuppressWarnings("exports")
@Conditional(OnDriveSpeedPathsCondition.class)
@EnableConfigurationProperties(DriveSpeedProperties.class)
@Import({DriveSpeedHealthConfiguration.class, OtherBootGenerationWarning.class})
public class DriveSpeedAutoConfiguration {

    /**
     * Creates the auto-configuration; Spring Boot does, where {@code drivespeed.paths} is set.
     */
    public DriveSpeedAutoConfiguration() {
        // nothing to set up
    }

    /**
     * {@return the converter that reads {@code drivespeed.requirement}}
     */
    @Bean
    @ConfigurationPropertiesBinding
    static StorageRequirementConverter driveSpeedStorageRequirementConverter() {
        return new StorageRequirementConverter();
    }

    /**
     * {@return one measurement schedule per directory of {@code drivespeed.paths}, on the
     * application's task scheduler where it has exactly one}
     *
     * @param properties the settings
     * @param taskScheduler the application's task schedulers
     */
    @Bean
    @ConditionalOnMissingBean
    DriveSpeedSchedules driveSpeedSchedules(DriveSpeedProperties properties,
            ObjectProvider<TaskScheduler> taskScheduler) {
        TaskScheduler scheduler = taskScheduler.getIfUnique();
        return scheduler == null ? new DriveSpeedSchedules(properties)
                : new DriveSpeedSchedules(properties, scheduler);
    }

    /** The meters, where Micrometer is present. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(MeterBinder.class)
    static class MeterBinderConfiguration {

        /**
         * {@return a binder of every directory's meters}
         *
         * @param schedules the measurements
         */
        @Bean
        @ConditionalOnMissingBean(name = "driveSpeedMeterBinder")
        MeterBinder driveSpeedMeterBinder(DriveSpeedSchedules schedules) {
            List<DriveSpeedMeterBinder> binders = schedules.byPath().values().stream()
                    .map(DriveSpeedMeterBinder::new).toList();
            return registry -> binders.forEach(b -> b.bindTo(registry));
        }
    }

    /**
     * One health indicator per directory, by {@link #contributorName(Path)}, in the order of
     * {@code drivespeed.paths}: the health contributor's parts, in either generation of Spring
     * Boot's health API.
     */
    static <T> Map<String, T> byContributorName(DriveSpeedSchedules schedules,
            Function<MeasurementSchedule, T> indicator) {
        Map<String, T> byName = new LinkedHashMap<>();
        for (Map.Entry<Path, MeasurementSchedule> e : schedules.byPath().entrySet()) {
            byName.put(contributorName(e.getKey()), indicator.apply(e.getValue()));
        }
        return byName;
    }

    /**
     * A health contributor's name for a directory: its path without the leading slash, each
     * character other than a letter, digit, dot, dash or underscore as a dash
     * ({@code /var/lib/myapp} is {@code var-lib-myapp}); the indicator's {@code path} detail
     * gives the path itself.
     */
    static String contributorName(Path path) {
        String name = path.toString().replaceAll("[^A-Za-z0-9._-]", "-").replaceAll("^-+", "");
        return name.isEmpty() ? "root" : name;
    }
}
