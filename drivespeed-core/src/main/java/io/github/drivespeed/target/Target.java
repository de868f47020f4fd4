package io.github.drivespeed.target;

import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * What a measurement ran on: a directory on a file system ({@link TargetInfo}) or a raw block
 * device ({@link DeviceInfo}). Every report names its target
 * ({@link io.github.drivespeed.report.Report#target()}); the two kinds say different things, so
 * code that needs a directory's mount or a device's size asks for the kind
 * ({@code target instanceof TargetInfo t}) or uses the report's own, typed accessor.
 *
 * @since 0.1.0
 */
public sealed interface Target permits TargetInfo, DeviceInfo {

    /** {@return the directory tested in, or the device node tested} */
    Path path();

    /**
     * {@return what about the target may make figures differ from a drive's own speed, in
     * declaration order}
     */
    Set<Warning> warnings();

    /**
     * {@return the bus link (USB, SATA, PCIe) that bounds every transfer to the target, when it
     * sits on one whole disk whose link is known}
     */
    Optional<Link> link();

    /**
     * {@return the target for people, several lines, each ending in a newline; no warnings (a
     * report's {@code details()} begins with them)}
     */
    String details();
}
