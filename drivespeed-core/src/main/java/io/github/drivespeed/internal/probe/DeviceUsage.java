package io.github.drivespeed.internal.probe;

import io.github.drivespeed.target.DeviceNumber;
import io.github.drivespeed.target.MountInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What uses a block device, for the checks before it is written: the device itself, its
 * partitions and everything stacked on any of them ({@code holders/}: dm-crypt, LVM, md, bcache),
 * with their mounts ({@code /proc/self/mountinfo}) and swap areas ({@code /proc/swaps}). Sources:
 * kernel {@code Documentation/ABI/stable/sysfs-block} ({@code holders/}, a partition's
 * {@code partition} file), proc(5).
 *
 * <p>The mount table is this process's mount namespace only; the kernel's own refusal to open a
 * mounted or held device exclusively (open(2) O_EXCL, EBUSY) covers the rest.
 */
public final class DeviceUsage {

    private static final int MAX_DEVICES = 256;

    private final List<String> mounted;
    private final List<String> swaps;
    private final List<String> holders;

    private DeviceUsage(List<String> mounted, List<String> swaps, List<String> holders) {
        this.mounted = List.copyOf(mounted);
        this.swaps = List.copyOf(swaps);
        this.holders = List.copyOf(holders);
    }

    /**
     * {@return what uses it on this machine}
     *
     * @param sysfsName the device's kernel name, for example {@code sdb} or {@code loop3}
     */
    public static DeviceUsage of(String sysfsName) {
        return of(Path.of("/proc"), Path.of("/sys"), sysfsName);
    }

    /**
     * @param procRoot where {@code self/mountinfo} and {@code swaps} are read
     * @param sysRoot where {@code class/block} is read
     * @param sysfsName the device's kernel name
     * @return what uses it
     */
    static DeviceUsage of(Path procRoot, Path sysRoot, String sysfsName) {
        Objects.requireNonNull(sysfsName, "sysfsName");
        Path classBlock = sysRoot.resolve("class").resolve("block");
        Set<String> family = new LinkedHashSet<>();
        List<String> holders = new ArrayList<>();
        collect(classBlock, sysfsName, family, holders);
        List<String> numbers = new ArrayList<>();
        for (String name : family) {
            SysfsFiles.text(classBlock.resolve(name).resolve("dev")).ifPresent(numbers::add);
        }
        List<String> mounted = new ArrayList<>();
        readText(procRoot.resolve("self").resolve("mountinfo")).ifPresent(text -> {
            for (MountInfo m : MountTable.parse(text).mounts()) {
                if (numbers.contains(m.deviceNumber().toString())) {
                    mounted.add(m.source() + " on " + m.mountPoint());
                }
            }
        });
        List<String> swaps = new ArrayList<>();
        readText(procRoot.resolve("swaps")).ifPresent(text -> {
            for (String line : text.split("\n")) {
                String[] f = line.trim().split("\\s+");
                if (f.length >= 2 && f[0].startsWith("/")
                        && isOneOf(Path.of(f[0]), family, numbers)) {
                    swaps.add(f[0]);
                }
            }
        });
        return new DeviceUsage(mounted, swaps, holders);
    }

    /** The device, its partitions and their holders, recursively. */
    private static void collect(Path classBlock, String name, Set<String> family,
            List<String> holders) {
        if (family.size() >= MAX_DEVICES || !family.add(name)) {
            return;
        }
        Path dir = classBlock.resolve(name);
        for (Path entry : SysfsFiles.entries(SysfsFiles.realPath(dir).orElse(dir))) {
            if (Files.exists(entry.resolve("partition"))) {
                collect(classBlock, entry.getFileName().toString(), family, holders);
            }
        }
        for (Path holder : SysfsFiles.entries(dir.resolve("holders"))) {
            String h = holder.getFileName().toString();
            holders.add(h + " (on " + name + ")");
            collect(classBlock, h, family, holders);
        }
    }

    /** Whether a device node (a swap area) is one of the family, by its number or its name. */
    private static boolean isOneOf(Path node, Set<String> family, List<String> numbers) {
        try {
            long rdev = ((Number) Files.getAttribute(node, "unix:rdev")).longValue();
            return numbers.contains(DeviceNumber.fromStDev(rdev).toString());
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            Path name = node.getFileName();
            return name != null && family.contains(name.toString());
        }
    }

    private static Optional<String> readText(Path file) {
        try {
            return Optional.of(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * {@return the mounts of the device, its partitions or anything stacked on them, as
     * {@code SOURCE on MOUNT_POINT}}
     */
    public List<String> mounted() {
        return mounted;
    }

    /** {@return the swap areas among them, as listed in {@code /proc/swaps}} */
    public List<String> swaps() {
        return swaps;
    }

    /**
     * {@return the devices stacked on the device or its partitions (device-mapper, md, bcache), as
     * {@code NAME (on DEVICE)}}
     */
    public List<String> holders() {
        return holders;
    }

    /** {@return whether anything uses the device: a mount, a swap area or a holder} */
    public boolean inUse() {
        return !mounted.isEmpty() || !swaps.isEmpty() || !holders.isEmpty();
    }

    /**
     * {@return what uses the device, for a message, for example {@code mounted: /dev/loop3 on
     * /mnt/x}; empty when nothing does}
     */
    public String describe() {
        List<String> parts = new ArrayList<>();
        if (!mounted.isEmpty()) {
            parts.add("mounted: " + String.join(", ", mounted));
        }
        if (!swaps.isEmpty()) {
            parts.add("in use as swap: " + String.join(", ", swaps));
        }
        if (!holders.isEmpty()) {
            parts.add("held by " + String.join(", ", holders));
        }
        return String.join("; ", parts);
    }

    /**
     * {@return its kernel name from {@code /sys/dev/block/MAJ:MIN}, empty if sysfs has none}
     *
     * @param number a device number
     */
    public static Optional<String> sysfsName(DeviceNumber number) {
        return SysfsFiles.realPath(Path.of("/sys/dev/block").resolve(number.toString()))
                .map(p -> p.getFileName().toString());
    }
}
