package io.github.drivespeed.fio.internal;

import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.parameters.AccessPattern;
import java.util.Locale;
import java.util.Optional;

/**
 * A workload's mode by fio's name ({@code rw=randread}, drivespeed's {@code --rw randread}): its
 * access pattern and whether it reads, writes or mixes the two. Both command lines read the names
 * here and set the workload plan with {@link #applyTo}.
 */
public enum ReadWriteMode {

    /** Sequential reads. */
    READ("read", AccessPattern.SEQUENTIAL, 100),
    /** Sequential writes. */
    WRITE("write", AccessPattern.SEQUENTIAL, 0),
    /** Sequential reads and writes mixed; fio's {@code rw}, alias {@code readwrite}. */
    RW("rw", AccessPattern.SEQUENTIAL, ReadWriteMode.MIXED),
    /** Random reads. */
    RANDREAD("randread", AccessPattern.RANDOM, 100),
    /** Random writes. */
    RANDWRITE("randwrite", AccessPattern.RANDOM, 0),
    /** Random reads and writes mixed. */
    RANDRW("randrw", AccessPattern.RANDOM, ReadWriteMode.MIXED);

    /**
     * The share of reads in a mix when none is given, in percent: fio's {@code rwmixread}
     * default, and drivespeed's {@code --rwmixread}'s.
     */
    public static final int DEFAULT_READ_PERCENT = 50;

    /** What {@link #readPercent} holds for a mix, whose share of reads is given apart. */
    private static final int MIXED = -1;

    private final String fioName;
    private final AccessPattern pattern;
    private final int readPercent;

    ReadWriteMode(String fioName, AccessPattern pattern, int readPercent) {
        this.fioName = fioName;
        this.pattern = pattern;
        this.readPercent = readPercent;
    }

    /** {@return fio's name of the mode, {@code randread}} */
    public String fioName() {
        return fioName;
    }

    /** {@return the order of the offsets} */
    public AccessPattern pattern() {
        return pattern;
    }

    /** {@return whether reads and writes are mixed (the share of reads given apart)} */
    public boolean mixed() {
        return readPercent == MIXED;
    }

    /** {@return whether the mode writes: a write or a mix} */
    public boolean writes() {
        return readPercent != 100;
    }

    /**
     * {@return the plan in this mode: its pattern, and reads, writes, or a mix of
     * {@link #DEFAULT_READ_PERCENT} percent reads (a share given apart is set after)}
     *
     * @param plan the plan before
     */
    public WorkloadPlan applyTo(WorkloadPlan plan) {
        WorkloadPlan p = pattern == AccessPattern.RANDOM ? plan.random() : plan.sequential();
        if (mixed()) {
            return p.readPercent(DEFAULT_READ_PERCENT);
        }
        return readPercent == 100 ? p.read() : p.write();
    }

    /**
     * {@return the mode fio calls {@code name} (case ignored; {@code readwrite} is {@code rw}), or
     * empty for another name}
     *
     * @param name a mode as written
     */
    public static Optional<ReadWriteMode> ofFioName(String name) {
        String wanted = name.toLowerCase(Locale.ROOT);
        if (wanted.equals("readwrite")) {
            return Optional.of(RW);
        }
        for (ReadWriteMode m : values()) {
            if (m.fioName.equals(wanted)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    /**
     * {@return the mode fio calls {@code name}, as {@link #ofFioName}}
     *
     * @param name a mode as written
     * @throws IllegalArgumentException with the names there are, for another name
     */
    public static ReadWriteMode parse(String name) {
        return ofFioName(name).orElseThrow(() -> new IllegalArgumentException("expected read,"
                + " write, rw, randread, randwrite or randrw"));
    }
}
