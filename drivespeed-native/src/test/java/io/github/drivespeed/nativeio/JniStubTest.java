package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two routes of the per-I/O system calls: the JNI stub this build compiled (loaded only
 * when its recorded checksum and its ELF architecture match), and JNA, which a system property
 * forces; each runs a whole measurement in a child JVM and says in the report which ran and why.
 */
class JniStubTest {

    @TempDir
    Path dir;

    private static Optional<byte[]> resource(String name) throws IOException {
        try (InputStream in = JniStub.class.getResourceAsStream(name)) {
            return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
        }
    }

    /** Skips (fails under CI as root) where this build had no C compiler for x86_64. */
    private static byte[] builtStub() throws IOException {
        Optional<byte[]> stub = resource("linux-x86_64/" + JniStub.LIBRARY);
        String why = resource("linux-x86_64/libdrivespeed.absent")
                .map(b -> new String(b, StandardCharsets.UTF_8).trim()).orElse("no stub");
        Privileged.require("amd64".equals(System.getProperty("os.arch")) && stub.isPresent(),
                "a JNI stub built for x86_64 by this build (" + why + ")");
        return stub.get();
    }

    private String child(String... jvmOptions) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(List.of(jvmOptions));
        command.addAll(List.of("-cp", String.join(java.io.File.pathSeparator,
                ChildProcesses.classPath()), ChildRun.class.getName(), dir.toString(), "default",
                "64K", "8", "-1"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        assertThat(TestFiles.names(dir)).isEmpty();
        return output;
    }

    @Test
    void theBuiltStubLoadsAndRunsAWholeMeasurement() throws Exception {
        byte[] stub = builtStub();
        String recorded = new String(resource("linux-x86_64/" + JniStub.LIBRARY + ".sha256")
                .orElseThrow(), StandardCharsets.US_ASCII).split("\\s+")[0];
        assertThat(recorded).isEqualTo(JniStub.sha256(stub));
        String output = child();
        assertThat(output).contains("backend native | -")
                .contains("per-I/O system calls through the JNI stub"
                        + " linux-x86_64/libdrivespeed.so (sha256 " + recorded.substring(0, 16)
                        + "..., checked), the rest through JNA");
        assertThat(new NativeIoBackend().description()).contains("through the JNI stub");
    }

    @Test
    void theSystemPropertyForcesJnaAndTheReportSaysSo() throws Exception {
        String output = child("-D" + JniStub.PROPERTY + "=false");
        assertThat(output).contains("backend native | -")
                .contains("every call through JNA (the JNI stub is turned off (-D"
                        + JniStub.PROPERTY + "=false))");
        assertThat(new NativeIoBackend(false).description())
                .contains("every call through JNA (the JNI stub is not used by this backend"
                        + " instance)");
    }

    @Test
    void aStubWhoseChecksumOrArchitectureDoesNotMatchIsNotLoaded()
            throws IOException, NoSuchAlgorithmException {
        byte[] stub = builtStub();
        String sha = JniStub.sha256(stub);
        assertThat(JniStub.problem(stub, Optional.of(sha), "x86_64", JniStub.EM_X86_64)).isNull();
        byte[] tampered = stub.clone();
        tampered[tampered.length / 2] ^= 1;
        assertThat(JniStub.problem(tampered, Optional.of(sha), "x86_64", JniStub.EM_X86_64))
                .startsWith("does not match its recorded checksum (recorded sha256 " + sha);
        assertThat(JniStub.problem(stub, Optional.empty(), "x86_64", JniStub.EM_X86_64))
                .isEqualTo("has no recorded checksum (libdrivespeed.so.sha256)");
        assertThat(JniStub.problem(stub, Optional.of(sha), "aarch64", JniStub.EM_AARCH64))
                .isEqualTo("is not a aarch64 shared library (ELF machine 62, expected 183)");
        assertThat(JniStub.ElfHeader.check(new byte[64], JniStub.EM_X86_64))
                .isEqualTo("no ELF header");
    }

    @Test
    void anAarch64StubWhereACrossCompilerBuiltOneIsAnAarch64SharedObject()
            throws IOException, NoSuchAlgorithmException {
        Optional<byte[]> arm = resource("linux-aarch64/" + JniStub.LIBRARY);
        org.junit.jupiter.api.Assumptions.assumeTrue(arm.isPresent(),
                "no aarch64 cross compiler at build time");
        String recorded = new String(resource("linux-aarch64/" + JniStub.LIBRARY + ".sha256")
                .orElseThrow(), StandardCharsets.US_ASCII).split("\\s+")[0];
        assertThat(JniStub.problem(arm.get(), Optional.of(recorded), "aarch64",
                JniStub.EM_AARCH64)).isNull();
    }
}
