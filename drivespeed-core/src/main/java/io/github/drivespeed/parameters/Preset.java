package io.github.drivespeed.parameters;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.unit.DataSize;
import java.util.List;
import java.util.Locale;

/**
 * The tests CrystalDiskMark and KDiskMark made everyone expect, by the names they print:
 * {@code SEQ1M Q8T1} is sequential 1 MiB blocks at queue depth 8 with 1 thread, {@code RND4K
 * Q32T16} random 4 KiB blocks at queue depth 32 with 16 threads. Each is run as a read test and a
 * write test. {@link io.github.drivespeed.WorkloadPlan#preset(Preset)} sets the access pattern, block size, queue depth
 * and threads; everything else (size, duration, direction) stays as the plan has it.
 *
 * @since 0.1.0
 */
public enum Preset {
    /** Sequential 1 MiB, queue depth 8, 1 thread. */
    SEQ1M_Q8T1(AccessPattern.SEQUENTIAL, DataSize.ofMebibytes(1), 8, 1),
    /** Sequential 1 MiB, queue depth 1, 1 thread. */
    SEQ1M_Q1T1(AccessPattern.SEQUENTIAL, DataSize.ofMebibytes(1), 1, 1),
    /** Random 4 KiB, queue depth 32, 1 thread. */
    RND4K_Q32T1(AccessPattern.RANDOM, DataSize.ofKibibytes(4), 32, 1),
    /** Random 4 KiB, queue depth 1, 1 thread. */
    RND4K_Q1T1(AccessPattern.RANDOM, DataSize.ofKibibytes(4), 1, 1),
    /** Sequential 128 KiB, queue depth 32, 1 thread (the NVMe set). */
    SEQ128K_Q32T1(AccessPattern.SEQUENTIAL, DataSize.ofKibibytes(128), 32, 1),
    /** Random 4 KiB, queue depth 32, 16 threads (the NVMe set). */
    RND4K_Q32T16(AccessPattern.RANDOM, DataSize.ofKibibytes(4), 32, 16);

    /** CrystalDiskMark's default set: SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1. */
    public static final List<Preset> STANDARD = List.of(SEQ1M_Q8T1, SEQ1M_Q1T1, RND4K_Q32T1,
            RND4K_Q1T1);
    /** CrystalDiskMark's NVMe set: SEQ1M Q8T1, SEQ128K Q32T1, RND4K Q32T16, RND4K Q1T1. */
    public static final List<Preset> NVME = List.of(SEQ1M_Q8T1, SEQ128K_Q32T1, RND4K_Q32T16,
            RND4K_Q1T1);

    private final AccessPattern pattern;
    private final DataSize blockSize;
    private final int queueDepth;
    private final int threads;

    Preset(AccessPattern pattern, DataSize blockSize, int queueDepth, int threads) {
        this.pattern = pattern;
        this.blockSize = blockSize;
        this.queueDepth = queueDepth;
        this.threads = threads;
    }

    /** {@return sequential or random} */
    public AccessPattern pattern() {
        return pattern;
    }

    /** {@return bytes per I/O} */
    public DataSize blockSize() {
        return blockSize;
    }

    /** {@return I/Os in flight per thread} */
    public int queueDepth() {
        return queueDepth;
    }

    /** {@return threads (fio numjobs)} */
    public int threads() {
        return threads;
    }

    /** {@return the name as CrystalDiskMark prints it, for example {@code RND4K Q32T1}} */
    public String label() {
        return name().replace('_', ' ');
    }

    /**
     * Finds a preset by name, ignoring case, with a space, {@code -} or {@code _} between the
     * parts: {@code "RND4K Q32T1"}, {@code "rnd4k-q32t1"}, {@code "RND4K_Q32T1"}.
     *
     * @param name the name
     * @return the preset
     * @throws IllegalArgumentException naming the known presets if none matches
     */
    public static Preset parse(String name) {
        String key = name.trim().toUpperCase(Locale.ROOT).replace(' ', '_').replace('-', '_');
        for (Preset p : values()) {
            if (p.name().equals(key)) {
                return p;
            }
        }
        StringBuilder known = new StringBuilder();
        for (Preset p : values()) {
            known.append(known.length() == 0 ? "" : ", ").append(p.label());
        }
        throw new InvalidSettingException("preset", name, "is unknown; known: " + known);
    }

    /** The label, for example {@code SEQ1M Q8T1}. */
    @Override
    public String toString() {
        return label();
    }
}
