package io.github.drivespeed.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ModuleRequirements} on small modules compiled here against the jars of this test class
 * path: it names a jar required by a name made up from its file name, and only such jars.
 */
class ModuleRequirementsTest {

    @TempDir
    Path dir;

    @Test
    void aModuleRequiringHdrHistogramByItsFileNameIsCaught() throws IOException {
        Path classes = compile("requires HdrHistogram;", jar("HdrHistogram-"));
        assertThat(ModuleRequirements.filenameBasedAutomodules(classes,
                ModuleRequirements.testClassPath())).containsExactly(
                        jar("HdrHistogram-").getFileName().toString());
    }

    @Test
    void explicitModulesAndTheJdksPass() throws IOException {
        Path classes = compile("requires org.slf4j; requires java.management;",
                jar("slf4j-api-"));
        assertThat(ModuleRequirements.filenameBasedAutomodules(classes,
                ModuleRequirements.testClassPath())).isEmpty();
    }

    @Test
    void aRequiredModuleThatIsNowhereIsNamed() throws IOException {
        Path classes = compile("requires org.slf4j;", jar("slf4j-api-"));
        assertThat(ModuleRequirements.filenameBasedAutomodules(classes, "")).containsExactly(
                "org.slf4j (not found)");
    }

    /** The jar on the test class path whose file name starts with {@code prefix}. */
    private static Path jar(String prefix) {
        return Arrays.stream(ModuleRequirements.testClassPath().split(File.pathSeparator))
                .map(Path::of).filter(p -> p.getFileName().toString().startsWith(prefix))
                .findFirst().orElseThrow();
    }

    private Path compile(String requires, Path modulePath) throws IOException {
        Path source = Files.writeString(dir.resolve("module-info.java"),
                "module fixture { " + requires + " }");
        Path out = Files.createDirectories(dir.resolve("classes"));
        ToolProvider javac = ToolProvider.findFirst("javac").orElseThrow();
        int status = javac.run(System.out, System.err, List.of("-d", out.toString(), "--module-path",
                modulePath.toString(), "-Xlint:-requires-automatic", source.toString())
                .toArray(String[]::new));
        assertThat(status).as("javac").isZero();
        return out;
    }
}
