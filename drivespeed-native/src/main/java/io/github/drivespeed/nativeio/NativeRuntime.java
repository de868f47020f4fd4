package io.github.drivespeed.nativeio;

import java.util.Locale;

/**
 * The bound C library and the architecture's constants, or why they could not be had. Loading
 * never throws: a missing JNA, a JNA that cannot load its native part, an operating system other
 * than Linux or an architecture without a {@link LinuxConstants} entry all become a reason.
 */
final class NativeRuntime {

    private final Libc libc;
    private final LinuxConstants constants;
    private final String unavailableReason;

    private NativeRuntime(Libc libc, LinuxConstants constants, String unavailableReason) {
        this.libc = libc;
        this.constants = constants;
        this.unavailableReason = unavailableReason;
    }

    /**
     * @param osName the {@code os.name} system property
     * @param osArch the {@code os.arch} system property
     * @return the runtime, or one that says why there is none
     */
    static NativeRuntime load(String osName, String osArch) {
        if (!osName.toLowerCase(Locale.ROOT).startsWith("linux")) {
            return unavailable("the native backend supports Linux only, not " + osName
                    + " (macOS F_NOCACHE/F_FULLFSYNC are not implemented)");
        }
        LinuxConstants constants = LinuxConstants.forArchitecture(osArch).orElse(null);
        if (constants == null) {
            return unavailable("no open(2) flag values for the architecture " + osArch
                    + " (known: " + LinuxConstants.knownArchitectures() + ")");
        }
        Libc libc;
        try {
            libc = constants.lp64() ? new Lp64Libc() : new Ilp32Libc();
            // Bind every always-needed function now, so that a failure shows here and not in
            // the middle of a measurement: getpagesize and lseek(-1) are harmless probes.
            libc.pageSize();
            libc.sizeBySeekToEnd(-1);
        } catch (NoClassDefFoundError e) {
            return unavailable("JNA (net.java.dev.jna:jna) is not on the class path ("
                    + e.getMessage() + ")");
        } catch (LinkageError | RuntimeException e) {
            return unavailable("JNA could not bind the C library: " + e);
        }
        return new NativeRuntime(libc, constants, null);
    }

    private static NativeRuntime unavailable(String reason) {
        return new NativeRuntime(null, null, reason);
    }

    /** @return why the backend cannot work here, or null when it can */
    String unavailableReason() {
        return unavailableReason;
    }

    /** @return the bound C library */
    Libc libc() {
        requireLoaded();
        return libc;
    }

    /** @return the architecture's constants */
    LinuxConstants constants() {
        requireLoaded();
        return constants;
    }

    private void requireLoaded() {
        if (unavailableReason != null) {
            throw new IllegalStateException("the native backend is unavailable: "
                    + unavailableReason);
        }
    }
}
