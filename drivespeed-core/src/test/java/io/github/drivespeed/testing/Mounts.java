package io.github.drivespeed.testing;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Small file systems, loop devices and bind mounts made for a test and always undone afterwards
 * (root only). Everything is created under a directory the test owns (its {@code @TempDir}).
 */
public final class Mounts {

    private Mounts() {
    }

    /** Something to undo when a mount is closed, after unmounting; or a step before mounting. */
    @FunctionalInterface
    private interface Undo {
        void run() throws IOException;
    }

    /** A mount that is undone on close: unmounted, then its loop device and image removed. */
    public static final class Mount implements AutoCloseable {
        private final Path dir;
        private final Undo afterUnmount;

        Mount(Path dir, Undo afterUnmount) {
            this.dir = dir;
            this.afterUnmount = afterUnmount;
        }

        /** @return the mount point */
        public Path dir() {
            return dir;
        }

        @Override
        public void close() throws IOException {
            try {
                Result r = exec("umount", dir.toString());
                if (r.exitCode() != 0) {
                    exec("umount", "-l", dir.toString());
                }
            } finally {
                try {
                    afterUnmount.run();
                } finally {
                    Files.deleteIfExists(dir);
                }
            }
        }
    }

    /**
     * A loop device over an image file; on close it is detached and the image removed.
     */
    public static final class LoopDevice implements AutoCloseable {
        private final Path image;
        private final Path device;
        /** The write-cache mode to put back before detaching, or null where none was changed. */
        private String writeCacheToRestore;

        LoopDevice(Path image, Path device) {
            this.image = image;
            this.device = device;
        }

        /**
         * Makes the kernel treat the device as having no volatile write cache: its
         * {@code queue/write_cache} is set to {@code write through}, so that the block layer sends
         * it no FLUSH ({@code Documentation/block/writeback_cache_control.rst}), as for a USB
         * bridge or card that says so, or a disk after {@code hdparm -W0}. {@link #close()} puts
         * the mode it had back before detaching: on Linux 6.18 the setting outlived the detach,
         * and a loop device attached later under the same number started write through.
         *
         * @return this device
         * @throws IOException if sysfs refused the setting
         */
        public LoopDevice writeThrough() throws IOException {
            Path mode = writeCacheFile();
            String before = Files.readString(mode).strip();
            Files.writeString(mode, "write through");
            if (writeCacheToRestore == null) {
                writeCacheToRestore = before;
            }
            return this;
        }

        private Path writeCacheFile() {
            return Path.of("/sys/block", device.getFileName().toString(), "queue",
                    "write_cache");
        }

        /** @return the block device, for example {@code /dev/loop3} */
        public Path device() {
            return device;
        }

        /** @return the image file behind it */
        public Path image() {
            return image;
        }

        @Override
        public void close() throws IOException {
            try {
                if (writeCacheToRestore != null) {
                    Files.writeString(writeCacheFile(), writeCacheToRestore);
                    writeCacheToRestore = null;
                }
            } finally {
                try {
                    exec("losetup", "-d", device.toString());
                } finally {
                    Files.deleteIfExists(image);
                }
            }
        }
    }

    /** The outcome of a command. */
    public record Result(int exitCode, String output) { }

    /**
     * Mounts a file system of {@code type} on a new directory under {@code parent}.
     *
     * @param parent where to create the mount point
     * @param type for example {@code tmpfs} or {@code ramfs}
     * @param options mount options, for example {@code size=16m}
     * @return the mount, to close
     * @throws IOException if mounting failed
     */
    public static Mount mount(Path parent, String type, String options) throws IOException {
        Path dir = Files.createTempDirectory(parent, type + "-");
        Result r = exec("mount", "-t", type, "-o", options, type, dir.toString());
        if (r.exitCode() != 0) {
            Files.deleteIfExists(dir);
            throw new IOException("mount -t " + type + " failed: " + r.output());
        }
        return new Mount(dir, () -> { });
    }

    /**
     * A drive of the test's own: a tmpfs of {@code sizeMiB} MiB on a new directory under
     * {@code parent}. Its device number is an anonymous one of its own and no block device lies
     * below it, so its drive locks are the test's alone: no other measurement on the machine
     * (another build's tests) shares the drive, and a {@code CONCURRENT_MEASUREMENT} there can
     * only come from the test's own measurements (other builds on a shared machine measure on
     * its disk, and their drive locks rightly flag every run there). tmpfs takes O_DIRECT (Linux
     * 6.6 and later). Root only: skips the test elsewhere ({@link Privileged#require}).
     *
     * @param parent where to create the mount point
     * @param sizeMiB its size
     * @return the mount, to close
     * @throws IOException if mounting failed
     */
    public static Mount privateDrive(Path parent, int sizeMiB) throws IOException {
        Privileged.require(Privileged.isRoot(), "a tmpfs of the test's own (root), so that no"
                + " other measurement on the machine shares the drive");
        return mount(parent, "tmpfs", "size=" + sizeMiB + "m");
    }

    /**
     * Attaches a new image of {@code sizeMiB} MiB under {@code parent} to a free loop device,
     * after {@code mkfs.ext4 -q -F -m 0 [-d contents]} when {@code ext4} is true.
     *
     * @param parent where to create the image where /dev/shm is not writable ({@link #imageDir})
     * @param sizeMiB size of the image
     * @param ext4 whether to make an ext4 file system on it (no reserved blocks)
     * @param contents a directory whose files the new file system starts with, or null
     * @return the loop device, to close
     * @throws IOException if any step failed (whatever was made is undone)
     */
    public static LoopDevice loopDevice(Path parent, int sizeMiB, boolean ext4, Path contents)
            throws IOException {
        return loopDevice(parent, sizeMiB, ext4, contents, List.of());
    }

    /**
     * A new ext4 file system of {@code sizeMiB} MiB with at most about {@code inodes} inodes
     * ({@code mkfs.ext4 -N}; mkfs rounds up to whole inode-table blocks), mounted rw on a new
     * directory under {@code parent}: a file system that runs out of inodes long before bytes.
     *
     * @param parent where to create the mount point (and the image where /dev/shm is not
     *     writable, {@link #imageDir})
     * @param sizeMiB size of the file system
     * @param inodes the inodes to ask mkfs for
     * @return the mount, to close
     * @throws IOException if any step failed (whatever was made is undone)
     */
    public static Mount ext4WithFewInodes(Path parent, int sizeMiB, int inodes)
            throws IOException {
        return mountOwned(parent, loopDevice(parent, sizeMiB, true, null,
                List.of("-N", String.valueOf(inodes))), "ext4", "rw", () -> { });
    }

    /**
     * Where a loop device's image goes: {@code /dev/shm} where that is a writable directory, else
     * {@code parent}. In memory, a drive of the test's own is its own all the way down: with the
     * image on the disk of {@code /tmp}, another build's writes to that disk slowed the loop
     * device mid-pass, and a steady drive was reported with a write cache cliff.
     */
    private static Path imageDir(Path parent) {
        return memoryOr(parent);
    }

    /**
     * {@return {@code /dev/shm} where that is a writable directory, else {@code fallback}}: where
     * the test beds (loop images, emulated media, throttled disks) keep their backing files, so
     * that another build's I/O on the disk of {@code /tmp} does not reach them.
     *
     * @param fallback the directory to use where there is no writable {@code /dev/shm}
     */
    public static Path memoryOr(Path fallback) {
        Path memory = Path.of("/dev/shm");
        return Files.isDirectory(memory) && Files.isWritable(memory) ? memory : fallback;
    }

    /**
     * A loop device over a new image, as {@link #loopDevice(Path, int, boolean, Path)}, with more
     * options for mkfs.ext4.
     */
    private static LoopDevice loopDevice(Path parent, int sizeMiB, boolean ext4, Path contents,
            List<String> mkfsOptions) throws IOException {
        Path image = Files.createTempFile(imageDir(parent), "loop-", ".img");
        try {
            try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
                f.setLength((long) sizeMiB << 20);
            }
            if (ext4) {
                List<String> mkfs = new ArrayList<>(List.of("mkfs.ext4", "-q", "-F", "-m", "0"));
                if (contents != null) {
                    mkfs.addAll(List.of("-d", contents.toString()));
                }
                mkfs.addAll(mkfsOptions);
                mkfs.add(image.toString());
                execOrThrow(mkfs.toArray(String[]::new));
            }
            Result r = execOrThrow("losetup", "-f", "--show", image.toString());
            return new LoopDevice(image, Path.of(r.output().strip()));
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(image);
            throw e;
        }
    }

    /**
     * Attaches a new image of {@code sizeMiB} MiB of zeros under {@code parent} to a free loop
     * device read-only ({@code losetup -r}): the kernel refuses every write to it.
     *
     * @param parent where to create the image where /dev/shm is not writable ({@link #imageDir})
     * @param sizeMiB size of the image
     * @return the loop device, to close
     * @throws IOException if any step failed (whatever was made is undone)
     */
    public static LoopDevice readOnlyLoopDevice(Path parent, int sizeMiB) throws IOException {
        Path image = Files.createTempFile(imageDir(parent), "loop-ro-", ".img");
        try {
            try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
                f.setLength((long) sizeMiB << 20);
            }
            Result r = execOrThrow("losetup", "-r", "-f", "--show", image.toString());
            return new LoopDevice(image, Path.of(r.output().strip()));
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(image);
            throw e;
        }
    }

    /**
     * @param device a block device, for example {@code /dev/loop3}
     * @return the 512-byte sectors it has read since it appeared ({@code stat}'s third field,
     *     kernel {@code Documentation/block/stat.rst})
     * @throws IOException if sysfs cannot be read
     */
    public static long sectorsRead(Path device) throws IOException {
        String stat = Files.readString(Path.of("/sys/class/block",
                device.getFileName().toString(), "stat")).strip();
        return Long.parseLong(stat.split("\\s+")[2]);
    }

    /**
     * Attaches a new image of exactly {@code sizeBytes} bytes of random data (seeded, so a test
     * can regenerate it) under {@code parent} to a free loop device.
     *
     * @param parent where to create the image where /dev/shm is not writable ({@link #imageDir})
     * @param sizeBytes size of the image, a multiple of 512 (the loop device's sector)
     * @param seed of the data's {@link java.util.SplittableRandom}
     * @return the loop device, to close
     * @throws IOException if any step failed (whatever was made is undone)
     */
    public static LoopDevice randomLoopDevice(Path parent, long sizeBytes, long seed)
            throws IOException {
        return randomLoopDevice(parent, sizeBytes, seed, false);
    }

    /**
     * A small device holding data, that nothing can write: {@code sizeBytes} of random data
     * (seeded) attached read-only ({@code losetup -r}), as a 4 MiB eMMC boot partition is.
     *
     * @param parent where to create the image where /dev/shm is not writable ({@link #imageDir})
     * @param sizeBytes size of the image, a multiple of 512 (the loop device's sector)
     * @param seed of the data's {@link java.util.SplittableRandom}
     * @return the loop device, to close
     * @throws IOException if any step failed (whatever was made is undone)
     */
    public static LoopDevice readOnlyRandomLoopDevice(Path parent, long sizeBytes, long seed)
            throws IOException {
        return randomLoopDevice(parent, sizeBytes, seed, true);
    }

    private static LoopDevice randomLoopDevice(Path parent, long sizeBytes, long seed,
            boolean readOnly) throws IOException {
        Path image = Files.createTempFile(imageDir(parent), "loop-", ".img");
        try {
            try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
                java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
                byte[] chunk = new byte[1 << 16];
                for (long at = 0; at < sizeBytes; at += chunk.length) {
                    random.nextBytes(chunk);
                    f.write(chunk, 0, (int) Math.min(chunk.length, sizeBytes - at));
                }
                f.getFD().sync();
            }
            Result r = readOnly ? execOrThrow("losetup", "-r", "-f", "--show", image.toString())
                    : execOrThrow("losetup", "-f", "--show", image.toString());
            return new LoopDevice(image, Path.of(r.output().strip()));
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(image);
            throw e;
        }
    }

    /**
     * A new ext4 file system of {@code sizeMiB} MiB on a loop device, mounted with
     * {@code options} on a new directory under {@code parent}. Closing unmounts it, detaches the
     * loop device and removes the image.
     *
     * @param parent where to create the mount point (and the image where /dev/shm is not
     *     writable, {@link #imageDir})
     * @param sizeMiB size of the file system
     * @param options mount options, for example {@code rw} or {@code ro}
     * @param contents a directory whose files the file system starts with, or null
     * @return the mount, to close
     * @throws IOException if any step failed (whatever was made is undone)
     */
    public static Mount ext4(Path parent, int sizeMiB, String options, Path contents)
            throws IOException {
        return mountOwned(parent, loopDevice(parent, sizeMiB, true, contents), "ext4", options,
                () -> { });
    }

    /**
     * A new ext4 file system of {@code sizeMiB} MiB on a loop device the kernel treats as write
     * through ({@link LoopDevice#writeThrough()}: no FLUSH reaches it), mounted rw on a new
     * directory under {@code parent}. Closing unmounts it, puts the device's write-cache mode
     * back, detaches it and removes the image.
     *
     * @param parent where to create the mount point (and the image where /dev/shm is not
     *     writable, {@link #imageDir})
     * @param sizeMiB size of the file system
     * @return the mount, to close
     * @throws IOException if any step failed (whatever was made is undone)
     */
    public static Mount writeThroughExt4(Path parent, int sizeMiB) throws IOException {
        LoopDevice loop = loopDevice(parent, sizeMiB, true, null);
        return mountOwned(parent, loop, "ext4", "rw", loop::writeThrough);
    }

    /**
     * A new btrfs file system of {@code sizeMiB} MiB on a loop device ({@code mkfs.btrfs -d
     * dataProfile -m dup}), mounted with {@code options} on a new directory under {@code parent}:
     * data checksummed unless the options say {@code nodatasum} or {@code nodatacow}. Closing
     * unmounts it, detaches the device and removes the image.
     *
     * @param parent where to create the mount point (and the image where /dev/shm is not
     *     writable, {@link #imageDir})
     * @param sizeMiB size of the file system, at least 256 (mkfs.btrfs's minimum is about 110)
     * @param dataProfile the data profile one device takes: {@code single} or {@code dup}
     * @param options mount options, for example {@code rw} or {@code rw,nodatasum}
     * @return the mount, to close
     * @throws IOException if any step failed, mkfs.btrfs missing among them (whatever was made
     *     is undone)
     */
    public static Mount btrfs(Path parent, int sizeMiB, String dataProfile, String options)
            throws IOException {
        LoopDevice loop = loopDevice(parent, sizeMiB, false, null);
        return mountOwned(parent, loop, "btrfs", options, () -> execOrThrow("mkfs.btrfs", "-q",
                "-f", "-d", dataProfile, "-m", "dup", loop.device().toString()));
    }

    /**
     * Mounts the file system on {@code loop} after {@code first}, the mount owning the device:
     * closing it closes the device too; a failure on the way closes the device.
     */
    private static Mount mountOwned(Path parent, LoopDevice loop, String type, String options,
            Undo first) throws IOException {
        Path dir;
        try {
            first.run();
            dir = mountDevice(parent, loop, type, options).dir();
        } catch (IOException | RuntimeException e) {
            loop.close();
            throw e;
        }
        return new Mount(dir, loop::close);
    }

    /**
     * Mounts the ext4 file system on {@code loop} with {@code options} on a new directory under
     * {@code parent}. Closing unmounts it; the loop device stays for its owner to close.
     *
     * @param parent where to create the mount point
     * @param loop a loop device holding an ext4 file system
     * @param options mount options, for example {@code ro}
     * @return the mount, to close before the loop device
     * @throws IOException if mounting failed
     */
    public static Mount mountDevice(Path parent, LoopDevice loop, String options)
            throws IOException {
        return mountDevice(parent, loop, "ext4", options);
    }

    private static Mount mountDevice(Path parent, LoopDevice loop, String type, String options)
            throws IOException {
        Path dir = Files.createTempDirectory(parent, type + "-");
        Result r = exec("mount", "-t", type, "-o", options, loop.device().toString(),
                dir.toString());
        if (r.exitCode() != 0) {
            Files.deleteIfExists(dir);
            throw new IOException("mount " + loop.device() + " failed: " + r.output());
        }
        return new Mount(dir, () -> { });
    }

    /**
     * Bind-mounts {@code source} on a new directory under {@code parent}, read-only when asked
     * (the source stays writable: only this mount of it is read-only).
     *
     * @param parent where to create the mount point
     * @param source the directory to bind
     * @param readOnly whether the bind mount is read-only
     * @return the mount, to close
     * @throws IOException if mounting failed
     */
    public static Mount bind(Path parent, Path source, boolean readOnly) throws IOException {
        Path dir = Files.createTempDirectory(parent, "bind-");
        Result r = exec("mount", "--bind", source.toString(), dir.toString());
        if (r.exitCode() != 0) {
            Files.deleteIfExists(dir);
            throw new IOException("mount --bind failed: " + r.output());
        }
        Mount mount = new Mount(dir, () -> { });
        if (readOnly) {
            Result ro = exec("mount", "-o", "remount,bind,ro", dir.toString());
            if (ro.exitCode() != 0) {
                mount.close();
                throw new IOException("remount,bind,ro failed: " + ro.output());
            }
        }
        return mount;
    }

    /**
     * Mounts an overlay of {@code lower} with the upper and work directories given (which must be
     * on one file system) on a new directory under {@code parent}; closing unmounts it and removes
     * the mount point, leaving the three directories to their owners.
     *
     * @param parent where to create the mount point
     * @param lower the lower (read-only) directory
     * @param upper where the overlay's writes land
     * @param work the overlay's work directory, empty, on the upper directory's file system
     * @return the mount, to close
     * @throws IOException if mounting failed
     */
    public static Mount overlay(Path parent, Path lower, Path upper, Path work)
            throws IOException {
        Path dir = Files.createTempDirectory(parent, "overlay-");
        Result r = exec("mount", "-t", "overlay", "overlay", "-o", "lowerdir=" + lower
                + ",upperdir=" + upper + ",workdir=" + work, dir.toString());
        if (r.exitCode() != 0) {
            Files.deleteIfExists(dir);
            throw new IOException("mount -t overlay failed: " + r.output());
        }
        return new Mount(dir, () -> { });
    }

    /**
     * Runs a command and waits for it (at most 2 minutes).
     *
     * @param command the command and its arguments
     * @return its exit code and combined output
     * @throws IOException if it cannot be started or times out
     */
    public static Result exec(String... command) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(command));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(2, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException("timed out: " + cmd);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + cmd, e);
        }
        return new Result(p.exitValue(),
                new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim());
    }

    /**
     * Runs a command that must succeed.
     *
     * @param command the command and its arguments
     * @return its output
     * @throws IOException if it cannot be started, times out or exits non-zero
     */
    public static Result execOrThrow(String... command) throws IOException {
        Result r = exec(command);
        if (r.exitCode() != 0) {
            throw new IOException(String.join(" ", command) + " exited " + r.exitCode() + ": "
                    + r.output());
        }
        return r;
    }
}
