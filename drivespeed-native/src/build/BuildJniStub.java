import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Builds drivespeed's JNI stub (src/main/c/drivespeed_jni.c) for each architecture a C compiler
 * is found for, as part of the Maven build of drivespeed-native (run by exec-maven-plugin with
 * Java's source launcher, so it needs nothing but the JDK):
 *
 * <ul>
 *   <li>x86_64 with {@code x86_64-linux-gnu-gcc}, aarch64 with {@code aarch64-linux-gnu-gcc},
 *       32-bit ARM (armhf, EABI, hard float) with {@code arm-linux-gnueabihf-gcc} (Debian's
 *       {@code gcc-aarch64-linux-gnu} and {@code gcc-arm-linux-gnueabihf}), or {@code gcc}/{@code
 *       cc} on a Linux host of that architecture;</li>
 *   <li>output {@code OUT/linux-ARCH/libdrivespeed.so} and beside it
 *       {@code libdrivespeed.so.sha256} (sha256sum's format), which the loader checks before it
 *       loads the library;</li>
 *   <li>where no compiler is found, {@code libdrivespeed.absent} holding the reason instead
 *       (the loader reports it), and the build goes on: the backend then uses JNA for those
 *       calls; but with the environment variable {@code CI=true} a missing compiler stops the
 *       build, so that no jar without a stub leaves CI;</li>
 *   <li>a compiler that is present but fails stops the build (a broken stub must not pass
 *       unnoticed); {@code -Ddrivespeed.jni.skip=true} builds no stub at all.</li>
 * </ul>
 *
 * <p>The flags make the library byte-identical from build to build with the same compiler: no
 * debug information, symbols stripped but for the dynamic ones JNI looks up, no build id, and
 * the compiler runs in the source directory on a relative file name, so no path of the build
 * machine ends up in the output. The JDK's {@code jni.h} and {@code jni_md.h} serve every
 * target: on Linux they differ by architecture only in {@code jlong}, which {@code jni_md.h}
 * defines from {@code _LP64}.
 *
 * <p>Arguments: {@code SOURCE OUT JAVA_HOME SKIP}.
 */
public final class BuildJniStub {

    private static final String LIBRARY = "libdrivespeed.so";
    private static final long COMPILE_TIMEOUT_SECONDS = 120;

    /**
     * One architecture the stub is built for.
     *
     * @param arch the directory's name after {@code linux-}, as the loader looks it up
     * @param crossCompiler Debian's cross compiler for it
     * @param hostArch the JVM's {@code os.arch} on a host of that architecture, where the
     *     native {@code gcc} or {@code cc} builds it
     * @param flags the flags this target needs beyond the common ones
     */
    private record Target(String arch, String crossCompiler, String hostArch, List<String> flags) { }

    private static final List<Target> TARGETS = List.of(
            new Target("x86_64", "x86_64-linux-gnu-gcc", "amd64", List.of()),
            new Target("aarch64", "aarch64-linux-gnu-gcc", "aarch64", List.of()),
            // ARM state, not Thumb: the system-call number goes in r7, Thumb's frame pointer
            new Target("arm", "arm-linux-gnueabihf-gcc", "arm", List.of("-marm")));

    private BuildJniStub() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            throw new IllegalArgumentException("usage: BuildJniStub SOURCE OUT JAVA_HOME SKIP");
        }
        Path source = Path.of(args[0]).toAbsolutePath();
        Path out = Path.of(args[1]).toAbsolutePath();
        Path javaHome = Path.of(args[2]);
        boolean skip = Boolean.parseBoolean(args[3]);
        for (Target t : TARGETS) {
            Path dir = out.resolve("linux-" + t.arch());
            Files.createDirectories(dir);
            Files.deleteIfExists(dir.resolve(LIBRARY));
            Files.deleteIfExists(dir.resolve(LIBRARY + ".sha256"));
            Files.deleteIfExists(dir.resolve("libdrivespeed.absent"));
            if (skip) {
                absent(dir, t, "the build skipped it (-Ddrivespeed.jni.skip=true)");
                continue;
            }
            Optional<String> compiler = compilerFor(t);
            if (compiler.isEmpty()) {
                String reason = "the build found no C compiler for " + t.arch() + " ("
                        + t.crossCompiler() + (isLinuxHost(t) ? ", gcc or cc" : "")
                        + " on PATH)";
                if ("true".equals(System.getenv("CI"))) {
                    throw new IOException("CI=true: the JNI stub for " + t.arch()
                            + " must be built, but " + reason);
                }
                absent(dir, t, reason);
                continue;
            }
            build(compiler.get(), source, dir, javaHome, t);
        }
    }

    private static void absent(Path dir, Target t, String reason) throws IOException {
        Files.writeString(dir.resolve("libdrivespeed.absent"), reason + "\n",
                StandardCharsets.UTF_8);
        String host = System.getProperty("os.arch", "");
        String where = host.equals(t.hostArch())
                ? "the native backend will use JNA for its per-I/O calls on this machine"
                : "optional: only a jar run on " + t.arch() + " would use it (there the native"
                        + " backend uses JNA for its per-I/O calls instead); nothing on this "
                        + host + " machine needs it";
        System.out.println("[drivespeed-native] JNI stub for " + t.arch() + ": not built, "
                + reason + "; " + where);
    }

    private static boolean isLinuxHost(Target t) {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux")
                && System.getProperty("os.arch", "").equals(t.hostArch());
    }

    private static Optional<String> compilerFor(Target t) {
        List<String> candidates = new ArrayList<>(List.of(t.crossCompiler()));
        if (isLinuxHost(t)) {
            candidates.add("gcc");
            candidates.add("cc");
        }
        String path = System.getenv().getOrDefault("PATH", "");
        for (String name : candidates) {
            for (String entry : path.split(java.io.File.pathSeparator)) {
                if (!entry.isEmpty() && Files.isExecutable(Path.of(entry, name))) {
                    return Optional.of(name);
                }
            }
        }
        return Optional.empty();
    }

    private static void build(String compiler, Path source, Path dir, Path javaHome, Target t)
            throws IOException, InterruptedException, NoSuchAlgorithmException {
        Path include = javaHome.resolve("include");
        Path library = dir.resolve(LIBRARY);
        List<String> command = new ArrayList<>(List.of(compiler,
                "-std=c11", "-O2", "-fPIC", "-shared", "-nostdlib", "-fno-stack-protector",
                "-fno-asynchronous-unwind-tables", "-g0", "-s",
                "-Wall", "-Wextra", "-Werror"));
        command.addAll(t.flags());
        command.addAll(List.of(
                "-Wl,--build-id=none", "-Wl,-soname," + LIBRARY, "-Wl,-z,noexecstack",
                "-Wl,--hash-style=gnu",
                "-I" + include, "-I" + include.resolve("linux"),
                "-o", library.toString(), source.getFileName().toString()));
        Process p = new ProcessBuilder(command).directory(source.getParent().toFile())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(COMPILE_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(compiler + " did not finish in " + COMPILE_TIMEOUT_SECONDS
                    + " s building the JNI stub for " + t.arch());
        }
        if (p.exitValue() != 0) {
            Files.deleteIfExists(library);
            throw new IOException(compiler + " failed (exit " + p.exitValue()
                    + ") building the JNI stub for " + t.arch() + " (-Ddrivespeed.jni.skip=true"
                    + " builds without it):\n" + String.join(" ", command) + "\n" + output);
        }
        byte[] bytes = Files.readAllBytes(library);
        String sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(bytes));
        Files.writeString(dir.resolve(LIBRARY + ".sha256"), sha256 + "  " + LIBRARY + "\n",
                StandardCharsets.UTF_8);
        System.out.println("[drivespeed-native] JNI stub for " + t.arch() + ": built with "
                + compiler + ", " + bytes.length + " bytes, sha256 " + sha256);
    }
}
