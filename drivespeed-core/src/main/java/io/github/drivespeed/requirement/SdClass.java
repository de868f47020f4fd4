package io.github.drivespeed.requirement;

import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.Throughput;
import java.util.Locale;
import java.util.Objects;

/**
 * The SD Association's performance classes for SD memory cards, each as a
 * {@link StorageRequirement}: what a card carrying the symbol must at least do, so that a card (or
 * any storage) can be measured against it.
 *
 * <table>
 * <caption>SD Association classes</caption>
 * <tr><th>class</th><th>minimum</th><th>introduced</th></tr>
 * <tr><td>Speed Class 2, 4, 6, 10 (C2 .. C10)</td><td>sustained sequential write 2, 4, 6, 10
 *     MB/s</td>
 *     <td>SD 2.0 (C10: SD 3.0)</td></tr>
 * <tr><td>UHS Speed Class 1, 3 (U1, U3)</td><td>sustained sequential write 10, 30 MB/s</td>
 *     <td>SD 3.01 / 4.0</td></tr>
 * <tr><td>Video Speed Class 6, 10, 30, 60, 90 (V6 .. V90)</td><td>sustained sequential write 6,
 *     10, 30, 60, 90 MB/s</td><td>SD 5.0</td></tr>
 * <tr><td>Application Performance Class 1 (A1)</td><td>random read 1500 IOPS, random write 500
 *     IOPS, sustained sequential 10 MB/s</td><td>SD 5.1</td></tr>
 * <tr><td>Application Performance Class 2 (A2)</td><td>random read 4000 IOPS, random write 2000
 *     IOPS, sustained sequential 10 MB/s</td><td>SD 6.0</td></tr>
 * </table>
 *
 * <p>Sources: SD Association, "Speed Class" (sdcard.org, Developers, SD Standard Overview, Speed
 * Class: the minimum sequential write speed of each Speed Class, UHS Speed Class and Video Speed
 * Class symbol) and "Application Performance Class" (sdcard.org, Developers, SD Standard Overview,
 * Application Performance Class: A1 and A2 minimum random read and write IOPS and sustained
 * sequential performance); SD Specifications Part 1, Physical Layer Simplified Specification,
 * sections "Speed Class Specification" and "Application Performance Class". The figures are in
 * "MB/sec" there; drivespeed takes MB as 10^6 bytes, as everywhere.
 *
 * <p>How drivespeed measures them, and where it differs from the SD test conditions: every
 * class's write minimum is a sustained one ({@link StorageRequirement.Criterion#SUSTAINED_WRITE}),
 * judged only on a write past the drive's write cache: a sustained write
 * ({@link io.github.drivespeed.DriveSpeed#sustained}: large O_DIRECT writes, fdatasync timed,
 * through the file system), or a sequential test whose write rate fell at the cache. A write that
 * stayed in the cache (the default sequential test on most cards) leaves it
 * {@linkplain RequirementCheck.NotJudged#BURST_ONLY not judged: burst only}, never met. The SD
 * Association measures a card itself, in allocation-unit-sized areas under defined host
 * conditions, so a card may pass its class there and still miss it in a device (or the reverse).
 * The App Performance classes A1 and A2 are random-I/O classes: their IOPS are random 4 KiB
 * reads and writes ({@link Preset#RND4K_Q1T1}: one I/O in flight, over a test file), judged on
 * those workloads as they ran (A2 cards reach theirs only with command queueing and cache enabled
 * by the host); their "sustained sequential performance" of 10 MB/s is, as its name says, judged
 * like the speed classes' minimums, on a write past the cache. The random IOPS are measured in a
 * test file, not across the card's whole range.
 *
 * @since 0.1.0
 */
public enum SdClass {
    /** Speed Class 2: sustained sequential write at least 2 MB/s. */
    C2("SD Speed Class 2 (C2)", 2, 0, 0),
    /** Speed Class 4: sustained sequential write at least 4 MB/s. */
    C4("SD Speed Class 4 (C4)", 4, 0, 0),
    /** Speed Class 6: sustained sequential write at least 6 MB/s. */
    C6("SD Speed Class 6 (C6)", 6, 0, 0),
    /** Speed Class 10: sustained sequential write at least 10 MB/s. */
    C10("SD Speed Class 10 (C10)", 10, 0, 0),
    /** UHS Speed Class 1: sustained sequential write at least 10 MB/s. */
    U1("SD UHS Speed Class 1 (U1)", 10, 0, 0),
    /** UHS Speed Class 3: sustained sequential write at least 30 MB/s. */
    U3("SD UHS Speed Class 3 (U3)", 30, 0, 0),
    /** Video Speed Class 6: sustained sequential write at least 6 MB/s. */
    V6("SD Video Speed Class 6 (V6)", 6, 0, 0),
    /** Video Speed Class 10: sustained sequential write at least 10 MB/s. */
    V10("SD Video Speed Class 10 (V10)", 10, 0, 0),
    /** Video Speed Class 30: sustained sequential write at least 30 MB/s. */
    V30("SD Video Speed Class 30 (V30)", 30, 0, 0),
    /** Video Speed Class 60: sustained sequential write at least 60 MB/s. */
    V60("SD Video Speed Class 60 (V60)", 60, 0, 0),
    /** Video Speed Class 90: sustained sequential write at least 90 MB/s. */
    V90("SD Video Speed Class 90 (V90)", 90, 0, 0),
    /**
     * Application Performance Class 1: random 4 KiB reads at least 1500 IOPS, writes at least
     * 500 IOPS, sustained sequential 10 MB/s.
     */
    A1("SD Application Performance Class 1 (A1)", 10, 1500, 500),
    /**
     * Application Performance Class 2: random 4 KiB reads at least 4000 IOPS, writes at least
     * 2000 IOPS, sustained sequential 10 MB/s.
     */
    A2("SD Application Performance Class 2 (A2)", 10, 4000, 2000);

    private static final String SPEED_SOURCE = "SD Association, Speed Class"
            + " (sdcard.org/developers/sd-standard-overview/speed-class); SD Physical Layer"
            + " Simplified Specification, Speed Class Specification";
    private static final String APP_SOURCE = "SD Association, Application Performance Class"
            + " (sdcard.org/developers/sd-standard-overview/application-performance-class); SD"
            + " Physical Layer Simplified Specification, Application Performance Class";

    private final String label;
    private final StorageRequirement requirement;

    SdClass(String label, int sequentialWriteMegabytesPerSecond, int randomReadIops,
            int randomWriteIops) {
        this.label = label;
        StorageRequirement r = StorageRequirement.named(label)
                .minSustainedWrite(Throughput.ofBytesPerSecond(
                        sequentialWriteMegabytesPerSecond * (double) DataSize.MEGABYTE));
        if (randomReadIops > 0) {
            r = r.minRandomReadIops(randomReadIops).minRandomWriteIops(randomWriteIops)
                    .source(APP_SOURCE);
        } else {
            r = r.source(SPEED_SOURCE);
        }
        this.requirement = r;
    }

    /** {@return the name, for example {@code SD Video Speed Class 30 (V30)}} */
    public String label() {
        return label;
    }

    /** {@return what a card of this class must at least do, with its source} */
    public StorageRequirement requirement() {
        return requirement;
    }

    /**
     * Finds a class by its symbol, ignoring case: {@code C10} (also {@code Class10},
     * {@code Class 10}), {@code U3} (also {@code UHS3}), {@code V30}, {@code A1}.
     *
     * @param name the symbol
     * @return the class
     * @throws IllegalArgumentException naming the classes there are, if none matches
     */
    public static SdClass parse(String name) {
        Objects.requireNonNull(name, "name");
        String key = name.strip().toUpperCase(Locale.ROOT).replace(" ", "")
                .replaceFirst("^CLASS", "C").replaceFirst("^UHS", "U");
        for (SdClass c : values()) {
            if (c.name().equals(key)) {
                return c;
            }
        }
        StringBuilder known = new StringBuilder();
        for (SdClass c : values()) {
            known.append(known.length() == 0 ? "" : ", ").append(c.name());
        }
        throw new IllegalArgumentException("unknown SD class '" + name + "'; known: " + known);
    }
}
