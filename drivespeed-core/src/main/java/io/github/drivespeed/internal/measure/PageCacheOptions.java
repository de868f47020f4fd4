package io.github.drivespeed.internal.measure;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.InvalidSettingException.Reason;
import io.github.drivespeed.internal.check.SettingChecks;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.IoBackend;
import java.time.Duration;
import java.util.Optional;

/**
 * How reads keep the page cache out, beyond O_DIRECT and per-file eviction, and whether a
 * cached-read figure ({@code hdparm -T}) is measured too.
 *
 * @param dropCaches drop the whole machine's clean caches (sync, drop_caches) before each
 *     buffered read pass; only when the caller opted in, as root
 * @param cachedReadNanos how long the cached-read pass lasts, or 0 for none
 */
public record PageCacheOptions(boolean dropCaches, long cachedReadNanos) {

    /** No drop_caches, no cached-read pass. */
    public static final PageCacheOptions NONE = new PageCacheOptions(false, 0);

    /** Checks the duration. */
    public PageCacheOptions {
        SettingChecks.requireAtLeast("cachedReadNanos", cachedReadNanos, 0);
    }

    /**
     * {@return the options of a plan's settings}
     *
     * @param dropCaches whether the machine's caches are dropped before each buffered read pass
     * @param cachedRead how long the cached-read pass re-reads, or empty for none
     */
    public static PageCacheOptions of(boolean dropCaches, Optional<Duration> cachedRead) {
        return new PageCacheOptions(dropCaches, cachedRead.map(Duration::toNanos).orElse(0L));
    }

    /**
     * Refuses drop_caches where every read bypasses the page cache: it would only slow the
     * machine down and change nothing measured.
     *
     * @param directReads whether the reads are O_DIRECT with no buffered fallback
     * @param bufferingSettings the plan's settings that would make the reads buffered, for the
     *     message ({@code buffered}, {@code directOrBuffered})
     * @throws InvalidSettingException naming {@code dropCaches} if it was asked for with such
     *     reads
     */
    public void checkReadsAreBuffered(boolean directReads, String... bufferingSettings) {
        if (dropCaches && directReads) {
            Reason reason = Reason.of("applies to buffered reads; O_DIRECT reads bypass the page"
                    + " cache: add ");
            for (int i = 0; i < bufferingSettings.length; i++) {
                reason = (i == 0 ? reason : reason.then(" or ")).setting(bufferingSettings[i]);
            }
            throw new InvalidSettingException("dropCaches", null, reason, null);
        }
    }

    /**
     * Checks, before any I/O, that the backend can drop caches if that was asked for.
     *
     * @param io the backend
     * @throws InvalidSettingException naming the setting when it cannot (not root)
     */
    void checkBackend(IoBackend io) {
        if (dropCaches && !io.capabilities().contains(Capability.DROP_CACHES)) {
            throw new InvalidSettingException("dropCaches", null, Reason.of("cannot be done by"
                    + " the " + io.name() + " backend here: writing /proc/sys/vm/drop_caches"
                    + " needs root (effective uid 0); without ").setting("dropCaches")
                    .then(" buffered reads are evicted with posix_fadvise where the backend can"),
                    null);
        }
    }
}
