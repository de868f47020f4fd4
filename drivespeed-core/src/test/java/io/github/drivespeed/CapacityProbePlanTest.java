package io.github.drivespeed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.UnsafeTargetException;
import io.github.drivespeed.error.UnsupportedTargetException;
import io.github.drivespeed.parameters.CapacityProbeParameters;
import io.github.drivespeed.unit.DataSize;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The capacity probe's plan: its entry point, defaults, validation at the setter, refusals. */
class CapacityProbePlanTest {

    private static final Path SDX = Path.of("/dev/sdx");

    @Test
    void theEntryPointGivesThePlanWithTheDefaultCacheBoundAndNoForce() {
        CapacityProbePlan plan = DriveSpeed.probeCapacity(SDX);
        assertThat(plan.target()).isEqualTo(SDX);
        assertThat(plan.parameters()).isEqualTo(new CapacityProbeParameters(false,
                CapacityProbeParameters.DEFAULT_CACHE_BOUND));
        assertThat(plan.force().cacheBound("64M").parameters()).isEqualTo(
                new CapacityProbeParameters(true, DataSize.ofMebibytes(64)));
        assertThat(plan.parameters().force()).isFalse();
        assertThat(plan.allowWritesTo(SDX).toString()).contains("writes allowed to /dev/sdx");
        assertThatThrownBy(() -> DriveSpeed.probeCapacity(Path.of("")))
                .isInstanceOf(InvalidSettingException.class).hasMessageContaining("device");
    }

    @Test
    void theCacheBoundTakesASizeOfAtLeastOneMibibyteNamingSettingAndValueOtherwise() {
        CapacityProbePlan t = DriveSpeed.probeCapacity(SDX);
        assertThat(t.cacheBound("512M")).isNotSameAs(t);
        assertThatThrownBy(() -> t.cacheBound("0")).isInstanceOf(InvalidSettingException.class)
                .hasMessage("cacheBound is too small (must be >= 1 MiB): 0 B");
        assertThatThrownBy(() -> t.cacheBound("512K"))
                .hasMessage("cacheBound is too small (must be >= 1 MiB): 512 KiB");
        assertThatThrownBy(() -> t.cacheBound("lots")).isInstanceOf(InvalidSettingException.class)
                .hasMessageStartingWith("cacheBound ").hasMessageContaining("lots");
        assertThatThrownBy(() -> t.cacheBound((DataSize) null))
                .hasMessageContaining("cacheBound");
    }

    @Test
    void withoutTheOptInNothingIsOpenedAndARegularFileIsRefusedUntouched(@TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("card.img");
        byte[] content = "not a block device".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Files.write(file, content);
        assertThatThrownBy(() -> DriveSpeed.probeCapacity(file).run())
                .isInstanceOf(UnsafeTargetException.class);
        assertThatThrownBy(() -> DriveSpeed.probeCapacity(file).allowWritesTo(file).run())
                .isInstanceOf(UnsupportedTargetException.class);
        assertThat(Files.readAllBytes(file)).isEqualTo(content);
        try (var left = Files.list(dir)) {
            assertThat(left).containsExactly(file);
        }
    }
}
