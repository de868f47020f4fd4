package io.github.drivespeed.target;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.drivespeed.unit.Throughput;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The ceilings table of {@link Link}, recomputed here from the specifications' numbers. */
class LinkTest {

    private static Link.Usb usb(String version, double speed, int lanes) {
        return new Link.Usb("0781", "5580", Optional.empty(), Optional.empty(), Optional.empty(),
                version, speed, lanes);
    }

    @ParameterizedTest(name = "USB at {0} Mb/s, {1} lane(s): {2} B/s")
    @CsvSource({
        "12, 1, 1216000",          // 19 x 64 B per 1 ms frame
        "480, 1, 53248000",        // 13 x 512 B per 125 us microframe
        "5000, 1, 500000000",      // 5 Gb/s, 8b/10b
        "10000, 2, 1000000000",    // Gen 1x2: 2 x 5 Gb/s, 8b/10b
        "10000, 1, 1212121212.12", // Gen 2: 10 Gb/s, 128b/132b
        "20000, 2, 2424242424.24", // Gen 2x2
    })
    void usbCeilings(double speed, int lanes, double bytesPerSecond) {
        assertThat(usb("3.20", speed, lanes).ceiling().bytesPerSecond())
                .isCloseTo(bytesPerSecond, within(0.01));
    }

    @ParameterizedTest(name = "SATA {0} Gb/s: {1} MB/s")
    @CsvSource({"1.5, 150", "3.0, 300", "6.0, 600"})
    void sataCeilingsAfter8b10b(double gigabits, double megabytes) {
        assertThat(new Link.Sata("ata1", gigabits, 6.0).ceiling().megabytesPerSecond())
                .isCloseTo(megabytes, within(1e-9));
    }

    @ParameterizedTest(name = "PCIe {0} GT/s x{1}: {2} MB/s")
    @CsvSource({
        "2.5, 1, 250", "5.0, 4, 2000",                      // 8b/10b
        "8.0, 4, 3938.4615", "16.0, 4, 7876.9231", "32.0, 4, 15753.8462", // 128b/130b
        "64.0, 1, 7562.5",                                  // flit: 242 of 256 bytes
    })
    void pcieCeilings(double gigatransfers, int width, double megabytes) {
        assertThat(new Link.Pcie("0000:01:00.0", gigatransfers, width, Double.NaN, 0).ceiling()
                .megabytesPerSecond()).isCloseTo(megabytes, within(1e-4));
    }

    @Test
    void unknownRatesHaveNoCeilingAndNeverSaturate() {
        Link[] unknown = {usb("3.00", Double.NaN, 1), new Link.Sata("ata1", Double.NaN, Double.NaN),
            new Link.Pcie("0000:01:00.0", 8.0, 0, Double.NaN, 0),
            new Link.Pcie("0000:01:00.0", 3.0, 4, Double.NaN, 0)};
        for (Link l : unknown) {
            assertThat(l.ceiling().isAvailable()).as(l.description()).isFalse();
            assertThat(l.isSaturatedBy(Throughput.ofBytesPerSecond(1e12))).isFalse();
        }
    }

    @Test
    void saturationIsNinetyPercentOfTheCeiling() {
        Link sata = new Link.Sata("ata1", 3.0, 6.0);
        assertThat(sata.isSaturatedBy(Throughput.ofBytesPerSecond(269.9e6))).isFalse();
        assertThat(sata.isSaturatedBy(Throughput.ofBytesPerSecond(270e6))).isTrue();
        assertThat(sata.isSaturatedBy(Throughput.NOT_AVAILABLE)).isFalse();
    }

    @Test
    void aUsb3DeviceAtUsb2OrSlowerSpeedIsRecognised() {
        assertThat(usb("3.00", 480, 1).isUsb3DeviceAtUsb2Speed()).isTrue();
        assertThat(usb("3.20", 12, 1).isUsb3DeviceAtUsb2Speed()).isTrue();
        assertThat(usb("3.10", 5000, 1).isUsb3DeviceAtUsb2Speed()).isFalse();
        assertThat(usb("2.10", 480, 1).isUsb3DeviceAtUsb2Speed()).isFalse();
        assertThat(usb("2.00", 480, 1).description())
                .isEqualTo("USB 2.00 device 0781:5580 at 480 Mb/s (High Speed)");
    }
}
