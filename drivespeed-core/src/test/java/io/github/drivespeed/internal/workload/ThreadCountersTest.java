package io.github.drivespeed.internal.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.report.engine.ThreadEvents;
import java.io.RandomAccessFile;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

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
    void countsWhatTheCallingThreadDid(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("pages");
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(8 << 20);
            // a new file's pages, mapped: the first write to each is a page fault (minor or, where
            // the file system reads the hole in, major); the JVM's own memory may be touched
            // already, so it would prove nothing
            MappedByteBuffer pages = f.getChannel().map(FileChannel.MapMode.READ_WRITE, 0,
                    8 << 20);
            Optional<ThreadEvents> before = ThreadCounters.read();
            for (int i = 0; i < 5; i++) {
                Thread.sleep(5); // each sleep blocks: a voluntary context switch
            }
            for (int at = 0; at < pages.capacity(); at += 4096) {
                pages.put(at, (byte) 1);
            }
            check(ThreadCounters.between(before, ThreadCounters.read()), before);
        }
    }

    private static void check(Optional<ThreadEvents> delta, Optional<ThreadEvents> before) {
        assertThat(delta).hasValueSatisfying(e -> {
            assertThat(e.contextSwitches()).isGreaterThanOrEqualTo(5);
            assertThat(e.minorFaults() + e.majorFaults()).as("faults of 2048 new pages")
                    .isGreaterThan(100);
        });
        assertThat(ThreadCounters.between(Optional.empty(), before)).isEmpty();
    }
}
