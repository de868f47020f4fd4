package io.github.drivespeed.report.medium;

/**
 * What a capacity check or probe found the medium to be, in f3's terms where it has them
 * ({@code f3probe}: good, bad, limbo, wraparound, chain).
 *
 * @since 0.1.0
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
    /**
     * Offsets beyond some point alias onto others, whose data writes there overwrite, but at no
     * one period: no "offset X lands at X modulo R" describes it (a controller that maps the
     * blocks past its real size anywhere in it). The report names an offset and the offset whose
     * data it held, and as usable size an upper bound (the higher of two offsets sharing a place
     * lies past the real size); f3 has no name for it (its module search tests powers of two
     * only).
     */
    ALIASED("aliased"),
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
