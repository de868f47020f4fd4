package io.github.drivespeed.internal.preflight;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.InvalidSettingException.Reason;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The largest file this process may write in a directory, known before any I/O: the smaller of
 * the process's RLIMIT_FSIZE ({@code ulimit -f}; getrlimit(2), read from
 * {@code /proc/self/limits}, whose soft limit is the one enforced: a write past it fails with
 * EFBIG, and SIGXFSZ, which the JVM ignores) and the file system's own limit by its type: FAT
 * (kernel {@code vfat}, {@code msdos}, or a {@code fuseblk} mount whose device holds a FAT boot
 * sector) 4 GiB - 1 B (a 32-bit size field); fusefat ({@code fuse.fusefat}) 2 GiB - 1 B (its
 * writes at file offsets of 2 GiB or more fail with EPERM). Not {@code FILESIZEBITS}: glibc
 * answers 32 for every file system it does not know (tmpfs and FUSE among them).
 *
 * @param bytes the largest file, in bytes
 * @param what the limit, for people: {@code the largest file FAT32 allows} or
 *     {@code RLIMIT_FSIZE (ulimit -f)}
 */
public record FileSizeLimit(long bytes, String what) {

    /** FAT's largest file: its directory entry holds the size in 32 bits. */
    static final long FAT_BYTES = 4 * DataSize.GIBIBYTE - 1;
    /** fusefat's: a write at a file offset of 2 GiB or more fails with EPERM. */
    static final long FUSEFAT_BYTES = 2 * DataSize.GIBIBYTE - 1;
    private static final Path LIMITS = Path.of("/proc/self/limits");

    /**
     * {@return the tightest limit for a file in the target's directory, or empty when neither the
     * process nor the file system sets one below what drivespeed writes}
     *
     * @param target the probed target
     */
    public static Optional<FileSizeLimit> of(TargetInfo target) {
        Optional<FileSizeLimit> process = ofProcess(LIMITS);
        Optional<FileSizeLimit> fs = ofFileSystem(target.fileSystemType(),
                target.fileSystemSource());
        if (process.isPresent() && fs.isPresent()) {
            return process.get().bytes() <= fs.get().bytes() ? process : fs;
        }
        return process.isPresent() ? process : fs;
    }

    /**
     * Refuses a test file larger than the limit, before anything is written.
     *
     * @param t the target
     * @param bytes the test file's size
     * @param settings the plan's settings that set {@code bytes}, by their API names, the one to
     *     change first
     * @throws InvalidSettingException naming the first setting, the file's size and the limit
     */
    public static void check(Preflight.Target t, long bytes, String... settings) {
        Optional<FileSizeLimit> limit = of(t.info());
        if (limit.isPresent() && bytes > limit.get().bytes()) {
            Reason reason = Reason.of("makes a test file of " + DataSize.ofBytes(bytes) + " ("
                    + bytes + " bytes" + (settings.length > 1 ? ": " : ""));
            for (int i = 0; settings.length > 1 && i < settings.length; i++) {
                reason = (i == 0 ? reason : reason.then(" x ")).setting(settings[i]);
            }
            throw new InvalidSettingException(settings[0], null, reason.then("), larger than "
                    + limit.get().describe(t.directory()) + "; nothing was written"), null);
        }
    }

    /**
     * {@return the limit for people, for example {@code the largest file fusefat allows (2.0 GiB
     * - 1 B, 2147483647 bytes) on /media/card}}
     *
     * @param directory the test directory
     */
    public String describe(Path directory) {
        return what + " (" + bytes + " bytes) " + (what.startsWith("RLIMIT") ? "for this process"
                : "on " + directory);
    }

    /** The soft RLIMIT_FSIZE from a {@code /proc/PID/limits} file, unless unlimited. */
    static Optional<FileSizeLimit> ofProcess(Path limits) {
        try {
            for (String line : Files.readAllLines(limits, StandardCharsets.UTF_8)) {
                if (line.startsWith("Max file size")) {
                    String[] fields = line.substring("Max file size".length()).trim()
                            .split("\\s+");
                    return fields[0].equals("unlimited") ? Optional.empty()
                            : Optional.of(new FileSizeLimit(Long.parseLong(fields[0]),
                                    "RLIMIT_FSIZE (ulimit -f)"));
                }
            }
        } catch (IOException | UncheckedIOException | NumberFormatException e) {
            // not Linux, or unreadable: no limit known
        }
        return Optional.empty();
    }

    /** The file system's limit by its mountinfo type (and, for fuseblk, its device's signature). */
    static Optional<FileSizeLimit> ofFileSystem(String type, String source) {
        switch (type) {
            case "vfat", "msdos":
                return Optional.of(new FileSizeLimit(FAT_BYTES, "the largest file FAT allows"));
            case "fuse.fusefat":
                return Optional.of(new FileSizeLimit(FUSEFAT_BYTES,
                        "the largest file fusefat writes"));
            case "fuseblk":
                return fatSignature(Path.of("/").resolve(source))
                        ? Optional.of(new FileSizeLimit(FAT_BYTES, "the largest file FAT allows"))
                        : Optional.empty();
            default:
                return Optional.empty();
        }
    }

    /** Whether the device (readable by root, or group disk) starts with a FAT boot sector. */
    private static boolean fatSignature(Path device) {
        try (InputStream in = Files.newInputStream(device)) {
            byte[] head = in.readNBytes(DeviceSignatures.BYTES_NEEDED);
            return DeviceSignatures.find(head).stream().anyMatch(s -> s.startsWith("FAT"));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
