package io.github.drivespeed.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.report.ThreadEvents;
import java.nio.ByteBuffer;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/** A thread's context switches and page faults, read from its own /proc files. */
class ThreadCountersTest {

    @Test
    void parsesTheStatusAndStatFieldsProcDocuments() {
        String status = "Name:\tdrivespeed-io\nState:\tS (sleeping)\n"
                + "voluntary_ctxt_switches:\t120\nnonvoluntary_ctxt_switches:\t7\n";
        // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt ...
        String stat = "4242 (drivespeed io) S 1 4242 4242 0 -1 4194368 3456 0 12 0 5 6 0 0";
        assertThat(ThreadCounters.parse(status, stat))
                .hasValue(new ThreadEvents(127, 3456, 12));
        assertThat(ThreadCounters.parse("Name:\tx\n", stat)).isEmpty();
        assertThat(ThreadCounters.parse(status, "garbage")).isEmpty();
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void countsWhatTheCallingThreadDid() throws InterruptedException {
        Optional<ThreadEvents> before = ThreadCounters.read();
        for (int i = 0; i < 5; i++) {
            Thread.sleep(5); // each sleep blocks: a voluntary context switch
        }
        ByteBuffer touched = ByteBuffer.allocateDirect(8 << 20);
        for (int at = 0; at < touched.capacity(); at += 4096) {
            touched.put(at, (byte) 1); // first touch of a fresh page: a minor fault
        }
        Optional<ThreadEvents> delta = ThreadCounters.between(before, ThreadCounters.read());
        assertThat(delta).hasValueSatisfying(e -> {
            assertThat(e.contextSwitches()).isGreaterThanOrEqualTo(5);
            assertThat(e.minorFaults()).isPositive();
            assertThat(e.majorFaults()).isGreaterThanOrEqualTo(0);
        });
        assertThat(ThreadCounters.between(Optional.empty(), before)).isEmpty();
    }
}
