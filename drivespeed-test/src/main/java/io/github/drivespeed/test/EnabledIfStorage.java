package io.github.drivespeed.test;

import io.github.drivespeed.warning.Warning;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a storage test only where its target directory exists and is the kind named; skips it,
 * with the reason in the test report, everywhere else (the card is not inserted, the build runs
 * on a laptop, CI did not point it anywhere). On a test class it applies to every test in it.
 * A test may then take, as parameters, the target measured as this annotation describes:
 *
 * <ul>
 *   <li>{@link io.github.drivespeed.report.SpeedReport}: the sequential write and read-back
 *       test, {@link #blockSize()} x {@link #count()}, {@link #runs()} times;</li>
 *   <li>{@link io.github.drivespeed.report.WorkloadReport}: a fio-style workload, as its
 *       parameter's {@link MeasuredWorkload} says (random 4 KiB reads for one second over a
 *       64 MiB file without one);</li>
 *   <li>{@link io.github.drivespeed.target.TargetInfo}: what the target is (read-only probe).</li>
 * </ul>
 *
 * <p>Each report is measured once per test, just before it runs, and its main figures are
 * published through JUnit's {@link org.junit.jupiter.api.TestReporter} (keys
 * {@code drivespeed.*}: in Surefire's XML report, the IDE, the console launcher).
 *
 * <pre>{@code
 * @Test
 * @EnabledIfStorage(directory = "/media/usb0", minFree = "256M")
 * void theStickIsFastEnough(SpeedReport report) {
 *     assertThat(report).write().median().isAtLeast(megabytesPerSecond(30));
 * }
 * }</pre>
 *
 * <p>Where: the {@link #property()} (a system property or JUnit configuration parameter,
 * {@code -Ddrivespeed.storage.dir=/mnt/ssd}), else its environment variable
 * ({@code DRIVESPEED_STORAGE_DIR}: the property upper-cased, every other character {@code _}),
 * else {@link #directory()}; with none of them the test is skipped. The checks, in order, each a reason
 * to skip: the directory exists; it is a directory; its file system is one of
 * {@link #fileSystemTypes()}; it has none of the {@link #skipIf()} warnings; it has at least
 * {@link #minFree()} usable space. A setting that is not valid ({@code minFree = "1.5G"},
 * {@code count = 0}) fails the test, naming the setting and the value, whether or not the target
 * is there; so does a probe of an existing directory that fails.
 *
 * @since 0.1.0
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@ExtendWith(StorageExtension.class)
public @interface EnabledIfStorage {

    /** The property that names the directory unless {@link #property()} names another. */
    String DEFAULT_PROPERTY = "drivespeed.storage.dir";

    /**
     * {@return the directory to test in, where neither the property nor its environment variable
     * names one; empty (the default) for none}
     */
    String directory() default "";

    /**
     * {@return the system property or JUnit configuration parameter that overrides {@link #directory()};
     * its environment variable is this name upper-cased with {@code _} for every character that is
     * not a letter or digit}
     */
    String property() default DEFAULT_PROPERTY;

    /**
     * {@return the usable space the directory must have, in drivespeed's size grammar
     * ({@code 512M}, {@code 1G}, {@code 10 GB}); {@code 0} (the default) for no minimum. The
     * measurement itself also checks that its test file fits}
     */
    String minFree() default "0";

    /**
     * {@return the file-system types the directory may be on, as the mount table names them
     * ({@code ext4}, {@code xfs}, {@code vfat}); empty (the default) for any}
     */
    String[] fileSystemTypes() default {};

    /**
     * {@return target warnings that skip the test, for example {@link Warning#MEMORY_FILE_SYSTEM}
     * to keep a disk test off tmpfs; empty (the default) for none}
     */
    Warning[] skipIf() default {};

    /** {@return the sequential test's block size, drivespeed's size grammar; default {@code 1M}} */
    String blockSize() default "1M";

    /** {@return the sequential test's blocks per pass; default 32 (32 MiB with 1 MiB blocks)} */
    long count() default 32;

    /** {@return the sequential test's measured runs; default 2} */
    int runs() default 2;

    /**
     * {@return whether the sequential test falls back to buffered I/O (with the
     * {@link Warning#BUFFERED_FALLBACK} warning) where the file system refuses O_DIRECT, as
     * {@code directOrBuffered()} does; default true. False requires O_DIRECT: the test then fails
     * on such a file system}
     */
    boolean bufferedFallback() default true;
}
