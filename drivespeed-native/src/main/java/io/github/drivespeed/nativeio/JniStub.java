package io.github.drivespeed.nativeio;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

/**
 * Loads drivespeed's JNI stub from this jar, once per JVM: {@code linux-ARCH/libdrivespeed.so}
 * beside this class, built by the Maven build where a C compiler was found. It is loaded only
 * when
 * <ul>
 *   <li>the system property {@value #PROPERTY} is not {@code false};</li>
 *   <li>its SHA-256 equals the one recorded beside it at build time
 *       ({@code libdrivespeed.so.sha256});</li>
 *   <li>its ELF header is a little-endian shared object of this JVM's word size and architecture
 *       (64-bit e_machine 62 for x86_64, 64-bit 183 for aarch64, 32-bit 40 for arm);</li>
 *   <li>it loads ({@link System#load} of a copy written to a new directory only this user can
 *       read, removed again right after) and reports the ABI version {@link JniCalls} expects.</li>
 * </ul>
 * Otherwise the outcome says why, and the backend makes those calls through JNA.
 */
final class JniStub {

    /** {@code -Ddrivespeed.native.jni=false} keeps the stub unloaded: every call goes through JNA. */
    static final String PROPERTY = "drivespeed.native.jni";
    static final String LIBRARY = "libdrivespeed.so";

    static final int EM_X86_64 = 62;
    static final int EM_AARCH64 = 183;
    static final int EM_ARM = 40;
    /** e_ident[EI_CLASS]: ELFCLASS32 and ELFCLASS64. */
    static final int ELFCLASS32 = 1;
    static final int ELFCLASS64 = 2;
    private static final Map<String, Outcome> LOADED = new HashMap<>();

    /**
     * Whether the stub was loaded, and a description for reports.
     *
     * @param loaded whether {@link JniCalls} can be called
     * @param description what was loaded (file, architecture, checksum), or why nothing was
     */
    record Outcome(boolean loaded, String description) { }

    private JniStub() {
    }

    /**
     * Loads the stub for {@code architecture} unless it was tried before in this JVM.
     *
     * @param architecture {@link LinuxConstants#architecture()}, for example {@code x86_64}
     * @return whether it is loaded, and why not
     */
    static synchronized Outcome load(String architecture) {
        if ("false".equalsIgnoreCase(System.getProperty(PROPERTY, ""))) {
            return new Outcome(false, "the JNI stub is turned off (-D" + PROPERTY + "=false)");
        }
        return LOADED.computeIfAbsent(architecture, JniStub::tryLoad);
    }

    private static Outcome tryLoad(String architecture) {
        int machine = machine(architecture);
        if (machine < 0) {
            return new Outcome(false, "there is no JNI stub for " + architecture);
        }
        String dir = "linux-" + architecture + "/";
        try {
            Optional<byte[]> library = resource(dir + LIBRARY);
            if (library.isEmpty()) {
                String why = resource(dir + "libdrivespeed.absent")
                        .map(b -> new String(b, StandardCharsets.UTF_8).trim())
                        .orElse("it is not in the jar");
                return new Outcome(false, "this jar has no JNI stub for " + architecture + ": "
                        + why);
            }
            byte[] bytes = library.get();
            Optional<String> recorded = resource(dir + LIBRARY + ".sha256")
                    .map(b -> new String(b, StandardCharsets.US_ASCII).trim().split("\\s+")[0]);
            String problem = problem(bytes, recorded, architecture, machine);
            if (problem != null) {
                return new Outcome(false, "the JNI stub for " + architecture + " " + problem
                        + "; not loaded");
            }
            systemLoad(bytes);
            int abi = JniCalls.abiVersion();
            if (abi != JniCalls.ABI_VERSION) {
                return new Outcome(false, "the JNI stub for " + architecture + " has ABI version "
                        + abi + ", this code expects " + JniCalls.ABI_VERSION);
            }
            return new Outcome(true, "JNI stub " + dir + LIBRARY + " (sha256 "
                    + sha256(bytes).substring(0, 16) + "..., checked)");
        } catch (IOException | NoSuchAlgorithmException | LinkageError | SecurityException e) {
            return new Outcome(false, "the JNI stub for " + architecture + " could not be"
                    + " loaded: " + e);
        } catch (IllegalCallerException e) {
            return new Outcome(false, "the JNI stub for " + architecture + " was not loaded: "
                    + NativeAccess.denied(e).orElseThrow());
        }
    }

    /**
     * @param library the library's bytes
     * @param recordedSha256 the SHA-256 recorded at build time, hex, or empty when none was
     * @param architecture the architecture, for messages
     * @param machine the ELF e_machine it must have
     * @return null when it may be loaded, else what is wrong, for example {@code does not match
     *     its recorded checksum (...)}
     */
    static String problem(byte[] library, Optional<String> recordedSha256, String architecture,
            int machine) throws NoSuchAlgorithmException {
        if (recordedSha256.isEmpty()) {
            return "has no recorded checksum (" + LIBRARY + ".sha256)";
        }
        String actual = sha256(library);
        if (!recordedSha256.get().equalsIgnoreCase(actual)) {
            return "does not match its recorded checksum (recorded sha256 " + recordedSha256.get()
                    + ", found " + actual + ")";
        }
        String elf = ElfHeader.check(library, machine);
        return elf == null ? null : "is not a " + architecture + " shared library (" + elf + ")";
    }

    static String sha256(byte[] bytes) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    /** @return the e_machine of an ELF file for {@code architecture}, or -1 when there is no stub for it */
    static int machine(String architecture) {
        switch (architecture) {
            case "x86_64":
                return EM_X86_64;
            case "aarch64":
                return EM_AARCH64;
            case "arm":
                return EM_ARM;
            default:
                return -1;
        }
    }

    private static Optional<byte[]> resource(String name) throws IOException {
        try (InputStream in = JniStub.class.getResourceAsStream(name)) {
            return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
        }
    }

    /**
     * Writes the verified bytes to a new directory only this user may enter, loads them and
     * removes the copy (the kernel keeps a loaded library mapped after its file is unlinked).
     */
    private static void systemLoad(byte[] bytes) throws IOException {
        Path dir = Files.createTempDirectory("drivespeed-jni-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path file = dir.resolve(LIBRARY);
        try {
            Files.write(file, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            System.load(file.toString());
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }

    /** The checks of an ELF header that tell a library for another machine. */
    static final class ElfHeader {
        private ElfHeader() {
        }

        /**
         * @param bytes the file
         * @param machine the e_machine wanted; {@link #EM_ARM} wants a 32-bit file, the others
         *     a 64-bit one
         * @return null when the header is a little-endian shared object of that class for
         *     {@code machine}, else what is wrong
         */
        static String check(byte[] bytes, int machine) {
            if (bytes.length < 52 || bytes[0] != 0x7f || bytes[1] != 'E' || bytes[2] != 'L'
                    || bytes[3] != 'F') {
                return "no ELF header";
            }
            int elfClass = machine == EM_ARM ? ELFCLASS32 : ELFCLASS64;
            if (bytes[4] != elfClass || bytes[5] != 1) {
                return "ELF class " + bytes[4] + ", data " + bytes[5] + ", not "
                        + (elfClass == ELFCLASS32 ? "32" : "64") + "-bit little-endian";
            }
            int type = (bytes[16] & 0xff) | (bytes[17] & 0xff) << 8;
            if (type != 3) {
                return "ELF type " + type + ", not a shared object";
            }
            int found = (bytes[18] & 0xff) | (bytes[19] & 0xff) << 8;
            if (found != machine) {
                return "ELF machine " + found + ", expected " + machine;
            }
            return null;
        }
    }
}
