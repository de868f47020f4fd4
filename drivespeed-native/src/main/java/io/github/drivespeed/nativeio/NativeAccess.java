package io.github.drivespeed.nativeio;

import java.util.Optional;

/**
 * What the Java runtime's native-access rule (JEP 472) does to the native backend. From Java 24
 * on, {@link System#load} is a restricted method: loaded without native access, it prints a
 * WARNING on the standard error once per module, and throws {@link IllegalCallerException} where
 * the runtime denies it ({@code --illegal-native-access=deny}, the default of a release to come).
 * JNA loads its library this way, and so does {@link JniStub}. The grant: the command line
 * {@code --enable-native-access=ALL-UNNAMED} on the class path,
 * {@code --enable-native-access=com.sun.jna,io.github.drivespeed.nativeio} on the module path,
 * or {@code Enable-Native-Access: ALL-UNNAMED} in an executable jar's manifest (Java 22 and
 * newer).
 */
final class NativeAccess {

    /** What to start Java with, for messages. */
    static final String GRANT = "start Java with --enable-native-access=ALL-UNNAMED (class path)"
            + " or --enable-native-access=com.sun.jna,io.github.drivespeed.nativeio (module path)";

    private NativeAccess() {
    }

    /**
     * {@return why the runtime refused to load native code, when that is what {@code failure}
     * (or one of its causes) says; empty for any other failure}
     *
     * @param failure what loading threw
     */
    static Optional<String> denied(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof IllegalCallerException) {
                return Optional.of("the Java runtime denies native access (" + t.getMessage()
                        + "; JEP 472): " + GRANT);
            }
        }
        return Optional.empty();
    }
}
