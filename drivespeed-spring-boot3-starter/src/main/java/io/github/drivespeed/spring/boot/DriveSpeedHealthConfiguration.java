package io.github.drivespeed.spring.boot;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.actuate.autoconfigure.health.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.actuate.health.CompositeHealthContributor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * drivespeed's health contributor on Spring Boot 3's health API (Actuator's), which
 * {@link DriveSpeedAutoConfiguration} imports; and, where an application has Spring Boot
 * Actuator but not that API (a Spring Boot 4 application), one warning at start-up naming the
 * starter to use instead.
 */
@Configuration(proxyBeanMethods = false)
class DriveSpeedHealthConfiguration {

    /** Spring Boot 3's health indicator type: present with spring-boot-actuator 3. */
    static final String HEALTH_API = "org.springframework.boot.actuate.health.HealthIndicator";

    /** Present wherever Spring Boot Actuator is, in Spring Boot 3 and 4 alike. */
    static final String ACTUATOR = "org.springframework.boot.actuate.endpoint.annotation.Endpoint";

    private static final Logger LOG = LoggerFactory.getLogger(DriveSpeedHealthConfiguration.class);

    /** The health contributor, where Spring Boot 3's health support is present. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = HEALTH_API)
    static class Contributor {

        /**
         * {@return a composite named {@code drivespeed}: one indicator per directory, named
         * after its path} Unless {@code management.health.drivespeed.enabled} is false: a
         * condition on the method, read only where the class's holds.
         *
         * @param schedules the measurements
         * @param properties the settings, for the requirement
         */
        @Bean
        @ConditionalOnEnabledHealthIndicator("drivespeed")
        @ConditionalOnMissingBean(name = "drivespeedHealthContributor")
        CompositeHealthContributor drivespeedHealthContributor(DriveSpeedSchedules schedules,
                DriveSpeedProperties properties) {
            return CompositeHealthContributor.fromMap(DriveSpeedAutoConfiguration
                    .byContributorName(schedules, s -> properties.getRequirement() == null
                            ? new DriveSpeedHealthIndicator(s)
                            : new DriveSpeedHealthIndicator(s, properties.getRequirement())));
        }
    }

    /** Actuator without Spring Boot 3's health API: the other generation's starter is needed. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = ACTUATOR)
    @ConditionalOnMissingClass(HEALTH_API)
    static class OtherGeneration {

        /** The warning, logged once as the application starts. */
        static final String WARNING = "drivespeed-spring-boot3-starter is built for Spring Boot 3,"
                + " and this application (Spring Boot %s) has Actuator but not Spring Boot 3's"
                + " health API (org.springframework.boot.actuate.health): drivespeed adds no"
                + " health contributor. On Spring Boot 4 use"
                + " io.github.drivespeed:drivespeed-spring-boot-starter instead.";

        OtherGeneration() {
            LOG.warn(String.format(WARNING, SpringBootVersion.getVersion()));
        }
    }
}
