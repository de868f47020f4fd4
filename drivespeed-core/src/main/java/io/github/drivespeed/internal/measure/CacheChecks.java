package io.github.drivespeed.internal.measure;

import io.github.drivespeed.report.medium.CacheCliff;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.DeviceIo;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.medium.Verification;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The warnings a pass's samples call for: what was done about the cache, what the device moved
 * (less than the pass counted: a cache served it; clearly more: someone else used the drive), and
 * what the passes' checks found.
 */
public final class CacheChecks {

    /** The page size buffered I/O moves at least, for the tolerance of {@link #foreignIo}. */
    static final long PAGE_BYTES = 4096;

    private CacheChecks() {
    }

    /**
     * {@return {@link Warning#READ_MAY_INCLUDE_PAGE_CACHE} when a run could not keep the page cache
     * out (but a verified run through FUSE with no block device of this machine under it, which
     * {@link Warning#READ_BACK_NOT_VERIFIED} names); {@link Warning#READ_SERVED_FROM_CACHE} when a run's device moved less than 90 % of the
     * bytes it read ({@link Sample#servedFromCache})}
     *
     * @param kind the pass the samples belong to
     * @param samples one per run
     */
    public static Set<Warning> readWarnings(PassKind kind, List<Sample> samples) {
        Set<Warning> w = EnumSet.noneOf(Warning.class);
        for (Sample s : samples) {
            // (a verified read through FUSE with no device of this machine under it was O_DIRECT
            // through the mount: READ_BACK_NOT_VERIFIED says which cache may have served it)
            CacheHandling handling = s.accounting().cacheHandling();
            if (handling.mayIncludeCache() && !(s.findings().verification().isPresent()
                    && handling == CacheHandling.FUSE_NO_LOCAL_DEVICE)) {
                w.add(Warning.READ_MAY_INCLUDE_PAGE_CACHE);
            }
            if (s.servedFromCache(kind)) {
                w.add(Warning.READ_SERVED_FROM_CACHE);
            }
        }
        return w;
    }

    /**
     * {@return {@link Warning#WRITE_SERVED_BY_PAGE_CACHE} when a buffered run's device moved less
     * than 90 % of the bytes it wrote}
     *
     * @param samples one per run of a write pass
     */
    public static Set<Warning> writeWarnings(List<Sample> samples) {
        Set<Warning> w = EnumSet.noneOf(Warning.class);
        for (Sample s : samples) {
            if (s.accounting().cacheHandling() == CacheHandling.BUFFERED_WRITE
                    && s.servedFromCache(PassKind.WRITE)) {
                w.add(Warning.WRITE_SERVED_BY_PAGE_CACHE);
            }
        }
        return w;
    }

    /**
     * Whether the device moved clearly more than drivespeed did over one timed interval, in
     * either direction: more than its own bytes (for buffered I/O counted in whole pages, which
     * the page cache reads and writes at least) times {@code 1 + }{@value
     * Warning#FOREIGN_IO_PERCENT}{@code  %}, plus {@value Warning#FOREIGN_IO_SLACK_MIB} MiB.
     *
     * @param device the device's counters over the interval, or empty (then false)
     * @param ownReadBytes bytes drivespeed read in the interval
     * @param ownWriteBytes bytes drivespeed wrote in the interval
     * @param ioBytes bytes per I/O
     * @param buffered whether the I/O went through the page cache
     * @param checkReads false where drivespeed's own reads may be amplified beyond any bound
     *     (buffered random reads without the POSIX_FADV_RANDOM hint: readahead)
     * @return true when the counters show other I/O
     */
    public static boolean foreignIo(Optional<DeviceIo> device, long ownReadBytes, long ownWriteBytes,
            long ioBytes, boolean buffered, boolean checkReads) {
        if (device.isEmpty()) {
            return false;
        }
        DeviceIo d = device.get();
        double pages = buffered && ioBytes < PAGE_BYTES ? (double) PAGE_BYTES / ioBytes : 1;
        return (checkReads && d.readBytes() > allowance(ownReadBytes * pages))
                || d.writeBytes() > allowance(ownWriteBytes * pages);
    }

    /**
     * Adds the shared-drive warnings of a write and a read pass.
     *
     * @param concurrent whether another measurement used the drive
     * @param concurrencyUnchecked whether the drive's locks could not be listed, so that another
     *     measurement could not be detected ({@link Warning#CONCURRENCY_UNCHECKED})
     * @param foreignWrite whether a write pass's counters showed other I/O
     * @param foreignRead whether a read pass's counters showed other I/O
     * @param writeWarnings the write pass's warnings, added to
     * @param readWarnings the read pass's warnings, added to
     */
    static void addSharedDrive(boolean concurrent, boolean concurrencyUnchecked,
            boolean foreignWrite, boolean foreignRead, Set<Warning> writeWarnings,
            Set<Warning> readWarnings) {
        if (concurrent) {
            writeWarnings.add(Warning.CONCURRENT_MEASUREMENT);
            readWarnings.add(Warning.CONCURRENT_MEASUREMENT);
        }
        if (concurrencyUnchecked) {
            writeWarnings.add(Warning.CONCURRENCY_UNCHECKED);
            readWarnings.add(Warning.CONCURRENCY_UNCHECKED);
        }
        if (foreignWrite) {
            writeWarnings.add(Warning.FOREIGN_IO);
        }
        if (foreignRead) {
            readWarnings.add(Warning.FOREIGN_IO);
        }
    }

    /**
     * Adds what the passes' checks found: {@link Warning#DATA_LOSS} to both passes when a read
     * pass lost data (rule 7), else {@link Warning#READ_BACK_NOT_VERIFIED} to the read pass when
     * a verified read went through a FUSE daemon's device page cache that could not be dropped
     * ({@link CacheHandling#FUSE_DEVICE_CACHED}) or had none under it
     * ({@link CacheHandling#FUSE_NO_LOCAL_DEVICE}), {@link Warning#WRITE_CACHE_CLIFF} (or,
     * buffered, {@link Warning#PAGE_CACHE_DIRTY_LIMIT}) to the write pass when a write pass fell
     * off a cliff (rule 8), {@link Warning#READ_RATE_DROP} when a read pass's rate fell and
     * stayed low, and {@link Warning#WRITE_STALL} / {@link Warning#READ_STALL} to a pass that
     * stalled.
     *
     * @param writes the write pass's samples
     * @param reads the read pass's samples
     * @param writeWarnings the write pass's warnings, added to
     * @param readWarnings the read pass's warnings, added to
     */
    public static void addFindings(List<Sample> writes, List<Sample> reads, Set<Warning> writeWarnings,
            Set<Warning> readWarnings) {
        if (reads.stream().anyMatch(r -> r.findings().verification().map(Verification::hasLoss)
                .orElse(false))) {
            readWarnings.add(Warning.DATA_LOSS);
            writeWarnings.add(Warning.DATA_LOSS);
        } else if (reads.stream().anyMatch(r -> r.findings().verification().isPresent()
                && (r.accounting().cacheHandling() == CacheHandling.FUSE_DEVICE_CACHED
                        || r.accounting().cacheHandling() == CacheHandling.FUSE_NO_LOCAL_DEVICE))) {
            readWarnings.add(Warning.READ_BACK_NOT_VERIFIED);
        }
        for (Sample w : writes) {
            w.findings().cacheCliff().ifPresent(c -> writeWarnings.add(
                    c.cause() == CacheCliff.Cause.PAGE_CACHE
                            ? Warning.PAGE_CACHE_DIRTY_LIMIT : Warning.WRITE_CACHE_CLIFF));
            w.findings().stall().ifPresent(x -> writeWarnings.add(Warning.WRITE_STALL));
        }
        for (Sample r : reads) {
            r.findings().rateDrop().ifPresent(x -> readWarnings.add(Warning.READ_RATE_DROP));
            r.findings().stall().ifPresent(x -> readWarnings.add(Warning.READ_STALL));
        }
    }

    private static double allowance(double ownBytes) {
        return ownBytes * (100 + Warning.FOREIGN_IO_PERCENT) / 100
                + Warning.FOREIGN_IO_SLACK_MIB * (double) DataSize.MEBIBYTE;
    }
}
