package io.github.drivespeed.internal.probe;

import io.github.drivespeed.target.Link;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Pattern;

/**
 * Finds the bus link above a disk by walking up its sysfs device path to the nearest USB device,
 * libata port or PCI Express function, whichever comes first: a USB enclosure's disk reports its
 * USB link (not the xHCI controller's PCIe link), a SATA disk its SATA link. The walk stops
 * without a link at a virtio device (paravirtual: a PCIe link above it is emulated and bounds
 * nothing) and at an MMC host (the SD/MMC bus rate is not in sysfs; the card reader's PCIe link
 * is not the card's).
 *
 * <p>Layouts (kernel {@code Documentation/ABI}): a USB device directory has {@code idVendor},
 * {@code idProduct}, {@code speed}, {@code version} ({@code testing/sysfs-bus-usb}); a libata port
 * {@code ataN} has {@code linkN/ata_link/linkN/sata_spd} ({@code testing/sysfs-ata}); a PCIe
 * function has {@code current_link_speed} and {@code current_link_width}
 * ({@code testing/sysfs-bus-pci}).
 */
final class LinkProbe {

    private static final Pattern ATA_PORT = Pattern.compile("ata\\d+");
    private static final Pattern ATA_LINK = Pattern.compile("link\\d+");
    private static final Pattern NO_LINK_ABOVE = Pattern.compile("virtio\\d+|mmc_host");

    private final Path devicesRoot;

    /**
     * @param sysRoot where sysfs is mounted ({@code /sys})
     */
    LinkProbe(Path sysRoot) {
        Path devices = sysRoot.resolve("devices");
        this.devicesRoot = SysfsFiles.realPath(devices).orElse(devices);
    }

    /**
     * @param diskDirectory the real sysfs path of a whole disk, under {@code /sys/devices}
     * @return the nearest link above it, empty if none is found (virtio, MMC, virtual devices)
     */
    Optional<Link> above(Path diskDirectory) {
        for (Path p = diskDirectory.getParent(); p != null && p.startsWith(devicesRoot)
                && !p.equals(devicesRoot); p = p.getParent()) {
            if (NO_LINK_ABOVE.matcher(p.getFileName().toString()).matches()) {
                return Optional.empty();
            }
            if (Files.isRegularFile(p.resolve("idVendor")) && Files.isRegularFile(p.resolve("speed"))) {
                return Optional.of(usb(p));
            }
            if (ATA_PORT.matcher(p.getFileName().toString()).matches()) {
                return Optional.of(sata(p));
            }
            if (Files.isRegularFile(p.resolve("current_link_speed"))) {
                return Optional.of(pcie(p));
            }
        }
        return Optional.empty();
    }

    private static Link usb(Path dev) {
        OptionalLong lanes = SysfsFiles.number(dev.resolve("rx_lanes"));
        return new Link.Usb(
                SysfsFiles.text(dev.resolve("idVendor")).orElse("????"),
                SysfsFiles.text(dev.resolve("idProduct")).orElse("????"),
                SysfsFiles.text(dev.resolve("manufacturer")),
                SysfsFiles.text(dev.resolve("product")),
                SysfsFiles.text(dev.resolve("serial")),
                SysfsFiles.text(dev.resolve("version")).orElse("unknown"),
                SysfsFiles.leadingNumber(dev.resolve("speed")).orElse(Double.NaN),
                (int) Math.max(1, lanes.orElse(1)));
    }

    private static Link sata(Path port) {
        String name = port.getFileName().toString();
        Optional<Path> link = SysfsFiles.entries(port).stream()
                .filter(p -> ATA_LINK.matcher(p.getFileName().toString()).matches())
                .findFirst()
                .map(p -> p.resolve("ata_link").resolve(p.getFileName()));
        return new Link.Sata(name, rate(link, "sata_spd"), rate(link, "hw_sata_spd_limit"));
    }

    /** A rate attribute of the libata link, NaN where there is no link or no known rate. */
    private static double rate(Optional<Path> link, String attribute) {
        return link.map(l -> SysfsFiles.leadingNumber(l.resolve(attribute)).orElse(Double.NaN))
                .orElse(Double.NaN);
    }

    private static Link pcie(Path function) {
        return new Link.Pcie(function.getFileName().toString(),
                SysfsFiles.leadingNumber(function.resolve("current_link_speed")).orElse(Double.NaN),
                (int) SysfsFiles.number(function.resolve("current_link_width")).orElse(0),
                SysfsFiles.leadingNumber(function.resolve("max_link_speed")).orElse(Double.NaN),
                (int) SysfsFiles.number(function.resolve("max_link_width")).orElse(0));
    }
}
