package io.github.drivespeed.nativeio;

import java.util.Locale;

/**
 * The bound C library, the architecture's constants and the route of the per-I/O system calls
 * ({@link IoCalls}: the JNI stub where it loads, else JNA), or why there is no native backend.
 * Loading never throws: a missing JNA, a JNA that cannot load its native part, an operating
 * system other than Linux or an architecture without a {@link LinuxConstants} entry all become a
 * reason. A JNI stub that does not load is no reason: the calls then go through JNA, and
 * {@link #callsRoute()} says why.
 */
final class NativeRuntime {

    private final Libc libc;
    private final LinuxConstants constants;
    private final IoCalls calls;
    private final String callsRoute;
    private final String unavailableReason;

    private NativeRuntime(Libc libc, LinuxConstants constants, IoCalls calls, String callsRoute,
            String unavailableReason) {
        this.libc = libc;
        this.constants = constants;
        this.calls = calls;
        this.callsRoute = callsRoute;
        this.unavailableReason = unavailableReason;
    }

    /**
     * @param osName the {@code os.name} system property
     * @param osArch the {@code os.arch} system property
     * @param allowJni whether the JNI stub may be used ({@link JniStub}); false makes every call
     *     through JNA
     * @return the runtime, or one that says why there is none
     */
    static NativeRuntime load(String osName, String osArch, boolean allowJni) {
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
            return unavailable(NativeAccess.denied(e)
                    .orElseGet(() -> "JNA could not bind the C library: " + e));
        }
        SyscallNumbers numbers = SyscallNumbers.forArchitecture(constants).orElse(null);
        JniStub.Outcome jni = allowJni ? JniStub.load(constants.architecture())
                : new JniStub.Outcome(false, "the JNI stub is not used by this backend instance");
        if (jni.loaded()) {
            return new NativeRuntime(libc, constants, IoCalls.jni(), "per-I/O system calls"
                    + " through the " + jni.description() + ", the rest through JNA", null);
        }
        return new NativeRuntime(libc, constants, IoCalls.jna(libc, numbers),
                "every call through JNA (" + jni.description() + ")", null);
    }

    private static NativeRuntime unavailable(String reason) {
        return new NativeRuntime(null, null, null, null, reason);
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

    /** @return the per-I/O system calls, through the JNI stub or JNA */
    IoCalls calls() {
        requireLoaded();
        return calls;
    }

    /** @return which route {@link #calls()} takes and why, for the backend's description */
    String callsRoute() {
        requireLoaded();
        return callsRoute;
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
