package io.github.drivespeed.internal.files;

import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.DeviceNumber;
import io.github.drivespeed.target.TargetInfo;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The drive's locks: how a measurement learns that another one (in this or another process, in
 * any directory of the same file system or on the same disk) uses the same drive. For each device
 * number of the target (the file system's {@code st_dev}, the block device it sits on and each
 * whole disk below), a measurement holds an exclusive fcntl(2) lock ({@link FileChannel#tryLock()})
 * on its own file {@code drivespeed-dev-<major>-<minor>-<pid>-<nonce>.lock} in the run directory
 * ({@code /run/lock} where it is a writable directory, as on Debian and Fedora, else
 * {@code java.io.tmpdir}): created under a temporary name, locked, then renamed, so no one sees
 * it unlocked. Another measurement's file on one of the same numbers whose lock cannot be taken
 * is a live measurement; one whose lock can be taken was left by a process that died, and is
 * removed. Files of this process are known from a table and never opened twice (closing a second
 * descriptor of a file would drop this process's fcntl locks on it). The locks are released and
 * the files removed on {@link #close()}. Nothing here fails a measurement: where the run directory
 * cannot be used, the check is skipped and logged; where it cannot be listed (a 32-bit JVM meets
 * EOVERFLOW on a file system with 64-bit directory offsets), the log says once per directory
 * that a concurrent measurement cannot be detected, naming the directory and the error, and
 * {@link #concurrencyUnchecked()} tells the measurement, whose report then carries
 * {@link io.github.drivespeed.warning.Warning#CONCURRENCY_UNCHECKED}.
 */
public final class DriveLocks implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DriveLocks.class);
    private static final String PREFIX = "drivespeed-dev-";
    private static final SecureRandom NONCES = new SecureRandom();
    /** The lock files this process holds, of every measurement running in it. */
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();
    /** The run directories that could not be listed, warned about once each. */
    private static final Set<Path> UNLISTABLE = ConcurrentHashMap.newKeySet();

    private final Path directory;
    private final List<String> keys;
    private final List<Path> files = new ArrayList<>();
    private final List<FileChannel> channels = new ArrayList<>();
    /** Whether a listing of the run directory failed; read by the thread that listed it. */
    private boolean listingFailed;

    private DriveLocks(Path directory, List<String> keys) {
        this.directory = directory;
        this.keys = keys;
    }

    /**
     * Takes the locks of a target's drive.
     *
     * @param target a described target
     * @return the locks, to close when the measurement ends
     */
    public static DriveLocks acquire(TargetInfo target) {
        Set<DeviceNumber> numbers = new LinkedHashSet<>();
        target.mount().ifPresent(m -> numbers.add(m.deviceNumber()));
        for (BlockDevice d : target.blockDevices()) {
            if (d == target.blockDevice().orElse(null) || d.lower().isEmpty()) {
                numbers.add(d.deviceNumber());
            }
        }
        return acquire(numbers);
    }

    /**
     * {@return its locks (its own number and its whole disks')}
     *
     * @param device a block device measured directly
     */
    public static DriveLocks acquire(BlockDevice device) {
        Set<DeviceNumber> numbers = new LinkedHashSet<>();
        numbers.add(device.deviceNumber());
        for (BlockDevice d : device.chain()) {
            if (d.lower().isEmpty()) {
                numbers.add(d.deviceNumber());
            }
        }
        return acquire(numbers);
    }

    /**
     * {@return its lock (its own number only: its disk is not known)}
     *
     * @param number a block device measured directly that sysfs does not describe
     */
    public static DriveLocks acquire(DeviceNumber number) {
        return acquire(Set.of(number));
    }

    private static DriveLocks acquire(Set<DeviceNumber> numbers) {
        List<String> keys = new ArrayList<>();
        for (DeviceNumber n : numbers) {
            keys.add(PREFIX + n.major() + "-" + n.minor() + "-");
        }
        Optional<Path> dir = runDirectory();
        DriveLocks locks = new DriveLocks(dir.orElse(null), keys);
        if (dir.isEmpty()) {
            return locks;
        }
        long pid = ProcessHandle.current().pid();
        for (String key : keys) {
            String name = key + pid + "-" + Long.toHexString(NONCES.nextLong()) + ".lock";
            Path tmp = dir.get().resolve("." + name);
            Path file = dir.get().resolve(name);
            try {
                FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW,
                        StandardOpenOption.WRITE);
                try {
                    if (ch.tryLock() == null) {
                        throw new IOException("new lock file locked by another process");
                    }
                    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
                } catch (IOException | RuntimeException e) {
                    ch.close();
                    Files.deleteIfExists(tmp);
                    throw e;
                }
                HELD.add(file);
                locks.files.add(file);
                locks.channels.add(ch);
            } catch (IOException e) {
                LOG.info("cannot take the drive lock {} (another measurement on the drive is then"
                        + " seen only in the same directory): {}", file, e.toString());
            }
        }
        return locks;
    }

    /** {@code /run/lock} when it is a writable directory, else {@code java.io.tmpdir}. */
    static Optional<Path> runDirectory() {
        Path runLock = Path.of("/run/lock");
        if (Files.isDirectory(runLock) && Files.isWritable(runLock)) {
            return Optional.of(runLock);
        }
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        return Files.isDirectory(tmp) && Files.isWritable(tmp) ? Optional.of(tmp)
                : Optional.empty();
    }

    /**
     * {@return whether another measurement now holds a lock on one of this drive's numbers; removes
     * the lock files of measurements whose process is gone}
     */
    public boolean anotherMeasurement() {
        return anotherMeasurementBesides(List.of());
    }

    /**
     * {@return as {@link #anotherMeasurement()}, those locks left out}
     *
     * @param group the locks of the measurements running with this one as one group (the jobs of a
     *     {@code WorkloadGroupRun}), which are not another measurement
     */
    public boolean anotherMeasurementBesides(List<DriveLocks> group) {
        if (directory == null) {
            return false;
        }
        boolean found = false;
        try (DirectoryStream<Path> s = Files.newDirectoryStream(directory, PREFIX + "*.lock")) {
            for (Path p : s) {
                String name = p.getFileName().toString();
                if (files.contains(p) || keys.stream().noneMatch(name::startsWith)
                        || group.stream().anyMatch(g -> g.files.contains(p))) {
                    continue;
                }
                found |= HELD.contains(p) || liveOrRemoved(p);
            }
        } catch (IOException e) {
            unlistable(e);
        } catch (DirectoryIteratorException e) {
            unlistable(e.getCause());
        }
        return found;
    }

    /**
     * Whether a concurrent measurement on the same drive could not be detected: a listing of
     * the run directory by {@link #anotherMeasurement()} or
     * {@link #anotherMeasurementBesides(List)} failed, so another measurement's lock there was
     * not seen (the log names the directory and the error, once per directory).
     *
     * @return true once a listing failed; false while every listing succeeded, or before the
     *     first
     */
    public boolean concurrencyUnchecked() {
        return listingFailed;
    }

    private void unlistable(IOException e) {
        listingFailed = true;
        if (UNLISTABLE.add(directory)) {
            LOG.warn("cannot list the drive locks in {} ({}): another drivespeed measurement on"
                    + " the same drive cannot be detected", directory, reason(e));
        }
    }

    /** @return a file-system error's reason without its path, e.g. {@code Value too large ...} */
    private static String reason(IOException e) {
        return e instanceof FileSystemException f && f.getReason() != null ? f.getReason()
                : e.toString();
    }

    /**
     * @return true if another process holds the lock; removes the file when no one does (after
     *     waiting for a process killed just now to be gone: {@link ExitingProcesses})
     */
    private static boolean liveOrRemoved(Path p) {
        // the lock itself says whether its owner is still there: the wait only lets it go
        ownerPid(p.getFileName().toString()).ifPresent(ExitingProcesses::awaitGone);
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
            FileLock lock = ch.tryLock();
            if (lock == null) {
                return true;
            }
            Files.deleteIfExists(p);
            return false;
        } catch (OverlappingFileLockException e) {
            return true;
        } catch (IOException e) {
            // gone meanwhile, or not ours to open: no live measurement we can tell of
            return false;
        }
    }

    /**
     * {@return the process named in a lock file's name, {@code drivespeed-dev-M-m-PID-NONCE.lock};
     * empty when it names none}
     */
    static OptionalLong ownerPid(String name) {
        String[] parts = name.substring(PREFIX.length()).split("-");
        try {
            return parts.length == 4 ? OptionalLong.of(Long.parseLong(parts[2]))
                    : OptionalLong.empty();
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /**
     * {@return whether the two lock a device number in common (measure the same drive)}
     *
     * @param other another measurement's locks
     */
    public boolean sharesDriveWith(DriveLocks other) {
        return keys.stream().anyMatch(other.keys::contains);
    }

    /** Releases the locks and removes their files. */
    @Override
    public void close() {
        for (int i = 0; i < files.size(); i++) {
            Path file = files.get(i);
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                LOG.info("cannot remove the drive lock {}: {}", file, e.toString());
            }
            try {
                channels.get(i).close();
            } catch (IOException e) {
                LOG.debug("closing {}: {}", file, e.toString());
            }
            HELD.remove(file);
        }
        files.clear();
        channels.clear();
    }
}
