package io.github.drivespeed.test;

import io.github.drivespeed.parameters.Preset;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How a {@link io.github.drivespeed.report.WorkloadReport} parameter of an
 * {@link EnabledIfStorage} test is measured: a preset's pattern, block size, queue depth and
 * threads, for a duration over a test file of a size. Without it: {@link Preset#RND4K_Q1T1}
 * reads for {@code 1s} over {@code 64M}.
 *
 * <pre>{@code
 * @Test
 * @EnabledIfStorage(directory = "/var/lib/db")
 * void randomReadsAreQuickEnough(@MeasuredWorkload(preset = Preset.RND4K_Q32T1) WorkloadReport r) {
 *     assertThat(r).read().latency().percentile(99).isAtMost(Duration.ofMillis(5));
 * }
 * }</pre>
 *
 * <p>Direct I/O where the file system allows it; where it refuses O_DIRECT and the test's
 * {@link EnabledIfStorage#bufferedFallback()} is on, buffered (the report says so in its
 * parameters and cache handling).
 *
 * @since 0.1.0
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface MeasuredWorkload {

    /** {@return the preset; default {@link Preset#RND4K_Q1T1}} */
    Preset preset() default Preset.RND4K_Q1T1;

    /** {@return percent of the I/Os that read: 100 (the default) reads only, 0 writes only} */
    int readPercent() default 100;

    /** {@return the test file's size, drivespeed's size grammar; default {@code 64M}} */
    String size() default "64M";

    /**
     * {@return how long it runs: a number and {@code ms}, {@code s} or {@code m}; default
     * {@code 1s}}
     */
    String duration() default "1s";
}
