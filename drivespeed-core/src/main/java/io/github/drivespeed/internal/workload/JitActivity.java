package io.github.drivespeed.internal.workload;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * How much time the JVM's just-in-time compilers have spent so far
 * ({@link CompilationMXBean#getTotalCompilationTime()}), to tell when a warm-up has left them
 * idle: the optimising compiler (C2) compiles the I/O loop after some 10^4 iterations, in tens to
 * hundreds of milliseconds of a compiler thread, and that CPU time would otherwise land in the
 * first measured runs' CPU accounting.
 */
final class JitActivity {

    private static final CompilationMXBean BEAN = bean();

    private JitActivity() {
    }

    private static CompilationMXBean bean() {
        try {
            CompilationMXBean b = ManagementFactory.getCompilationMXBean();
            return b != null && b.isCompilationTimeMonitoringSupported() ? b : null;
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }

    /** @return milliseconds the compilers have spent since the JVM started, or -1 if unknown */
    static long compileMillis() {
        return BEAN == null ? -1 : BEAN.getTotalCompilationTime();
    }
}
