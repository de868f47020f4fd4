package io.github.drivespeed.cli;

import io.github.drivespeed.fio.FioResults;
import picocli.CommandLine;

/**
 * The version from the jar manifest, for {@code --version} and the JSON's generator; started as
 * {@code fio}, the line fio's front ends look for.
 */
final class Version implements CommandLine.IVersionProvider {

    private final boolean asFio;

    /** @param asFio whether the command was started under the name {@code fio} */
    Version(boolean asFio) {
        this.asFio = asFio;
    }

    /** @return {@code drivespeed 0.1.0}, or {@code drivespeed (development build)} */
    static String line() {
        String v = version();
        // String.concat, not +: javac makes + an invokedynamic call whose first use costs the
        // --version answer about 7 ms of method-handle set-up (VersionAnswer)
        return "drivespeed ".concat(v == null ? "(development build)" : v);
    }

    /**
     * {@return {@code fio-3.33-drivespeed-0.1.0}: fio's {@code --version} line (KDiskMark wants it
     * to start with {@code fio-}, fio-plot's bench_fio to hold {@code fio-3}), naming the fio
     * release whose JSON layout drivespeed writes, then drivespeed and its version}
     */
    static String fioLine() {
        String v = version();
        return (FioResults.FIO_RELEASE + "-drivespeed-").concat(v == null ? "development-build" : v);
    }

    private static String version() {
        return Version.class.getPackage().getImplementationVersion();
    }

    @Override
    public String[] getVersion() {
        return new String[] {asFio ? fioLine() : line()};
    }
}
