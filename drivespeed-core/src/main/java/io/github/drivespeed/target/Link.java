package io.github.drivespeed.target;

import io.github.drivespeed.unit.Throughput;
import io.github.drivespeed.warning.Warning;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The bus that connects a disk to the computer, as negotiated now, and the most data per second
 * it can carry (its ceiling). When a measured figure reaches {@value #SATURATION_RATIO} of the
 * ceiling, the link and not the drive is the limit ({@link Warning#LINK_LIMITED}).
 *
 * <p>Ceilings, in bytes per second (10^6 B/s = 1 MB/s):
 * <table>
 * <caption>Link ceilings</caption>
 * <tr><th>link</th><th>signalling</th><th>ceiling</th><th>source</th></tr>
 * <tr><td>USB 1.1 Full Speed</td><td>12 Mb/s</td><td>1,216,000 B/s: 19 bulk packets of 64 B per
 *     1 ms frame</td><td>USB 2.0 specification, 5.8.4, table 5-9</td></tr>
 * <tr><td>USB 2.0 High Speed</td><td>480 Mb/s</td><td>53,248,000 B/s: 13 bulk packets of 512 B
 *     per 125 &micro;s microframe</td><td>USB 2.0 specification, 5.8.4, table 5-10</td></tr>
 * <tr><td>USB 3.x Gen 1 (SuperSpeed)</td><td>5 Gb/s</td><td>500,000,000 B/s: 8b/10b</td>
 *     <td>USB 3.2 specification, chapter 6 (Gen 1: 8b/10b)</td></tr>
 * <tr><td>USB 3.2 Gen 1x2</td><td>2 lanes x 5 Gb/s</td><td>1,000,000,000 B/s: 8b/10b</td>
 *     <td>USB 3.2 specification, chapter 6</td></tr>
 * <tr><td>USB 3.x Gen 2 (SuperSpeedPlus)</td><td>10 Gb/s</td><td>1,212,121,212 B/s: 128b/132b
 *     </td><td>USB 3.2 specification, chapter 6 (Gen 2: 128b/132b)</td></tr>
 * <tr><td>USB 3.2 Gen 2x2</td><td>2 lanes x 10 Gb/s</td><td>2,424,242,424 B/s: 128b/132b</td>
 *     <td>USB 3.2 specification, chapter 6</td></tr>
 * <tr><td>SATA 1.5 / 3.0 / 6.0 Gb/s</td><td>1.5 / 3 / 6 Gb/s</td><td>150 / 300 / 600 MB/s:
 *     8b/10b</td><td>Serial ATA revision 3.x, physical layer (8b/10b)</td></tr>
 * <tr><td>PCIe 1.x / 2.x, per lane</td><td>2.5 / 5 GT/s</td><td>250 / 500 MB/s: 8b/10b</td>
 *     <td>PCI Express Base Specification, 4.2 (8b/10b)</td></tr>
 * <tr><td>PCIe 3.0 / 4.0 / 5.0, per lane</td><td>8 / 16 / 32 GT/s</td><td>984.6 / 1969.2 /
 *     3938.5 MB/s: 128b/130b</td><td>PCI Express Base Specification 3.0, 4.2 (128b/130b)</td></tr>
 * <tr><td>PCIe 6.0 / 7.0, per lane</td><td>64 / 128 GT/s</td><td>7562.5 / 15125 MB/s: 242 of
 *     every 256 flit bytes carry data</td><td>PCI Express Base Specification 6.0, 4.2 (Flit
 *     Mode)</td></tr>
 * </table>
 * USB 2.0 and 1.1 have no fixed line code, so their ceiling is the specification's bulk-transfer
 * maximum; for the others it is the line rate after encoding. Protocol overhead (packet headers,
 * command and status phases) lowers what a drive can reach by a further 5-15 %.
 *
 * <p>Sources of the negotiated rates (kernel {@code Documentation/ABI}): USB device
 * {@code speed}, {@code version}, {@code rx_lanes} ({@code testing/sysfs-bus-usb}); SATA
 * {@code ata_link} {@code sata_spd} and {@code hw_sata_spd_limit} ({@code testing/sysfs-ata});
 * PCIe {@code current_link_speed}, {@code current_link_width}, {@code max_link_speed},
 * {@code max_link_width} ({@code testing/sysfs-bus-pci}).
 *
 * @since 0.1.0
 */
public sealed interface Link permits Link.Usb, Link.Sata, Link.Pcie {

    /** A figure at or above this share of the ceiling means the link is the limit. */
    double SATURATION_RATIO = 0.9;

    /**
     * The most data per second the link can carry as negotiated now; see the table above.
     *
     * @return the ceiling, or {@link Throughput#NOT_AVAILABLE} when the negotiated rate is unknown
     */
    Throughput ceiling();

    /** {@return the link as negotiated, for people, for example {@code SATA 3.0 Gb/s on ata1}} */
    String description();

    /**
     * Whether a measured figure shows the link, not the drive, to be the limit.
     *
     * @param figure a measured throughput
     * @return true if the ceiling is known and {@code figure >= 0.9 x ceiling}
     */
    default boolean isSaturatedBy(Throughput figure) {
        Objects.requireNonNull(figure, "figure");
        return ceiling().isAvailable() && figure.isAvailable()
                && figure.bytesPerSecond() >= SATURATION_RATIO * ceiling().bytesPerSecond();
    }

    /**
     * A USB device (the one holding the disk: a stick, an enclosure's bridge) and the speed the
     * host negotiated with it.
     *
     * @param vendorId {@code idVendor}, four hex digits, for example {@code 0781}
     * @param productId {@code idProduct}, four hex digits
     * @param manufacturer the manufacturer string descriptor, where the device has one
     * @param product the product string descriptor, where the device has one
     * @param serial the serial-number string descriptor, where the device has one
     * @param version the USB version the device's descriptor claims ({@code bcdUSB}), for example
     *     {@code 3.20}: what the device can do
     * @param megabitsPerSecond the negotiated signalling rate in Mb/s as the kernel reports
     *     it ({@code 1.5}, {@code 12}, {@code 480}, {@code 5000}, {@code 10000}, {@code 20000}):
     *     what it does now; NaN when unknown
     * @param lanes receive lanes in use ({@code rx_lanes}; 2 for Gen 1x2 and Gen 2x2), 1 when the
     *     kernel does not say
     * @since 0.1.0
     */
    record Usb(String vendorId, String productId, Optional<String> manufacturer,
            Optional<String> product, Optional<String> serial, String version,
            double megabitsPerSecond, int lanes) implements Link {

        /**
         * Checks that no field is null and that {@code lanes >= 1}.
         *
         * @param vendorId {@code idVendor}, four hex digits, for example {@code 0781}
         * @param productId {@code idProduct}, four hex digits
         * @param manufacturer the manufacturer string descriptor, where the device has one
         * @param product the product string descriptor, where the device has one
         * @param serial the serial-number string descriptor, where the device has one
         * @param version the USB version the device's descriptor claims ({@code bcdUSB}), for example
         *     {@code 3.20}: what the device can do
         * @param megabitsPerSecond the negotiated signalling rate in Mb/s as the kernel reports
         *     it ({@code 1.5}, {@code 12}, {@code 480}, {@code 5000}, {@code 10000}, {@code 20000}):
         *     what it does now; NaN when unknown
         * @param lanes receive lanes in use ({@code rx_lanes}; 2 for Gen 1x2 and Gen 2x2), 1 when the
         *     kernel does not say
         */
        public Usb {
            Objects.requireNonNull(vendorId, "vendorId");
            Objects.requireNonNull(productId, "productId");
            Objects.requireNonNull(manufacturer, "manufacturer");
            Objects.requireNonNull(product, "product");
            Objects.requireNonNull(serial, "serial");
            Objects.requireNonNull(version, "version");
            if (lanes < 1) {
                throw new IllegalArgumentException("lanes must be >= 1: " + lanes);
            }
        }

        /**
         * Whether a device that claims USB 3 runs at USB 2 speed or slower: a USB 2 port, hub
         * or cable, or a bad connection. It could go up to ten times faster on a USB 3 port.
         *
         * @return true if the descriptor version is 3 or higher and the negotiated rate is at most
         *     480 Mb/s
         */
        public boolean isUsb3DeviceAtUsb2Speed() {
            return versionMajor() >= 3 && megabitsPerSecond <= 480;
        }

        private int versionMajor() {
            int dot = version.indexOf('.');
            try {
                return Integer.parseInt((dot < 0 ? version : version.substring(0, dot)).trim());
            } catch (NumberFormatException e) {
                return 0;
            }
        }

        @Override
        public Throughput ceiling() {
            double s = megabitsPerSecond;
            double bytesPerSecond;
            if (s == 1.5) {
                bytesPerSecond = 1.5e6 / 8;
            } else if (s == 12) {
                bytesPerSecond = 19 * 64 * 1000.0;
            } else if (s == 480) {
                bytesPerSecond = 13 * 512 * 8000.0;
            } else if (s == 5000) {
                bytesPerSecond = 5e9 * 8 / 10 / 8;
            } else if (s == 10000) {
                bytesPerSecond = lanes >= 2 ? 2 * 5e9 * 8 / 10 / 8 : 10e9 * 128 / 132 / 8;
            } else if (s == 20000) {
                bytesPerSecond = 2 * 10e9 * 128 / 132 / 8;
            } else {
                bytesPerSecond = Double.NaN;
            }
            return Throughput.ofBytesPerSecond(bytesPerSecond);
        }

        /** {@return the speed's name in the USB specifications, for example {@code High Speed}} */
        public String speedName() {
            double s = megabitsPerSecond;
            if (s == 1.5) {
                return "Low Speed";
            } else if (s == 12) {
                return "Full Speed";
            } else if (s == 480) {
                return "High Speed";
            } else if (s == 5000) {
                return "SuperSpeed, Gen 1";
            } else if (s == 10000) {
                return lanes >= 2 ? "SuperSpeed+, Gen 1x2" : "SuperSpeed+, Gen 2";
            } else if (s == 20000) {
                return "SuperSpeed+, Gen 2x2";
            }
            return "unknown speed";
        }

        /**
         * For example {@code USB 3.20 device 0781:5580 SanDisk Extreme at 480 Mb/s (High Speed)}.
         */
        @Override
        public String description() {
            String name = (manufacturer.map(m -> " " + m).orElse("")
                    + product.map(p -> " " + p).orElse(""));
            return "USB " + version + " device " + vendorId + ":" + productId + name + " at "
                    + (Double.isNaN(megabitsPerSecond) ? "unknown speed"
                            : number(megabitsPerSecond) + " Mb/s (" + speedName() + ")");
        }

        @Override
        public String toString() {
            return Link.describe(this);
        }
    }

    /**
     * A SATA link between a host port and a drive (libata).
     *
     * @param port the libata port, for example {@code ata1}
     * @param gigabitsPerSecond the negotiated rate ({@code sata_spd}: 1.5, 3.0 or 6.0); NaN when
     *     the link is down or the rate unknown
     * @param portLimitGigabitsPerSecond the most the host port supports ({@code hw_sata_spd_limit});
     *     NaN when unknown
     * @since 0.1.0
     */
    record Sata(String port, double gigabitsPerSecond, double portLimitGigabitsPerSecond)
            implements Link {

        /**
         * Checks that no field is null.
         *
         * @param port the libata port, for example {@code ata1}
         * @param gigabitsPerSecond the negotiated rate ({@code sata_spd}: 1.5, 3.0 or 6.0); NaN when
         *     the link is down or the rate unknown
         * @param portLimitGigabitsPerSecond the most the host port supports ({@code hw_sata_spd_limit});
         *     NaN when unknown
         */
        public Sata {
            Objects.requireNonNull(port, "port");
        }

        @Override
        public Throughput ceiling() {
            return Throughput.ofBytesPerSecond(gigabitsPerSecond * 1e9 * 8 / 10 / 8);
        }

        /** For example {@code SATA 3.0 Gb/s on ata1 (port supports 6.0 Gb/s)}. */
        @Override
        public String description() {
            return "SATA " + (Double.isNaN(gigabitsPerSecond) ? "at unknown speed"
                    : String.format(Locale.ROOT, "%.1f Gb/s", gigabitsPerSecond)) + " on " + port
                    + (Double.isNaN(portLimitGigabitsPerSecond) ? ""
                            : String.format(Locale.ROOT, " (port supports %.1f Gb/s)",
                                    portLimitGigabitsPerSecond));
        }

        @Override
        public String toString() {
            return Link.describe(this);
        }
    }

    /**
     * A PCI Express link to the device's PCI function (an NVMe controller).
     *
     * @param address the PCI address, for example {@code 0000:3d:00.0}
     * @param gigatransfersPerSecond the negotiated rate per lane ({@code current_link_speed}, GT/s);
     *     NaN when unknown
     * @param width the negotiated number of lanes ({@code current_link_width}); 0 when unknown
     * @param maxGigatransfersPerSecond the most the device supports ({@code max_link_speed});
     *     NaN when unknown
     * @param maxWidth the most lanes the device supports ({@code max_link_width}); 0 when unknown
     * @since 0.1.0
     */
    record Pcie(String address, double gigatransfersPerSecond, int width,
            double maxGigatransfersPerSecond, int maxWidth) implements Link {

        /**
         * Checks that no field is null and the widths are not negative.
         *
         * @param address the PCI address, for example {@code 0000:3d:00.0}
         * @param gigatransfersPerSecond the negotiated rate per lane ({@code current_link_speed}, GT/s);
         *     NaN when unknown
         * @param width the negotiated number of lanes ({@code current_link_width}); 0 when unknown
         * @param maxGigatransfersPerSecond the most the device supports ({@code max_link_speed});
         *     NaN when unknown
         * @param maxWidth the most lanes the device supports ({@code max_link_width}); 0 when unknown
         */
        public Pcie {
            Objects.requireNonNull(address, "address");
            if (width < 0 || maxWidth < 0) {
                throw new IllegalArgumentException("link widths must be >= 0: " + width + ", "
                        + maxWidth);
            }
        }

        @Override
        public Throughput ceiling() {
            if (width == 0) {
                return Throughput.NOT_AVAILABLE;
            }
            return Throughput.ofBytesPerSecond(laneBytesPerSecond(gigatransfersPerSecond) * width);
        }

        /**
         * The data rate of one lane at a transfer rate, after encoding (see the table above).
         *
         * @param gigatransfersPerSecond 2.5, 5, 8, 16, 32, 64 or 128
         * @return bytes per second, or NaN for any other rate
         */
        static double laneBytesPerSecond(double gigatransfersPerSecond) {
            double bitsPerSecond = gigatransfersPerSecond * 1e9;
            if (gigatransfersPerSecond == 2.5 || gigatransfersPerSecond == 5) {
                return bitsPerSecond * 8 / 10 / 8;
            } else if (gigatransfersPerSecond == 8 || gigatransfersPerSecond == 16
                    || gigatransfersPerSecond == 32) {
                return bitsPerSecond * 128 / 130 / 8;
            } else if (gigatransfersPerSecond == 64 || gigatransfersPerSecond == 128) {
                return bitsPerSecond / 8 * 242 / 256;
            }
            return Double.NaN;
        }

        /** For example {@code PCIe 8.0 GT/s x4 at 0000:3d:00.0 (device supports 16.0 GT/s x4)}. */
        @Override
        public String description() {
            return "PCIe " + rate(gigatransfersPerSecond, width) + " at " + address
                    + (Double.isNaN(maxGigatransfersPerSecond) ? ""
                            : " (device supports " + rate(maxGigatransfersPerSecond, maxWidth)
                                    + ")");
        }

        private static String rate(double gigatransfersPerSecond, int lanes) {
            return (Double.isNaN(gigatransfersPerSecond) ? "unknown speed"
                    : String.format(Locale.ROOT, "%.1f GT/s", gigatransfersPerSecond))
                    + (lanes > 0 ? " x" + lanes : "");
        }

        @Override
        public String toString() {
            return Link.describe(this);
        }
    }

    /** The description and the ceiling, for the records' {@code toString()}. */
    private static String describe(Link link) {
        return link.description() + ", ceiling " + link.ceiling();
    }

    /** A rate without a needless {@code .0}: {@code 480}, {@code 1.5}. */
    private static String number(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value)
                : String.valueOf(value);
    }
}
