package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.testing.TestFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * drivespeed-native on the class path without JNA: loading must not crash; the measurement runs
 * on the pure-Java backend and the report says why the native one was not used.
 */
class WithoutJnaTest {

    @TempDir
    Path dir;

    @Test
    void fallsBackToPureJavaAndSaysWhy() throws Exception {
        List<String> withoutJna = ChildProcesses.classPath().stream()
                .filter(entry -> !Path.of(entry).getFileName().toString().startsWith("jna-"))
                .collect(Collectors.toList());
        assertThat(withoutJna).hasSizeLessThan(ChildProcesses.classPath().size());
        Process p = ChildProcesses.start(withoutJna, dir.toString(), "default", "64K", "4", "-1");
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        assertThat(output).contains("backend java | native backend unavailable: JNA"
                + " (net.java.dev.jna:jna) is not on the class path");
        assertThat(TestFiles.names(dir)).isEmpty();

        Process forced = ChildProcesses.start(withoutJna, dir.toString(), "native", "64K", "4", "-1");
        String refused = new String(forced.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(forced.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(forced.exitValue()).isNotZero();
        assertThat(refused).contains("backend is unavailable here: JNA");
        assertThat(TestFiles.names(dir)).isEmpty();
    }
}
