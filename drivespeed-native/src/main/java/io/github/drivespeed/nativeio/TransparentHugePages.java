package io.github.drivespeed.nativeio;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * Whether I/O buffers may be backed by transparent huge pages (THP), and their size, from
 * {@code /sys/kernel/mm/transparent_hugepage/} ({@code Documentation/admin-guide/mm/transhuge.rst}):
 * {@code enabled} must be {@code always} or {@code madvise} (not {@code never}), and
 * {@code hpage_pmd_size} gives the size (2 MiB on x86_64 and on aarch64 with 4 KiB pages).
 *
 * <p>Why: an O_DIRECT transfer is split by the block layer into requests of at most
 * {@code max_sectors_kb} and at most {@code max_segments} physically contiguous pieces. A buffer
 * of scattered 4 KiB pages reaches the segment limit first (254 pages, about 1 MiB, on virtio; 128
 * pages, 512 KiB, on a loop device), and whether neighbouring pages happen to be contiguous
 * changes from run to run, so the same read is cut into requests of different sizes and, on some
 * devices, runs at a different speed. Huge pages make every buffer physically contiguous in 2 MiB
 * pieces, so requests are as large as the device allows, every time.
 *
 * <p>Off by default: {@code dd} and {@code fio} (with its default {@code --iomem=malloc}) use
 * buffers of ordinary pages, and on a virtual disk the larger requests alone made reads several
 * times faster than theirs (see the README), so by default drivespeed's figures compare with
 * theirs. The system property {@value #PROPERTY} set to {@code true} turns it on, like
 * {@code fio --iomem=shmhuge}.
 */
final class TransparentHugePages {

    /** System property: {@code true} backs large buffers with huge pages (default {@code false}). */
    static final String PROPERTY = "drivespeed.native.hugePages";

    /** Buffers smaller than this stay in ordinary pages: they span too few pages to matter. */
    static final long MIN_BUFFER_BYTES = 64 * 1024;

    private static final Path SYSFS = Path.of("/sys/kernel/mm/transparent_hugepage");
    private static final long FALLBACK_SIZE = 2L << 20;

    private static volatile OptionalLong size;

    private TransparentHugePages() {
    }

    /**
     * @return the huge page size in bytes when buffers may use huge pages here (THP enabled
     *     {@code always} or {@code madvise}, and turned on by {@value #PROPERTY}); empty
     *     otherwise
     */
    static OptionalLong usableSize() {
        if (!"true".equalsIgnoreCase(System.getProperty(PROPERTY, "false"))) {
            return OptionalLong.empty();
        }
        OptionalLong s = size;
        if (s == null) {
            s = read(SYSFS);
            size = s;
        }
        return s;
    }

    /**
     * @param sysfs the {@code transparent_hugepage} directory
     * @return the huge page size when THP is enabled there, else empty
     */
    static OptionalLong read(Path sysfs) {
        try {
            String enabled = Files.readString(sysfs.resolve("enabled"), StandardCharsets.US_ASCII);
            if (!enabled.contains("[always]") && !enabled.contains("[madvise]")) {
                return OptionalLong.empty();
            }
        } catch (IOException e) {
            return OptionalLong.empty();
        }
        try {
            long bytes = Long.parseLong(Files.readString(sysfs.resolve("hpage_pmd_size"),
                    StandardCharsets.US_ASCII).strip());
            return bytes > 0 && Long.bitCount(bytes) == 1 ? OptionalLong.of(bytes)
                    : OptionalLong.empty();
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.of(FALLBACK_SIZE);
        }
    }
}
