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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The two routes of the per-I/O system calls: the JNI stub this build compiled for this JVM's
 * architecture (loaded only when its recorded checksum and its ELF architecture match), and JNA,
 * which a system property forces; each runs a whole measurement in a child JVM and says in the
 * report which ran and why. And the jar's stubs for the other architectures: each an ELF shared
 * object of its own class and machine, with its checksum.
 */
class JniStubTest {

    @TempDir
    Path dir;

    private static Optional<byte[]> resource(String name) throws IOException {
        try (InputStream in = JniStub.class.getResourceAsStream(name)) {
            return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
        }
    }

    /** This JVM's architecture as the stub's directory names it: x86_64, aarch64 or arm. */
    private static final String ARCH = LinuxConstants.forArchitecture(
            System.getProperty("os.arch", "")).map(LinuxConstants::architecture).orElse("none");

    /** Skips (fails under CI as root) where this build had no C compiler for {@code arch}. */
    private static byte[] builtStub(String arch) throws IOException {
        Optional<byte[]> stub = resource("linux-" + arch + "/" + JniStub.LIBRARY);
        String why = resource("linux-" + arch + "/libdrivespeed.absent")
                .map(b -> new String(b, StandardCharsets.UTF_8).trim()).orElse("no stub");
        Privileged.require(stub.isPresent(), "a JNI stub built for " + arch
                + " by this build (" + why + ")");
        return stub.get();
    }

    private static String recordedSha256(String arch) throws IOException {
        return new String(resource("linux-" + arch + "/" + JniStub.LIBRARY + ".sha256")
                .orElseThrow(), StandardCharsets.US_ASCII).split("\\s+")[0];
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
        byte[] stub = builtStub(ARCH);
        String recorded = recordedSha256(ARCH);
        assertThat(recorded).isEqualTo(JniStub.sha256(stub));
        String output = child();
        assertThat(output).contains("backend native | -")
                .contains("per-I/O system calls through the JNI stub linux-" + ARCH
                        + "/libdrivespeed.so (sha256 " + recorded.substring(0, 16)
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
        byte[] stub = builtStub("x86_64");
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
        assertThat(JniStub.problem(stub, Optional.of(sha), "arm", JniStub.EM_ARM))
                .isEqualTo("is not a arm shared library (ELF class 2, data 1, not 32-bit"
                        + " little-endian)");
        assertThat(JniStub.ElfHeader.check(new byte[64], JniStub.EM_X86_64))
                .isEqualTo("no ELF header");
    }

    @ParameterizedTest(name = "linux-{0}")
    @ValueSource(strings = {"x86_64", "aarch64", "arm"})
    void theJarCarriesAStubForEachArchitectureBuiltForItsOwnMachine(String arch)
            throws IOException, NoSuchAlgorithmException {
        byte[] stub = builtStub(arch);
        int machine = JniStub.machine(arch);
        assertThat(JniStub.problem(stub, Optional.of(recordedSha256(arch)), arch, machine))
                .isNull();
        for (String other : new String[] {"x86_64", "aarch64", "arm"}) {
            if (!other.equals(arch)) {
                assertThat(JniStub.ElfHeader.check(stub, JniStub.machine(other)))
                        .as("the %s stub checked as %s", arch, other).isNotNull();
            }
        }
    }
}
