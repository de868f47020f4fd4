package io.github.drivespeed.spring.boot;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.context.annotation.Configuration;

/**
 * One warning at start-up where an application has Spring Boot Actuator but not the health API
 * this starter is built on ({@link BootGeneration#HEALTH_API}): an application of the other
 * generation of Spring Boot, which would otherwise lack drivespeed's health contributor without a
 * word. The warning names the starter to use instead.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = OtherBootGenerationWarning.ACTUATOR)
@ConditionalOnMissingClass(BootGeneration.HEALTH_API)
class OtherBootGenerationWarning {

    /** Present wherever Spring Boot Actuator is, in Spring Boot 3 and 4 alike. */
    static final String ACTUATOR = "org.springframework.boot.actuate.endpoint.annotation.Endpoint";

    /** The warning: this starter, the application's Spring Boot, the starter to use. */
    static final String WARNING = BootGeneration.STARTER + " is built for Spring Boot "
            + BootGeneration.BOOT + ", and this application (Spring Boot %s) has Actuator but not"
            + " Spring Boot " + BootGeneration.BOOT + "'s health API (" + BootGeneration.HEALTH_API
            + "): drivespeed adds no health contributor. On Spring Boot "
            + BootGeneration.OTHER_BOOT + " use io.github.drivespeed:"
            + BootGeneration.OTHER_STARTER + " instead.";

    private static final Logger LOG = LoggerFactory.getLogger(OtherBootGenerationWarning.class);

    OtherBootGenerationWarning() {
        LOG.warn(String.format(WARNING, SpringBootVersion.getVersion()));
    }
}
