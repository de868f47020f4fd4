package io.github.drivespeed.spring.boot;

/** The generation of Spring Boot this starter is built for, and the other one's starter. */
final class BootGeneration {

    /** This starter's artifact. */
    static final String STARTER = "drivespeed-spring-boot3-starter";

    /** The major version of Spring Boot it is built for. */
    static final String BOOT = "3";

    /** Spring Boot 3's health indicator type, which the health contributor needs. */
    static final String HEALTH_API = "org.springframework.boot.actuate.health.HealthIndicator";

    /** The starter for the other generation of Spring Boot. */
    static final String OTHER_STARTER = "drivespeed-spring-boot-starter";

    /** The major version of Spring Boot the other starter is for. */
    static final String OTHER_BOOT = "4";

    private BootGeneration() {
    }
}
