/**
 * drivespeed-micrometer: {@link io.github.drivespeed.micrometer.MeasurementSchedule}, a directory
 * measured on a thread of its own, and
 * {@link io.github.drivespeed.micrometer.DriveSpeedMeterBinder}, its figures as Micrometer
 * meters. Exports that one package.
 *
 * <p>Requires no module whose name is made up from a jar's file name: {@code micrometer.core} is
 * the name in micrometer-core's {@code Automatic-Module-Name} manifest entry (Micrometer has no
 * module descriptor); drivespeed's core and slf4j-api have descriptors of their own.
 */
module io.github.drivespeed.micrometer {
    requires transitive io.github.drivespeed;
    requires transitive micrometer.core;
    requires org.slf4j;

    exports io.github.drivespeed.micrometer;
}
