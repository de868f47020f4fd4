package io.github.drivespeed.cli;

import picocli.CommandLine;

/** The version from the jar manifest, for {@code --version} and the JSON's generator. */
final class Version implements CommandLine.IVersionProvider {

    /** @return {@code drivespeed 0.1.0}, or {@code drivespeed (development build)} */
    static String line() {
        String v = Version.class.getPackage().getImplementationVersion();
        return "drivespeed " + (v == null ? "(development build)" : v);
    }

    @Override
    public String[] getVersion() {
        return new String[] {line()};
    }
}
