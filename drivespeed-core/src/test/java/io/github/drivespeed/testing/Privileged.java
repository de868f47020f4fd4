package io.github.drivespeed.testing;

import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Assumptions;

/**
 * Gate for tests that need root (mounts, loop devices, drop_caches, cgroups). Where they cannot
 * run they are skipped with the reason, except under {@code CI=true} as root, where CI is able to
 * run them and a skip would hide a broken test: there it fails.
 */
public final class Privileged {

    private Privileged() {
    }

    /** @return whether this process runs as root (uid 0) */
    public static boolean isRoot() {
        return "root".equals(System.getProperty("user.name")) || uid() == 0;
    }

    private static long uid() {
        try {
            Object uid = java.nio.file.Files.getAttribute(java.nio.file.Path.of("/proc/self"),
                    "unix:uid");
            return ((Number) uid).longValue();
        } catch (Exception e) {
            return -1;
        }
    }

    /** @return whether CI asked for every privileged test to run ({@code CI=true} and root) */
    public static boolean mustRun() {
        return "true".equalsIgnoreCase(System.getenv("CI")) && isRoot();
    }

    /** Skips (or, under CI as root, fails) the test unless running as root. */
    public static void requireRoot() {
        require(isRoot(), "needs root");
    }

    /**
     * Skips (or, under CI as root, fails) the test unless {@code available}.
     *
     * @param available whether what the test needs is there
     * @param what what the test needs, for the skip or failure message
     */
    public static void require(boolean available, String what) {
        if (available) {
            return;
        }
        if (mustRun()) {
            fail("privileged test could not run under CI=true as root: " + what);
        }
        Assumptions.abort("skipped: " + what);
    }
}
