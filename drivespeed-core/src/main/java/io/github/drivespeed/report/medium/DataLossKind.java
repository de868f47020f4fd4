package io.github.drivespeed.report.medium;

/**
 * How a sector read back differs from what drivespeed wrote there, in the terms of f3
 * ({@code f3read}: "overwritten", "corrupted") and h2testw ("DATA LOST"). Every 512-byte sector
 * drivespeed writes carries its own offset and the run's nonce (bytes 0-15) and a payload the
 * generator can regenerate, so a sector that comes back different says what happened to it.
 *
 * @since 0.1.0
 */
public enum DataLossKind {
    /**
     * The sector holds the data drivespeed wrote at <em>another</em> offset in the same run (its
     * stamp names that offset, and it is that offset's data: its payload is not this sector's, or
     * its neighbour is displaced by the same distance): the medium maps two offsets onto one
     * place, as counterfeit media that wrap around do. f3 calls it "overwritten". A stamp with
     * changed bits in a sector that otherwise holds its own data is {@link #CORRUPTED}.
     */
    ALIASED("overwritten by another offset's data (aliasing)"),
    /** The sector reads back as all zeros: the data was never stored (f3's limbo media). */
    ZEROS("all zeros (never stored)"),
    /** The sector reads back as all 0xFF bytes: the data was never stored (erased flash). */
    ONES("all 0xFF (never stored)"),
    /**
     * The sector holds something else: changed bits (in its payload, or in its stamp: a single
     * flipped bit of the offset names another offset, but the rest is this sector's own data),
     * data of an earlier run, or anything that is neither this run's data nor an erased pattern.
     * f3 calls it "corrupted".
     */
    CORRUPTED("corrupted"),
    /**
     * Reading the sector back failed with EIO, as counterfeit cards often answer past their real
     * capacity: data loss, not a failure of the measurement.
     */
    UNREADABLE("unreadable (EIO on read-back)"),
    /**
     * Writing the sector failed with EIO, as counterfeit media answer past their real capacity
     * (ValiDrive's "Write Error"): data loss, whatever reads back there, not a failure of the
     * check.
     */
    UNWRITABLE("unwritable (EIO on write)");

    private final String description;

    DataLossKind(String description) {
        this.description = description;
    }

    /**
     * {@return what happened to the data, for people, for example {@code all zeros (never stored)}}
     */
    public String description() {
        return description;
    }
}
