package io.github.drivespeed.internal.measure;

import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.target.BtrfsData;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * O_DIRECT writes on btrfs ({@link BtrfsData}): each test file is made NOCOW before its first
 * write where that keeps them direct (checksummed data in a profile of one copy), and the writes
 * btrfs still ran through the page cache carry {@link Warning#DIRECT_IO_EMULATED} (a duplicating
 * profile, or a backend that cannot set the flag). One per measurement; not thread-safe.
 */
public final class BtrfsDirectWrites {

    private static final Logger LOG = LoggerFactory.getLogger(BtrfsDirectWrites.class);

    private final Optional<BtrfsData> data;
    private boolean anyMade;
    private boolean allMade = true;

    private BtrfsDirectWrites(Optional<BtrfsData> data) {
        this.data = data;
    }

    /**
     * {@return the measurement's NOCOW handling for its target: nothing to do but on btrfs}
     *
     * @param target the target as probed
     */
    public static BtrfsDirectWrites of(TargetInfo target) {
        return new BtrfsDirectWrites(target.btrfsData());
    }

    /**
     * Makes a new, still empty test file NOCOW where that keeps O_DIRECT writes to it direct.
     *
     * @param file the file, before its first write
     * @param direct whether it is written with O_DIRECT (a buffered file is left as it is)
     * @throws IOException if setting the flag failed other than by the file system's refusal
     */
    public void prepare(TestFile file, boolean direct) throws IOException {
        if (!direct || data.filter(BtrfsData::noCowAvoidsEmulation).isEmpty()) {
            return;
        }
        boolean made = file.makeNoCow();
        if (!made && allMade) {
            LOG.info("the test file could not be made NOCOW (chattr +C) with this backend:"
                    + " btrfs runs its O_DIRECT writes through the page cache");
        }
        anyMade |= made;
        allMade &= made;
    }

    /** {@return whether every test file prepared was made NOCOW (and there was one)} */
    public boolean noCow() {
        return anyMade && allMade;
    }

    /**
     * {@return {@link Warning#DIRECT_IO_EMULATED} for O_DIRECT writes btrfs ran through the page
     * cache; empty for buffered writes and other file systems}
     *
     * @param reported the target as reported ({@link #reported}): whether its test files were
     *     made NOCOW
     * @param directWrites whether the pass's writes were O_DIRECT
     */
    public static Set<Warning> writeWarnings(TargetInfo reported, boolean directWrites) {
        return directWrites && reported.btrfsData()
                .filter(d -> d.directWritesEmulated(reported.testFileNoCow())).isPresent()
                ? EnumSet.of(Warning.DIRECT_IO_EMULATED) : EnumSet.noneOf(Warning.class);
    }

    /**
     * {@return the target as reported: saying its test files were made NOCOW where they were}
     *
     * @param target the target as probed
     */
    public TargetInfo reported(TargetInfo target) {
        return noCow() ? target.withTestFileNoCow() : target;
    }
}
