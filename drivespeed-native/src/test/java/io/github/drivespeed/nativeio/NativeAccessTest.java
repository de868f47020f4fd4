package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A refusal of native access is told from other failures to load, wherever it sits in the
 * cause chain (JNA's static initialiser wraps it in an {@link ExceptionInInitializerError}).
 */
class NativeAccessTest {

    @Test
    void anIllegalCallerExceptionAnywhereInTheCausesIsNamedWithTheGrant() {
        Throwable wrapped = new ExceptionInInitializerError(new IllegalCallerException(
                "Illegal native access from an unnamed module"));

        assertThat(NativeAccess.denied(wrapped)).hasValueSatisfying(reason -> assertThat(reason)
                .startsWith("the Java runtime denies native access (Illegal native access from"
                        + " an unnamed module; JEP 472)")
                .contains("--enable-native-access=ALL-UNNAMED (class path)",
                        "--enable-native-access=com.sun.jna,io.github.drivespeed.nativeio"
                                + " (module path)"));
    }

    @Test
    void anyOtherFailureIsNotANativeAccessRefusal() {
        assertThat(NativeAccess.denied(new UnsatisfiedLinkError("libc.so.6: not found")))
                .isEmpty();
        assertThat(NativeAccess.denied(new IllegalStateException("x",
                new IllegalArgumentException("y")))).isEmpty();
    }
}
