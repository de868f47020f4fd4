package io.github.drivespeed.internal.preflight;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds partition tables and file-system signatures in the first bytes of a block device, before
 * it may be written: what {@code wipefs} and {@code blkid} would report, for the common ones.
 * Offsets and magic numbers (the formats' own specifications, as libblkid checks them):
 * <ul>
 *   <li>GPT: {@code "EFI PART"} at the start of LBA 1 (byte 512, or 4096 with 4 KiB sectors);</li>
 *   <li>MBR (DOS partition table or boot sector): {@code 0x55 0xAA} at byte 510;</li>
 *   <li>FAT (vfat): {@code "FAT12   "}/{@code "FAT16   "} at byte 54 or {@code "FAT32   "} at
 *       82; NTFS {@code "NTFS    "} and exFAT {@code "EXFAT   "} at byte 3;</li>
 *   <li>ext2/3/4: {@code 0xEF53} (little-endian) at byte 1080 (superblock at 1024, s_magic at
 *       56);</li>
 *   <li>XFS: {@code "XFSB"} at byte 0; btrfs: {@code "_BHRfS_M"} at byte 65600 (superblock at
 *       64 KiB, magic at 64); f2fs: {@code 0xF2F52010} at byte 1024;</li>
 *   <li>LUKS 1 and 2: {@code "LUKS" 0xBA 0xBE} at byte 0;</li>
 *   <li>swap: {@code "SWAPSPACE2"} or {@code "SWAP-SPACE"} ending at the end of the first page
 *       (4, 8, 16 or 64 KiB);</li>
 *   <li>ISO 9660: {@code "CD001"} at byte 32769 (volume descriptor at sector 16 of 2048
 *       bytes);</li>
 *   <li>LVM2 physical volume: {@code "LABELONE"} at the start of one of the first four sectors,
 *       with {@code "LVM2 001"} 24 bytes on;</li>
 *   <li>md RAID superblock 1.1 or 1.2: {@code 0xA92B4EFC} (little-endian) at byte 0 or 4096.</li>
 * </ul>
 * A device whose first bytes match none of these may still hold data: the check refuses what it
 * recognises, it does not prove a device empty.
 */
final class DeviceSignatures {

    /** Bytes from the start of the device the checks need: 128 KiB. */
    static final int BYTES_NEEDED = 128 * 1024;

    private DeviceSignatures() {
    }

    /**
     * @param head the device's first bytes (up to {@link #BYTES_NEEDED}; fewer for a small
     *     device)
     * @return what was found, for example {@code ext2/3/4 file system (0xEF53 at byte 1080)};
     *     empty when nothing is recognised
     */
    static List<String> find(byte[] head) {
        List<String> found = new ArrayList<>();
        if (at(head, 0, "LUKS\u00ba\u00be")) {
            found.add("LUKS encrypted volume (\"LUKS\" 0xBABE at byte 0)");
        }
        if (at(head, 0, "XFSB")) {
            found.add("XFS file system (\"XFSB\" at byte 0)");
        }
        if (le16(head, 1080) == 0xEF53) {
            found.add("ext2/3/4 file system (0xEF53 at byte 1080)");
        }
        if (le32(head, 1024) == 0xF2F52010L) {
            found.add("f2fs file system (0xF2F52010 at byte 1024)");
        }
        if (at(head, 65600, "_BHRfS_M")) {
            found.add("btrfs file system (\"_BHRfS_M\" at byte 65600)");
        }
        if (at(head, 32769, "CD001")) {
            found.add("ISO 9660 file system (\"CD001\" at byte 32769)");
        }
        for (int page : new int[] {4096, 8192, 16384, 65536}) {
            if (at(head, page - 10, "SWAPSPACE2") || at(head, page - 10, "SWAP-SPACE")) {
                found.add("swap area (\"SWAPSPACE2\" at byte " + (page - 10) + ")");
            }
        }
        for (int sector = 0; sector < 4; sector++) {
            if (at(head, sector * 512, "LABELONE") && at(head, sector * 512 + 24, "LVM2 001")) {
                found.add("LVM2 physical volume (\"LABELONE\" at byte " + sector * 512 + ")");
            }
        }
        for (int offset : new int[] {0, 4096}) {
            if (le32(head, offset) == 0xA92B4EFCL) {
                found.add("md RAID member (superblock 0xA92B4EFC at byte " + offset + ")");
            }
        }
        for (int offset : new int[] {512, 4096}) {
            if (at(head, offset, "EFI PART")) {
                found.add("GPT partition table (\"EFI PART\" at byte " + offset + ")");
            }
        }
        boolean ntfs = at(head, 3, "NTFS    ");
        boolean exfat = at(head, 3, "EXFAT   ");
        if (ntfs) {
            found.add("NTFS file system (\"NTFS\" at byte 3)");
        }
        if (exfat) {
            found.add("exFAT file system (\"EXFAT\" at byte 3)");
        }
        boolean bootSignature = (head.length > 511 && (head[510] & 0xff) == 0x55
                && (head[511] & 0xff) == 0xAA);
        if (bootSignature && (at(head, 54, "FAT12   ") || at(head, 54, "FAT16   ")
                || at(head, 82, "FAT32   "))) {
            found.add("FAT (vfat) file system (\"FAT\" label at byte 54 or 82, 0x55AA at 510)");
        } else if (bootSignature && !ntfs && !exfat) {
            found.add("DOS/MBR partition table or boot sector (0x55AA at byte 510)");
        }
        return found;
    }

    private static boolean at(byte[] head, int offset, String magic) {
        byte[] m = magic.getBytes(StandardCharsets.ISO_8859_1);
        if (offset < 0 || offset + m.length > head.length) {
            return false;
        }
        for (int i = 0; i < m.length; i++) {
            if (head[offset + i] != m[i]) {
                return false;
            }
        }
        return true;
    }

    private static int le16(byte[] head, int offset) {
        if (offset + 2 > head.length) {
            return -1;
        }
        return (head[offset] & 0xff) | (head[offset + 1] & 0xff) << 8;
    }

    private static long le32(byte[] head, int offset) {
        if (offset + 4 > head.length) {
            return -1;
        }
        return (head[offset] & 0xffL) | (head[offset + 1] & 0xffL) << 8
                | (head[offset + 2] & 0xffL) << 16 | (head[offset + 3] & 0xffL) << 24;
    }
}
