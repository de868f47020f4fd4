/**
 * drivespeed's Spring Boot 4 auto-configuration (drivespeed-spring-boot3-starter's module
 * {@code io.github.drivespeed.spring.boot3} is Spring Boot 3's, with the same package): the
 * directories in {@code drivespeed.paths} measured on a schedule, a health contributor per
 * directory and drivespeed-micrometer's meters.
 * Exports that one package, and opens it: Spring creates the auto-configuration, binds the
 * properties and proxies the configuration classes by reflection.
 *
 * <p>Spring Boot applications run on the class path, where this descriptor is not read; it
 * serves one on the module path. Requires no module whose name is made up from a jar's file
 * name: {@code spring.boot}, {@code spring.boot.autoconfigure}, {@code spring.boot.health},
 * {@code spring.context}, {@code spring.core} and {@code micrometer.core} are the names in those
 * jars' {@code Automatic-Module-Name} manifest entries (neither Spring nor Micrometer has module
 * descriptors). Spring Boot's health support is optional,
 * as in the starter's POM: the health contributor is configured only where it is present.
 */
module io.github.drivespeed.spring.boot {
    requires transitive io.github.drivespeed.micrometer;
    requires transitive spring.boot;
    requires transitive spring.boot.autoconfigure;
    requires transitive spring.context;
    requires transitive spring.core;
    requires static transitive spring.boot.health;
    requires spring.beans;
    requires org.slf4j;

    exports io.github.drivespeed.spring.boot;
    opens io.github.drivespeed.spring.boot;
}
