package io.github.drivespeed.internal.measure;

import io.github.drivespeed.internal.files.TestFileCreator;
import io.github.drivespeed.internal.files.TestFileRemoval;
import io.github.drivespeed.internal.io.BlockingIoQueue;
import io.github.drivespeed.internal.io.IoFailures;
import io.github.drivespeed.internal.io.IoLoop;
import io.github.drivespeed.internal.io.OffsetGenerator;
import io.github.drivespeed.internal.io.LoopControl;
import io.github.drivespeed.internal.io.LoopFile;
import io.github.drivespeed.internal.io.LoopIos;
import io.github.drivespeed.internal.io.LoopRecorders;
import io.github.drivespeed.internal.preflight.Preflight;
import io.github.drivespeed.internal.probe.DeviceCounters;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;

/**
 * The cached-read figure, as {@code hdparm -T} measures it ("Timing cached reads"): a region of
 * {@value #REGION_BYTES} bytes is read once to bring it into the page cache, then read again and
 * again with buffered reads of the whole region for the given time. The figure is the speed of the
 * page cache, the CPU's copy and memory, never the drive's: it is the upper bound no drive read
 * through this machine's memory can honestly exceed, and the report compares the read figures
 * with it.
 */
final class CachedRead {

    /** The region re-read: 2 MiB, hdparm's timing buffer ({@code TIMING_BUF_MB}). */
    static final long REGION_BYTES = 2 * DataSize.MEBIBYTE;

    private CachedRead() {
    }

    /**
     * In a directory: a new buffered test file of {@value #REGION_BYTES} bytes is written and
     * fdatasync'd (its pages stay in the cache, clean), measured, and removed.
     *
     * @param io the backend
     * @param directory the examined target directory
     * @param durationNanos how long to re-read
     * @param counters the target's device counters
     * @return the cached-read pass: one sample, {@link CacheHandling#FROM_CACHE}, with
     *     {@link Warning#PAGE_CACHE_FIGURE}
     * @throws IOException if a call failed
     */
    static PassResult inDirectory(IoBackend io, Path directory, long durationNanos,
            DeviceCounters counters) throws IOException {
        TestFile file = TestFileCreator.create(io, directory, false, false);
        Path name = file.path().orElse(directory);
        Throwable failure = null;
        try (AlignedBuffer buffer = io.allocate(REGION_BYTES, Preflight.MIN_BUFFER_ALIGNMENT)) {
            for (long done = 0; done < REGION_BYTES; ) {
                try {
                    done += file.write(buffer, done, REGION_BYTES - done, done);
                } catch (IOException e) {
                    throw IoFailures.map(e, name, "write", done, "cached-read set-up", done,
                            REGION_BYTES);
                }
            }
            IoFailures.dataSync(file, name, "cached-read set-up", REGION_BYTES, REGION_BYTES);
            return measure(file, name, buffer, REGION_BYTES, durationNanos, counters);
        } catch (IOException | RuntimeException | Error e) {
            failure = e;
            throw e;
        } finally {
            TestFileRemoval.closeAndRemove(file, name, failure);
        }
    }

    /**
     * Reads {@code [0, regionBytes)} of an open, buffered file or device once untimed, then again
     * and again for {@code durationNanos}.
     *
     * @param file opened without O_DIRECT
     * @param name for messages
     * @param buffer at least {@code regionBytes}
     * @param regionBytes the region, a multiple of 512
     * @param durationNanos how long
     * @param counters the device's counters
     * @return the cached-read pass
     * @throws IOException if a read failed
     */
    static PassResult measure(FileHandle file, Path name, AlignedBuffer buffer, long regionBytes,
            long durationNanos, DeviceCounters counters) throws IOException {
        String what = "cached-read pass";
        LoopIos region = LoopIos.reads(OffsetGenerator.sequential(0, 1, regionBytes), buffer);
        IoLoop prime = new IoLoop(new LoopFile(new BlockingIoQueue(file), regionBytes, name, what,
                regionBytes), region, LoopRecorders.progressOnly(IoLoop.Progress.NONE),
                LoopControl.alone());
        long now = System.nanoTime();
        prime.run(1, now, now + IoLoop.NO_DEADLINE_NANOS);
        PassWindow window = PassWindow.open(counters);
        long start = window.startNanos();
        IoLoop loop = new IoLoop(new LoopFile(new BlockingIoQueue(file), regionBytes, name, what,
                -1), LoopIos.reads(OffsetGenerator.sequential(0, 1, regionBytes), buffer),
                LoopRecorders.pass(false, window.recorder(), IoLoop.Progress.NONE),
                LoopControl.alone());
        loop.run(Long.MAX_VALUE, start, start + durationNanos);
        Sample sample = window.sample(1, window.elapsedNanos(0), CacheHandling.FROM_CACHE);
        return PassResult.of(PassKind.CACHED_READ, List.of(sample),
                EnumSet.of(Warning.PAGE_CACHE_FIGURE));
    }
}
