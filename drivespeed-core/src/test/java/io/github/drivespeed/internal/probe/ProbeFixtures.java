package io.github.drivespeed.internal.probe;

import io.github.drivespeed.target.DeviceNumber;
import io.github.drivespeed.target.TargetInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The fixture trees of {@code src/test/probe-fixtures}: each holds {@code proc/self/mountinfo}
 * and, where the target has block devices, {@code sys/} laid out as the kernel does, symbolic
 * links included. They are read in place (see the module's pom).
 */
final class ProbeFixtures {

    /** A file store of 64 GB, 10 GB free, 4 KiB blocks: fixtures have no statvfs. */
    static final FileStoreFacts SPACE = new FileStoreFacts("unused", "unused", 4096,
            64_000_000_000L, 10_000_000_000L);

    private ProbeFixtures() {
    }

    /** @return the directory holding the fixtures */
    static Path root() {
        Path root = Path.of(System.getProperty("drivespeed.probeFixtures",
                "src/test/probe-fixtures"));
        if (!Files.isDirectory(root)) {
            throw new IllegalStateException("probe fixtures not found at " + root.toAbsolutePath()
                    + "; run from the drivespeed-core module or set drivespeed.probeFixtures");
        }
        return root;
    }

    /**
     * A probe reading the mount table of one fixture and the sysfs of another (often the same).
     *
     * @param procFixture the fixture whose {@code proc/} is read
     * @param sysFixture the fixture whose {@code sys/} is read
     * @return the probe
     */
    static TargetProbe probe(String procFixture, String sysFixture) {
        return new TargetProbe(root().resolve(procFixture).resolve("proc"),
                root().resolve(sysFixture).resolve("sys"));
    }

    /**
     * Describes a path of a fixture machine.
     *
     * @param fixture the fixture, for both proc and sys
     * @param directory the directory, as on that machine
     * @param stDev its {@code st_dev} as stat(2) would report it there
     * @return the description
     */
    static TargetInfo describe(String fixture, String directory, String stDev) {
        return describe(fixture, fixture, directory, stDev);
    }

    /**
     * @param procFixture the fixture whose mount table is read
     * @param sysFixture the fixture whose sysfs is read
     * @param directory the directory, as on that machine
     * @param stDev its {@code st_dev} as {@code major:minor}
     * @return the description
     */
    static TargetInfo describe(String procFixture, String sysFixture, String directory,
            String stDev) {
        return probe(procFixture, sysFixture).describe(Path.of(directory),
                Optional.of(DeviceNumber.parse(stDev)), SPACE);
    }
}
