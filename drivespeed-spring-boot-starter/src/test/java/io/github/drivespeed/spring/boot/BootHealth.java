package io.github.drivespeed.spring.boot;

import java.util.Optional;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.context.ApplicationContext;

/** What the shared tests need of Spring Boot 4: its meter registry and its health API. */
final class BootHealth {

    /** Spring Boot 4's auto-configuration of a simple meter registry. */
    static final AutoConfigurations METRICS = AutoConfigurations.of(MetricsAutoConfiguration.class,
            CompositeMeterRegistryAutoConfiguration.class,
            SimpleMetricsExportAutoConfiguration.class);

    /** The package of Spring Boot 4's health API, absent in a Spring Boot 3 application. */
    static final String HEALTH_API_PACKAGE = "org.springframework.boot.health";

    private BootHealth() {
    }

    /** {@return the health of the drivespeed contributor's part {@code name}, asked now} */
    static HealthReading health(ApplicationContext context, String name) {
        CompositeHealthContributor drivespeed = context.getBean("drivespeedHealthContributor",
                CompositeHealthContributor.class);
        Health health = ((HealthIndicator) drivespeed.getContributor(name)).health();
        return new HealthReading(health.getStatus().getCode(), health.getDetails(),
                Optional.empty());
    }
}
