package io.github.drivespeed.internal.jfr;

import jdk.jfr.FlightRecorder;

/**
 * Whether this JVM's Flight Recorder was started. Names {@code jdk.jfr}'s {@link FlightRecorder}
 * only, which is no event class: loading it sets nothing up. Loaded only where {@code jdk.jfr} is.
 */
final class RecorderState {

    private RecorderState() {
    }

    /**
     * {@return whether the Flight Recorder was started in this JVM ({@code
     * -XX:StartFlightRecording}, {@code jcmd JFR.start}, a {@code Recording} made): until then no
     * recording can hold an event, and none is made}
     */
    static boolean started() {
        return FlightRecorder.isInitialized();
    }
}
