package io.github.drivespeed.spring.boot;

import io.github.drivespeed.micrometer.DriveSpeedMeterBinder;
import io.github.drivespeed.micrometer.MeasurementSchedule;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.ConfigurationPropertiesBinding;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * drivespeed in a Spring Boot application, switched on by {@code drivespeed.paths}
 * ({@link DriveSpeedProperties}): the {@link DriveSpeedSchedules}, a health contributor
 * {@code drivespeed} with one {@link DriveSpeedHealthIndicator} per directory (where Spring
 * Boot's health support is present and {@code management.health.drivespeed.enabled} is not
 * {@code false}), and a {@link MeterBinder} with one {@link DriveSpeedMeterBinder} per
 * directory (where Micrometer is present; Spring Boot binds it to every registry).
 *
 * @since 0.1.0
 */
@AutoConfiguration
// the condition is read by Spring alone (the package is open to it), no type of the API
@SuppressWarnings("exports")
@Conditional(OnDriveSpeedPathsCondition.class)
@EnableConfigurationProperties(DriveSpeedProperties.class)
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
     * {@return one measurement schedule per directory of {@code drivespeed.paths}}
     *
     * @param properties the settings
     */
    @Bean
    @ConditionalOnMissingBean
    DriveSpeedSchedules driveSpeedSchedules(DriveSpeedProperties properties) {
        return new DriveSpeedSchedules(properties);
    }

    /** The health contributor, where Spring Boot's health support is present. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(HealthIndicator.class)
    @ConditionalOnEnabledHealthIndicator("drivespeed")
    static class HealthContributorConfiguration {

        /**
         * {@return a composite named {@code drivespeed}: one indicator per directory, named
         * after its path}
         *
         * @param schedules the measurements
         * @param properties the settings, for the requirement
         */
        @Bean
        @ConditionalOnMissingBean(name = "drivespeedHealthContributor")
        CompositeHealthContributor drivespeedHealthContributor(DriveSpeedSchedules schedules,
                DriveSpeedProperties properties) {
            Map<String, HealthIndicator> byName = new LinkedHashMap<>();
            for (Map.Entry<Path, MeasurementSchedule> e : schedules.byPath().entrySet()) {
                MeasurementSchedule s = e.getValue();
                byName.put(contributorName(e.getKey()), properties.getRequirement() == null
                        ? new DriveSpeedHealthIndicator(s)
                        : new DriveSpeedHealthIndicator(s, properties.getRequirement()));
            }
            return CompositeHealthContributor.fromMap(byName);
        }
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
