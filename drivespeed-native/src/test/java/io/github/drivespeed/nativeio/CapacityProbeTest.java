package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.medium.MediumKind;
import io.github.drivespeed.testing.FakeFlash;
import io.github.drivespeed.unit.DataSize;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The destructive capacity probe on emulated media whose truth is known
 * ({@code testbed/fake-flash --fs none}): wrap and limbo media of several real and claimed sizes,
 * powers of two and not, found with the usable size within 1 MiB of the real one and the right
 * kind; an honest medium found genuine.
 */
@Tag("privileged")
class CapacityProbeTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}: {1} of {2}")
    @CsvSource({"wrap, 64M, 256M", "wrap, 100M, 256M", "wrap, 300M, 512M", "limbo, 64M, 256M",
        "limbo, 100M, 256M", "limbo, 2100K, 128M", "honest, 256M, 256M"})
    void theProbeFindsTheRealSizeAndTheKind(String mode, String real, String claimed)
            throws Exception {
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", claimed, "--real", real,
                "--mode", mode, "--fs", "none")) {
            Path dev = medium.device();
            CapacityProbeReport r = DriveSpeed.probeCapacity(dev).allowWritesTo(dev).run();
            System.out.println("fake-flash " + mode + " real " + real + " claimed " + claimed
                    + ": " + r.details());
            long truth = medium.realBytes();
            assertThat(r.claimedBytes()).isEqualTo(medium.claimedBytes());
            assertThat((double) r.usableBytes()).isCloseTo(truth, within((double) DataSize.MEBIBYTE));
            assertThat(r.usableBytes()).isLessThanOrEqualTo(truth);
            MediumKind kind = switch (mode) {
                case "wrap" -> MediumKind.WRAP;
                case "limbo" -> MediumKind.LIMBO;
                default -> MediumKind.GENUINE;
            };
            assertThat(r.kind()).isEqualTo(kind);
            if (kind == MediumKind.WRAP) {
                assertThat(r.wrapPeriodBytes()).hasValue(truth);
            }
        }
    }
}
