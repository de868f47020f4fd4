package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * dd's habits typed at drivespeed ({@code bs=1M count=32 oflag=direct}) are refused before
 * anything is written, naming drivespeed's option for each; a directory whose name looks like an
 * operand is still measured. The real command, on real directories.
 */
class DdOperandsTest {

    @TempDir
    Path dir;

    @Test
    void aBlockSizeOperandAloneNamesTheBlockSizeOption() throws IOException {
        CommandRun o = CommandRun.of("bs=1M");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.err()).startsWith("drivespeed: 'bs=1M' is a dd operand: drivespeed takes"
                + " options").contains("for bs=1M give --block-size 1M");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aWholeDdCommandLineNamesWhatEachOperandIsInDrivespeed() throws IOException {
        Path target = Files.createDirectory(dir.resolve("t"));
        CommandRun o = CommandRun.of("if=/dev/zero", "of=" + target.resolve("test"), "bs=1M",
                "count=32", "oflag=direct", "conv=fdatasync");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.err()).startsWith("drivespeed: 'if=/dev/zero of=" + target.resolve("test")
                + " bs=1M count=32 oflag=direct conv=fdatasync' are dd operands")
                .contains("for if=/dev/zero: drivespeed writes random data (--zeros writes"
                        + " zeros)", "for if= or of= give the directory to measure",
                        "for bs=1M give --block-size 1M", "for count=32 give --count 32",
                        "O_DIRECT is the default", "the closing fdatasync is timed by default");
        // the input and output file's advice once, not once per operand
        CommandRun both = CommandRun.of("if=" + target.resolve("in"),
                "of=" + target.resolve("out"));
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err().split("give the directory to measure", -1)).hasSize(2);
        assertThat(o.out()).isEmpty();
        assertThat(TestFiles.names(target)).isEmpty();
    }

    @Test
    void anOperandAfterTheDirectoryIsRefusedToo() throws IOException {
        CommandRun o = CommandRun.of(dir.toString(), "count=4");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.err()).contains("'count=4' is a dd operand", "give --count 4");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aDirectoryNamedLikeAnOperandIsMeasured() throws IOException {
        Path named = Files.createDirectory(dir.resolve("bs=1M"));
        CommandRun o = CommandRun.of(named.toString(), "--block-size", "64K", "--count", "4",
                "--runs", "1");
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(o.out()).contains("summary:");
        assertThat(TestFiles.names(named)).isEmpty();
    }
}
