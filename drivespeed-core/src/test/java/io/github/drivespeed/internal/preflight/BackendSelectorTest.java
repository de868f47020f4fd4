package io.github.drivespeed.internal.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.SpeedReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which backend runs, and the reason given when it is not a preferred one. */
class BackendSelectorTest {

    @TempDir
    Path dir;

    @Test
    void withNoProviderOnTheClassPathThePureJavaBackendRunsAndTheReportSaysWhy() {
        BackendSelector.Selection s = BackendSelector.select(List.of(), List.of());
        assertThat(s.info().name()).isEqualTo("java");
        assertThat(s.info().fallbackReason()).contains(BackendSelector.NO_PROVIDER);
    }

    @Test
    void aProviderThatFailedToLoadIsNamedInsteadOfTheClassPathHint() {
        BackendSelector.Selection s = BackendSelector.select(List.of(),
                List.of("an I/O backend could not be loaded: java.lang.UnsatisfiedLinkError: x"));
        assertThat(s.info().fallbackReason().orElseThrow())
                .contains("UnsatisfiedLinkError").doesNotContain("class path");
    }

    @Test
    void theSummaryOfARunWithoutTheNativeModuleSaysHowToGetIt() throws IOException {
        // drivespeed-core's own tests run without drivespeed-native on the class path
        SpeedReport r = DriveSpeed.on(dir).blockSize("64K").count(2).runs(1).run();
        assertThat(r.backend().fallbackReason()).contains(BackendSelector.NO_PROVIDER);
        assertThat(r.details()).contains("drivespeed-native");
    }
}
