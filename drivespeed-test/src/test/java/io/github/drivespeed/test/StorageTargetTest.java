package io.github.drivespeed.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Where {@link EnabledIfStorage} takes its directory from, and in which order. */
class StorageTargetTest {

    @EnabledIfStorage(directory = "/from/annotation")
    private static void withDir() {
    }

    @EnabledIfStorage(property = "my.ssd")
    private static void withoutDir() {
    }

    private static EnabledIfStorage annotationOf(String method) throws NoSuchMethodException {
        return StorageTargetTest.class.getDeclaredMethod(method)
                .getAnnotation(EnabledIfStorage.class);
    }

    private static StorageTarget.Located locate(EnabledIfStorage a, Map<String, String> config,
            Map<String, String> env) {
        return StorageTarget.locate(a, k -> Optional.ofNullable(config.get(k)), env::get);
    }

    @Test
    void thePropertyWinsOverTheEnvironmentWhichWinsOverTheAnnotation() throws Exception {
        EnabledIfStorage a = annotationOf("withDir");
        StorageTarget fromProperty = locate(a, Map.of("drivespeed.storage.dir", "/p"),
                Map.of("DRIVESPEED_STORAGE_DIR", "/e")).target().orElseThrow();
        assertThat(fromProperty.directory()).isEqualTo(Path.of("/p"));
        assertThat(fromProperty.source())
                .isEqualTo("system property or configuration parameter drivespeed.storage.dir");

        StorageTarget fromEnvironment = locate(a, Map.of(), Map.of("DRIVESPEED_STORAGE_DIR", "/e"))
                .target().orElseThrow();
        assertThat(fromEnvironment.directory()).isEqualTo(Path.of("/e"));
        assertThat(fromEnvironment.source()).isEqualTo("environment variable DRIVESPEED_STORAGE_DIR");

        StorageTarget fromAnnotation = locate(a, Map.of(), Map.of()).target().orElseThrow();
        assertThat(fromAnnotation.directory()).isEqualTo(Path.of("/from/annotation"));
        assertThat(fromAnnotation.source()).isEqualTo("@EnabledIfStorage(directory)");
    }

    @Test
    void blankOverridesAreIgnoredAndNothingGivenIsNoTarget() throws Exception {
        EnabledIfStorage a = annotationOf("withoutDir");
        StorageTarget.Located none = locate(a, Map.of("my.ssd", " "), Map.of("MY_SSD", ""));
        assertThat(none.target()).isEmpty();
        assertThat(none.reason()).isEqualTo("no storage to test: set the system property my.ssd"
                + " (or the environment variable MY_SSD) to a directory, or give"
                + " @EnabledIfStorage(directory = ...)");
        assertThat(locate(a, Map.of(), Map.of("MY_SSD", "/mnt/ssd")).target().orElseThrow()
                .directory()).isEqualTo(Path.of("/mnt/ssd"));
    }

    @Test
    void theEnvironmentVariableIsThePropertyUpperCasedWithUnderscores() {
        assertThat(StorageTarget.environmentVariable("drivespeed.storage.dir"))
                .isEqualTo("DRIVESPEED_STORAGE_DIR");
        assertThat(StorageTarget.environmentVariable("media-usb0.dir")).isEqualTo("MEDIA_USB0_DIR");
    }
}
