package io.github.drivespeed.spring.boot;

import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * drivespeed's health contributor on Spring Boot 4's health API (spring-boot-health), which
 * {@link DriveSpeedAutoConfiguration} imports; where that API is absent,
 * {@link OtherBootGenerationWarning} says so.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = BootGeneration.HEALTH_API)
class DriveSpeedHealthConfiguration {

    /**
     * {@return a composite named {@code drivespeed}: one indicator per directory, named after its
     * path} Off where {@code management.health.drivespeed.enabled} is {@code false}: a condition
     * on the method, read only where the class's holds.
     *
     * @param schedules the measurements
     * @param properties the settings, for the requirement
     */
    @Bean
    @ConditionalOnEnabledHealthIndicator("drivespeed")
    @ConditionalOnMissingBean(name = "drivespeedHealthContributor")
    CompositeHealthContributor drivespeedHealthContributor(DriveSpeedSchedules schedules,
            DriveSpeedProperties properties) {
        return CompositeHealthContributor.fromMap(DriveSpeedAutoConfiguration.byContributorName(
                schedules, s -> properties.getRequirement() == null
                        ? new DriveSpeedHealthIndicator(s)
                        : new DriveSpeedHealthIndicator(s, properties.getRequirement())));
    }
}
