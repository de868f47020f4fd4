package io.github.drivespeed.internal.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What uses a block device, from a sysfs and proc tree laid out as the kernel's: a loop device
 * with a partition, a dm-crypt mapping on the partition and that mapping mounted.
 */
class DeviceUsageTest {

    @TempDir
    Path root;

    private Path sys;
    private Path proc;

    private Path device(String parentDir, String name, String number) throws IOException {
        Path dir = Files.createDirectories(sys.resolve(parentDir).resolve(name));
        Files.writeString(dir.resolve("dev"), number + "\n");
        Files.createDirectories(dir.resolve("holders"));
        Files.createDirectories(sys.resolve("class/block"));
        Files.createSymbolicLink(sys.resolve("class/block").resolve(name), dir);
        return dir;
    }

    @BeforeEach
    void tree() throws IOException {
        sys = root.resolve("sys");
        proc = root.resolve("proc");
        Files.createDirectories(proc.resolve("self"));
        device("devices/virtual/block", "loop3", "7:3");
        Path part = device("devices/virtual/block/loop3", "loop3p1", "259:0");
        Files.writeString(part.resolve("partition"), "1\n");
        device("devices/virtual/block", "dm-0", "253:0");
        Files.createSymbolicLink(part.resolve("holders/dm-0"), sys.resolve("class/block/dm-0"));
        device("devices/virtual/block", "loop4", "7:4");
        device("devices/virtual/block", "zfixture0", "252:0");
        Files.writeString(proc.resolve("self/mountinfo"),
                "22 1 254:0 / / rw,relatime - ext4 /dev/vda rw\n"
                + "36 22 253:0 / /mnt/secret rw,relatime shared:1 - ext4 /dev/mapper/secret rw\n");
        Files.writeString(proc.resolve("swaps"), "Filename\tType\tSize\tUsed\tPriority\n"
                + "/dev/zfixture0                          partition\t1048572\t0\t-2\n");
    }

    @Test
    void aMountOfSomethingStackedOnAPartitionMakesTheWholeDeviceInUse() {
        DeviceUsage u = DeviceUsage.of(proc, sys, "loop3");
        assertThat(u.inUse()).isTrue();
        assertThat(u.mounted()).containsExactly("/dev/mapper/secret on /mnt/secret");
        assertThat(u.holders()).containsExactly("dm-0 (on loop3p1)");
        assertThat(u.swaps()).isEmpty();
        assertThat(u.describe()).isEqualTo("mounted: /dev/mapper/secret on /mnt/secret; held by"
                + " dm-0 (on loop3p1)");
    }

    @Test
    void aHolderAloneIsUseEvenUnmounted() throws IOException {
        Files.writeString(proc.resolve("self/mountinfo"), "22 1 254:0 / / rw - ext4 /dev/vda rw\n");
        DeviceUsage u = DeviceUsage.of(proc, sys, "loop3");
        assertThat(u.mounted()).isEmpty();
        assertThat(u.inUse()).isTrue();
        assertThat(DeviceUsage.of(proc, sys, "loop3p1").holders()).containsExactly("dm-0 (on loop3p1)");
    }

    @Test
    void anUnusedDeviceIsFreeAndASwapAreaIsNot() {
        assertThat(DeviceUsage.of(proc, sys, "loop4").inUse()).isFalse();
        assertThat(DeviceUsage.of(proc, sys, "loop4").describe()).isEmpty();
        DeviceUsage swap = DeviceUsage.of(proc, sys, "zfixture0");
        assertThat(swap.swaps()).containsExactly("/dev/zfixture0");
        assertThat(swap.describe()).isEqualTo("in use as swap: /dev/zfixture0");
    }
}
