package io.github.drivespeed;

import io.github.drivespeed.error.TestFileIoException;
import io.github.drivespeed.error.UnsafeTargetException;
import io.github.drivespeed.internal.check.SettingChecks;
import io.github.drivespeed.internal.jfr.FlightEvents;
import io.github.drivespeed.parameters.CapacityProbeParameters;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * An immutable plan for probing a block device's real capacity, obtained from
 * {@link DriveSpeed#probeCapacity(Path)}, in the spirit of {@code f3probe --destructive}: it
 * destroys the device's contents. Stamped 4 KiB units are written at chosen offsets (a grid over
 * the whole device and a dense region at its start, all written before any is read back), then
 * finer rounds, to find the highest offset that holds its own data and the wrap-around period of
 * a medium that wraps. It writes what {@link #cacheBound} needs, not the whole device, and takes
 * seconds to minutes. The report says "usable N of M claimed" and the kind
 * ({@link io.github.drivespeed.report.medium.MediumKind}: genuine, wrap, limbo, aliased,
 * damaged) to within one unit.
 *
 * <p>Writing needs the same opt-ins as a device write test ({@link DevicePlan#write()}):
 * {@link #allowWritesTo(Path)} naming this device again, nothing using the device (a mounted,
 * swap, device-mapper or md device is never written), and {@link #force()} over a partition
 * table or file-system signature. Every setter returns a new plan.
 *
 * @since 0.1.0
 */
public final class CapacityProbePlan
        extends Plan<CapacityProbePlan, ProgressListener, CapacityProbeParameters> {

    /** The least {@link #cacheBound}: 1 MiB. */
    private static final DataSize MIN_CACHE_BOUND = DataSize.ofMebibytes(1);

    /** The device named again by {@link #allowWritesTo(Path)}, or empty. */
    private final Optional<Path> writeConfirmation;

    private CapacityProbePlan(Path device, IoBackend backend, ProgressListener listener,
            CapacityProbeParameters parameters, Optional<Path> writeConfirmation) {
        super(device, backend, listener, parameters);
        this.writeConfirmation = writeConfirmation;
    }

    static CapacityProbePlan defaults(Path device) {
        return new CapacityProbePlan(Objects.requireNonNull(device, "device"), null,
                ProgressListener.NONE, CapacityProbeParameters.defaults(), Optional.empty());
    }

    @Override
    CapacityProbePlan with(IoBackend chosen, ProgressListener told,
            CapacityProbeParameters changed) {
        return new CapacityProbePlan(target(), chosen, told, changed, writeConfirmation);
    }

    /**
     * The opt-in for writing: names the device again, so that a typo in one place cannot destroy
     * another device. {@link #run()} compares both after resolving symbolic links.
     *
     * @param sameDevice the same block device as {@link DriveSpeed#probeCapacity(Path)} was given
     * @return a new plan
     * @throws NullPointerException if {@code sameDevice} is null
     */
    public CapacityProbePlan allowWritesTo(Path sameDevice) {
        Objects.requireNonNull(sameDevice, "sameDevice");
        return new CapacityProbePlan(target(), chosenBackend().orElse(null), progressListener(),
                parameters(), Optional.of(sameDevice));
    }

    /**
     * Write even over a partition table or file-system signature. A mounted or otherwise used
     * device is still refused.
     *
     * @return a new plan
     */
    public CapacityProbePlan force() {
        return withParameters(parameters().withForce(true));
    }

    /**
     * The cache of recent writes to rule out. Counterfeit media may keep the last writes past
     * their real size in a cache and serve a read-back from it; the probe writes
     * {@code F = min(bound, device size / 4)} bytes elsewhere between writing a unit and reading
     * it back (f3probe's method; a quarter because it must also write that much below the region
     * it writes). The default bound, {@link CapacityProbeParameters#DEFAULT_CACHE_BOUND}
     * (256 MiB), rules out a cache of 256 MiB on any device of 1 GiB or more, the largest
     * reported (f3's manual), and a quarter of a smaller device. Each round writes F: on a
     * genuine device of 1 GiB about {@code 2F + 5 MiB} in all (517 MiB with the default bound,
     * 133 MiB with 64 MiB: measured 55.9 s and 14.4 s on the test bed writing 10 MB/s, a card's
     * speed); a fake takes F more for each further round (1 to 5), and its cache's estimate up
     * to F more (2F if it wraps).
     *
     * @param bound at least 1 MiB (the flush region is written in chunks of 1 MiB; the smallest
     *     cache reported is 3 MiB)
     * @return a new plan
     * @throws IllegalArgumentException if {@code bound} is under 1 MiB (an
     *     {@link io.github.drivespeed.error.InvalidSettingException} naming {@code cacheBound}
     *     and the value)
     */
    public CapacityProbePlan cacheBound(DataSize bound) {
        return withParameters(parameters().withCacheBound(SettingChecks.requireAtLeast("cacheBound",
                SettingChecks.requireNonNull("cacheBound", bound), MIN_CACHE_BOUND)));
    }

    /**
     * {@link #cacheBound(DataSize)} in the {@link DataSize} grammar: {@code "512M"},
     * {@code "1 GiB"}.
     *
     * @param bound the size as text
     * @return a new plan
     * @throws IllegalArgumentException if it does not parse, or as {@link #cacheBound(DataSize)}
     */
    public CapacityProbePlan cacheBound(String bound) {
        return cacheBound(SettingChecks.parseSize("cacheBound", bound));
    }

    /**
     * Runs the probe. Between writing its units and reading them back it writes
     * {@code min(cacheBound, device size / 4)} bytes elsewhere, so a cache of the last writes up
     * to that size cannot serve the read-back (the report says what it ruled out, and for a limbo
     * or wrap medium how large a cache it found: {@link CapacityProbeReport#cacheEstimate()}); a
     * write that fails with EIO is data lost there, not a failure. Every refusal comes before the
     * {@link #listener listener} hears of anything: it is then told each round's writes and
     * read-back as the write and read pass of run {@code round} (bytes done after each unit), with
     * no {@code passFinished}.
     *
     * @return what the probe found
     * @throws UnsafeTargetException if writing is not allowed (see the class description)
     * @throws TestFileIoException if a write or read failed other than with EIO (which is data
     *     lost: {@link io.github.drivespeed.report.medium.DataLossKind#UNWRITABLE},
     *     {@link io.github.drivespeed.report.medium.DataLossKind#UNREADABLE})
     * @throws IllegalArgumentException if the device is too small or the backend cannot write it
     * @throws IOException if the device cannot be opened or examined
     */
    public CapacityProbeReport run() throws IOException {
        DevicePlan device = DevicePlan.defaults(target()).listener(progressListener());
        if (chosenBackend().isPresent()) {
            device = device.backend(chosenBackend().get());
        }
        if (writeConfirmation.isPresent()) {
            device = device.allowWritesTo(writeConfirmation.get());
        }
        if (parameters().force()) {
            device = device.force();
        }
        DevicePlan probing = device;
        return FlightEvents.recorded(
                () -> probing.probeCapacity(parameters().cacheBound().bytes()));
    }

    @Override
    public String toString() {
        return "CapacityProbePlan[" + target() + ": " + parameters()
                + writeConfirmation.map(c -> ", writes allowed to " + c).orElse("") + "]";
    }
}
