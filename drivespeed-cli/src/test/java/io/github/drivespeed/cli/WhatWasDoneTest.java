package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.drivespeed.cli.output.OutputSchema;
import io.github.drivespeed.cli.text.RunLinePrinter;
import io.github.drivespeed.testing.DirectEinval;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every line says what was done, not what was asked: the header of a run that fell back to
 * buffered I/O says buffered (as the parameters, the JSON and the CSV do), and a test file that
 * a killed run left behind is named, with its size, where the next run removed it.
 */
class WhatWasDoneTest {


    /**
     * The FUSE bed that refuses O_DIRECT serves a plain directory, with no block device under it
     * whose page cache could be dropped, so every verified run there ends NOT VERIFIED, exit 1:
     * the right outcome, and not what these tests are about (what the lines say was done).
     */
    private static void assertNotVerifiedOnly(CommandRun run) {
        assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
        assertThat(run.errLines()).singleElement().asString()
                .startsWith("drivespeed: NOT VERIFIED: ");
    }

    @TempDir
    Path dir;

    @Test
    @Tag("privileged")
    void aFallbackToBufferedIsSaidByTheHeaderTheParametersTheJsonAndTheCsv() throws IOException {
        try (DirectEinval bed = DirectEinval.up(dir, 0)) {
            Path mount = bed.mountDir();
            String[] args = {mount.toString(), "--bs", "64K", "--count", "16", "--runs", "1",
                "--direct-or-buffered"};
            CommandRun text = CommandRun.of(args);
            assertNotVerifiedOnly(text);
            List<String> lines = text.out().lines().toList();
            assertThat(lines.get(0)).isEqualTo("drivespeed on " + mount + ": 64 KiB x 16 (1 MiB"
                    + " per pass), 1 run, buffered, fdatasync timed, random data (O_DIRECT"
                    + " refused by the file system)");
            assertThat(lines).filteredOn(l -> l.startsWith("parameters:")).singleElement()
                    .asString().contains("buffered").doesNotContain("O_DIRECT");
            assertThat(text.out()).contains("BUFFERED_FALLBACK");

            CommandRun json = CommandRun.of(append(args, "--json"));
            assertNotVerifiedOnly(json);
            JsonNode params = OutputSchema.read(json.out()).get("jobs").get(0).get("parameters");
            assertThat(params.get("direct").asBoolean()).isFalse();

            CommandRun csv = CommandRun.of(append(args, "--csv"));
            assertNotVerifiedOnly(csv);
            List<String> rows = csv.out().lines().toList();
            int direct = List.of(rows.get(0).split(",")).indexOf("direct");
            assertThat(rows.subList(1, rows.size())).isNotEmpty()
                    .allSatisfy(r -> assertThat(r.split(",")[direct]).isEqualTo("false"));
            assertThat(TestFiles.names(mount)).isEmpty();
        }
    }

    @Test
    @Tag("privileged")
    void oDirectRefusedInAMeasuredRunIsSaidBeforeTheRunsStartOver() throws IOException {
        // the warm-up's file transfers with O_DIRECT; the first measured one is refused
        try (DirectEinval bed = DirectEinval.up(dir, 1)) {
            Path mount = bed.mountDir();
            CommandRun o = CommandRun.of(mount.toString(), "--bs", "64K", "--count", "16",
                    "--runs", "2", "--direct-or-buffered");
            assertNotVerifiedOnly(o);
            List<String> lines = o.out().lines().toList();
            assertThat(lines.get(0)).contains(", O_DIRECT,");
            assertThat(lines.get(1)).isEqualTo(RunLinePrinter.REFUSED_IN_A_RUN);
            assertThat(lines.get(2)).startsWith("test 1: ");
            assertThat(lines.get(3)).startsWith("test 2: ");
            assertThat(o.out()).contains("BUFFERED_FALLBACK");
            assertThat(TestFiles.names(mount)).isEmpty();
        }
    }

    @Test
    void aLeftoverOfAKilledRunIsNamedWithItsSizeWhereTheNextRunRemovedIt()
            throws IOException, InterruptedException {
        Path leftover = leftover(1 << 20);
        CommandRun o = CommandRun.of(dir.toString(), "--backend", "java", "--bs", "64K",
                "--count", "4", "--runs", "1", "--buffered");
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(o.out()).contains("  - LEFTOVER_REMOVED: a test file an earlier run left"
                + " behind (its process gone, as after a SIGKILL) was removed before measuring;"
                + " the figures are not affected\n    removed " + leftover + " (1 MiB)\n");
        assertThat(leftover).doesNotExist();

        Path second = leftover(3 * 4096);
        CommandRun json = CommandRun.of(dir.toString(), "--backend", "java", "--bs", "64K",
                "--count", "4", "--runs", "1", "--buffered", "--json");
        assertThat(json.exitCode()).as(json.err()).isZero();
        JsonNode doc = OutputSchema.read(json.out());
        assertThat(doc.get("target").get("warnings").toString()).contains("LEFTOVER_REMOVED");
        JsonNode removed = null;
        for (JsonNode w : doc.get("warnings")) {
            if (w.get("name").asText().equals("LEFTOVER_REMOVED")) {
                removed = w.get("removed");
            }
        }
        assertThat(removed).isNotNull();
        assertThat(removed.get(0).get("path").asText()).isEqualTo(second.toString());
        assertThat(removed.get(0).get("bytes").asLong()).isEqualTo(3 * 4096);
        assertThat(TestFiles.names(dir)).isEmpty();

        // without a leftover, no such warning
        CommandRun clean = CommandRun.of(dir.toString(), "--backend", "java", "--bs", "64K",
                "--count", "4", "--runs", "1", "--buffered");
        assertThat(clean.out()).doesNotContain("LEFTOVER_REMOVED");
    }

    /**
     * A test file as a run killed with SIGKILL leaves it: named for a process that is gone, with
     * a 16-hex-digit nonce, its data written, no process holding its lock.
     */
    private Path leftover(int bytes) throws IOException, InterruptedException {
        Process gone = new ProcessBuilder("true").start();
        assertThat(gone.waitFor(10, TimeUnit.SECONDS)).isTrue();
        byte[] data = new byte[bytes];
        new Random(1).nextBytes(data);
        Path file = dir.resolve("drivespeed-" + gone.pid() + "-0123456789abcdef.tmp")
                .toAbsolutePath();
        return Files.write(file, data);
    }

    private static String[] append(String[] args, String more) {
        String[] all = java.util.Arrays.copyOf(args, args.length + 1);
        all[args.length] = more;
        return all;
    }
}
