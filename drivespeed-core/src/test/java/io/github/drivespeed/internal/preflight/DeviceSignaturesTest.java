package io.github.drivespeed.internal.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The signatures that stop a device from being written: each format's magic at its offset, and
 * the real tools' output (mkfs, mkswap, sfdisk on image files; no root needed).
 */
class DeviceSignaturesTest {

    @TempDir
    Path dir;

    private static byte[] blank() {
        return new byte[DeviceSignatures.BYTES_NEEDED];
    }

    private static byte[] with(int offset, byte... magic) {
        byte[] head = blank();
        System.arraycopy(magic, 0, head, offset, magic.length);
        return head;
    }

    private static byte[] text(int offset, String magic) {
        return with(offset, magic.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void zerosAndRandomBytesCarryNoSignature() {
        assertThat(DeviceSignatures.find(blank())).isEmpty();
        assertThat(DeviceSignatures.find(new byte[0])).isEmpty();
        byte[] random = blank();
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < random.length; i++) {
            random[i] = (byte) r.nextInt(256);
        }
        random[510] = 0;
        assertThat(DeviceSignatures.find(random)).isEmpty();
    }

    @Test
    void eachFormatIsFoundByItsMagicAtItsOffset() {
        assertThat(DeviceSignatures.find(with(1080, (byte) 0x53, (byte) 0xEF)))
                .containsExactly("ext2/3/4 file system (0xEF53 at byte 1080)");
        assertThat(DeviceSignatures.find(text(0, "XFSB"))).singleElement().asString()
                .startsWith("XFS file system");
        assertThat(DeviceSignatures.find(text(65600, "_BHRfS_M"))).singleElement().asString()
                .startsWith("btrfs file system");
        assertThat(DeviceSignatures.find(with(0, (byte) 'L', (byte) 'U', (byte) 'K', (byte) 'S',
                (byte) 0xBA, (byte) 0xBE))).singleElement().asString().startsWith("LUKS");
        assertThat(DeviceSignatures.find(text(4086, "SWAPSPACE2"))).singleElement().asString()
                .startsWith("swap area");
        assertThat(DeviceSignatures.find(text(65526, "SWAP-SPACE"))).singleElement().asString()
                .startsWith("swap area");
        assertThat(DeviceSignatures.find(text(32769, "CD001"))).singleElement().asString()
                .startsWith("ISO 9660");
        assertThat(DeviceSignatures.find(with(1024, (byte) 0x10, (byte) 0x20, (byte) 0xF5,
                (byte) 0xF2))).singleElement().asString().startsWith("f2fs");
        assertThat(DeviceSignatures.find(with(4096, (byte) 0xFC, (byte) 0x4E, (byte) 0x2B,
                (byte) 0xA9))).singleElement().asString().startsWith("md RAID member");
        byte[] lvm = text(512, "LABELONE");
        System.arraycopy("LVM2 001".getBytes(StandardCharsets.ISO_8859_1), 0, lvm, 536, 8);
        assertThat(DeviceSignatures.find(lvm)).singleElement().asString().startsWith("LVM2");
        assertThat(DeviceSignatures.find(text(512, "EFI PART"))).singleElement().asString()
                .startsWith("GPT partition table");
        assertThat(DeviceSignatures.find(with(510, (byte) 0x55, (byte) 0xAA)))
                .containsExactly("DOS/MBR partition table or boot sector (0x55AA at byte 510)");
        byte[] fat = text(82, "FAT32   ");
        fat[510] = 0x55;
        fat[511] = (byte) 0xAA;
        assertThat(DeviceSignatures.find(fat)).singleElement().asString()
                .startsWith("FAT (vfat) file system");
        byte[] ntfs = text(3, "NTFS    ");
        ntfs[510] = 0x55;
        ntfs[511] = (byte) 0xAA;
        assertThat(DeviceSignatures.find(ntfs)).singleElement().asString().startsWith("NTFS");
    }

    @Test
    void aSmallDeviceIsCheckedAsFarAsItGoes() {
        byte[] small = new byte[2048];
        small[1080] = 0x53;
        small[1081] = (byte) 0xEF;
        assertThat(DeviceSignatures.find(small)).hasSize(1);
    }

    private Path image(int mebibytes) throws IOException {
        Path image = Files.createTempFile(dir, "image-", ".img");
        try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
            f.setLength((long) mebibytes << 20);
        }
        return image;
    }

    private static byte[] head(Path image) throws IOException {
        try (InputStream in = Files.newInputStream(image)) {
            return in.readNBytes(DeviceSignatures.BYTES_NEEDED);
        }
    }

    private static boolean tool(String name) throws IOException {
        return Mounts.exec("sh", "-c", "command -v " + name).exitCode() == 0;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "mkfs.ext4 -q -F IMAGE       | 64  | ext2/3/4 file system",
        "mkswap IMAGE                | 16  | swap area",
        "mkfs.vfat IMAGE             | 64  | FAT (vfat) file system",
        "mkfs.xfs -q -f IMAGE        | 320 | XFS file system",
        "mkfs.btrfs -q -f IMAGE      | 128 | btrfs file system",
        "sfdisk -q --label gpt IMAGE | 16  | GPT partition table",
        "sfdisk -q --label dos IMAGE | 16  | DOS/MBR partition table"})
    void whatTheRealToolsWriteIsFound(String command, int mebibytes, String expected)
            throws IOException {
        String program = command.split(" ")[0];
        Privileged.require(tool(program), program + " (dosfstools, xfsprogs, btrfs-progs, fdisk:"
                + " .ci/run installs them)");
        Path image = image(mebibytes);
        String line = command.replace("IMAGE", image.toString());
        Mounts.Result r = program.equals("sfdisk")
                ? Mounts.exec("sh", "-c", "echo 'size=4M' | " + line)
                : Mounts.exec(line.split(" "));
        assertThat(r.exitCode()).as(r.output()).isZero();
        List<String> found = DeviceSignatures.find(head(image));
        assertThat(found).anySatisfy(f -> assertThat(f).startsWith(expected));
    }
}
