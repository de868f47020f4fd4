package io.github.drivespeed.report;

/**
 * What a capacity check or probe found the medium to be, in f3's terms ({@code f3probe}: good,
 * bad, limbo, wraparound, chain).
 */
public enum MediumKind {
    /** Every offset checked holds its own data: the capacity claimed is real (f3: good). */
    GENUINE("genuine"),
    /**
     * Offsets beyond the usable size alias onto lower ones, which writes there overwrite: the
     * medium wraps around with a period (f3: wraparound).
     */
    WRAP("wrap"),
    /**
     * Data written beyond the usable size is not stored (it reads back as zeros, 0xFF or
     * garbage, or not at all): f3's limbo.
     */
    LIMBO("limbo"),
    /** Loss below offsets that hold their data: a damaged medium rather than a fake one (f3: bad). */
    DAMAGED("damaged");

    private final String label;

    MediumKind(String label) {
        this.label = label;
    }

    /** {@return the name printed in reports, for example {@code wrap}} */
    public String label() {
        return label;
    }
}
