package io.github.drivespeed.target;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * How a btrfs file system keeps its data, which decides whether it carries O_DIRECT writes as
 * direct I/O: the block-group profiles of its data (a directory per profile under
 * {@code /sys/fs/btrfs/<uuid>/allocation/data/}), and whether a new file's data is checksummed
 * (it is unless the mount has {@code nodatasum} or {@code nodatacow}, btrfs(5)).
 *
 * <p>btrfs runs an O_DIRECT write through the page cache, waiting for its write-back, when the
 * file's data is checksummed (kernel commit 968f19c5b1b7, "btrfs: always fallback to buffered
 * write if the inode requires checksum"), and for every file when the data profile keeps more
 * than one copy ("btrfs: fallback to buffered IO if the data profile has duplication"). On this
 * project's test kernel (6.18), a 64 MiB O_DIRECT write dirtied about 16,500 page-cache pages on
 * {@code single} and {@code raid0} data with checksums and under 100 to a NOCOW file
 * ({@code chattr +C}, no checksums), and about 16,700 on {@code dup} and {@code raid1}, NOCOW or
 * not; {@code raid1c3}, {@code raid1c4}, {@code raid10}, {@code raid5} and {@code raid6} also keep
 * more than one copy (or parity) and are taken the same way, untried here.
 *
 * @param profiles the data profiles in use, as sysfs names them ({@code single}, {@code dup},
 *     {@code raid1}, ...); empty where sysfs did not say
 * @param checksums whether a new file's data is checksummed (no {@code nodatasum} or
 *     {@code nodatacow} mount option)
 * @since 0.1.0
 */
public record BtrfsData(List<String> profiles, boolean checksums) {

    /** The data profiles that keep one copy of each block, striped or not. */
    private static final Set<String> ONE_COPY = Set.of("single", "raid0");

    /**
     * Checks that nothing is null and copies the profiles.
     *
     * @param profiles the data profiles in use
     * @param checksums whether a new file's data is checksummed
     */
    public BtrfsData {
        profiles = List.copyOf(Objects.requireNonNull(profiles, "profiles"));
    }

    /**
     * {@return whether a data profile keeps more than one copy of a block (or parity): every
     * profile but {@code single} and {@code raid0}}
     */
    public boolean duplicates() {
        return profiles.stream().anyMatch(p -> !ONE_COPY.contains(p));
    }

    /**
     * {@return how many copies of each data block the profiles write: 4 for {@code raid1c4}, 3
     * for {@code raid1c3}, 2 for {@code dup}, {@code raid1} and {@code raid10}, else 1 (parity
     * profiles and those of one copy), the most among the profiles}: the device counters of a
     * write pass count every copy, which is not other I/O on the drive.
     */
    public int dataCopies() {
        int most = 1;
        for (String p : profiles) {
            most = Math.max(most, switch (p) {
                case "raid1c4" -> 4;
                case "raid1c3" -> 3;
                case "dup", "raid1", "raid10" -> 2;
                default -> 1;
            });
        }
        return most;
    }

    /**
     * Whether btrfs runs O_DIRECT writes to a new file through the page cache.
     *
     * @param noCowFile whether the file was made NOCOW before its first write
     * @return true with a profile that {@link #duplicates()}, or with checksummed data where the
     *     file is not NOCOW
     */
    public boolean directWritesEmulated(boolean noCowFile) {
        return duplicates() || (checksums && !noCowFile);
    }

    /**
     * {@return whether making the test file NOCOW before its first write keeps O_DIRECT writes
     * direct: the data is checksummed and no profile {@link #duplicates()}}
     */
    public boolean noCowAvoidsEmulation() {
        return checksums && !duplicates();
    }

    /**
     * For people, for example {@code data profile single, data checksummed: O_DIRECT writes to a
     * checksummed file go through the page cache; a NOCOW test file (chattr +C) avoids it}.
     *
     * @param noCowFile whether the test file was made NOCOW, for a report; false for a probe
     * @return the line
     */
    public String describe(boolean noCowFile) {
        String profile = profiles.isEmpty() ? "data profile unknown"
                : "data profile " + String.join(", ", profiles);
        String sums = checksums ? "data checksummed" : "data not checksummed (nodatasum)";
        String direct;
        if (duplicates()) {
            direct = "O_DIRECT writes go through the page cache, NOCOW or not";
        } else if (!checksums) {
            direct = "O_DIRECT writes are direct";
        } else if (noCowFile) {
            direct = "the test file was made NOCOW (chattr +C) before its first write, so"
                    + " O_DIRECT writes to it are direct";
        } else {
            direct = "O_DIRECT writes to a checksummed file go through the page cache; a NOCOW"
                    + " test file (chattr +C) avoids it";
        }
        return String.format(Locale.ROOT, "%s, %s: %s", profile, sums, direct);
    }
}
