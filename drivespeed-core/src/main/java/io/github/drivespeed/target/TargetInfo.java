package io.github.drivespeed.target;

import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What was measured: the directory the test file was created in, the mount and file system
 * holding it, the chain of block devices under that file system down to the disks, each disk's
 * facts and bus link, and the warnings all of that calls for. An immutable value; build one with
 * {@link #builder(Path)}, or get one from {@link io.github.drivespeed.DriveSpeed#probe(Path)} or a report's
 * {@link io.github.drivespeed.report.SpeedReport#target()}.
 *
 * <p>On Linux the facts come from {@code /proc/self/mountinfo} and {@code /sys}; what could not
 * be read is absent (an empty {@link Optional}), never guessed.
 *
 * @since 0.1.0
 */
public final class TargetInfo implements Target {

    private final Path directory;
    private final String fileSystemType;
    private final String fileSystemSource;
    private final long fileSystemBlockSizeBytes;
    private final long totalSpaceBytes;
    private final long usableSpaceBytes;
    private final Set<Warning> warnings;
    private final Optional<MountInfo> mount;
    private final Optional<MountInfo> upperMount;
    private final Optional<BlockDevice> device;
    private final List<RemovedLeftover> removedLeftovers;
    private final CgroupLimits cgroupLimits;
    private final Optional<BtrfsData> btrfsData;
    private final boolean testFileNoCow;

    private TargetInfo(Builder b) {
        this.directory = Objects.requireNonNull(b.directory, "directory");
        this.fileSystemType = Objects.requireNonNull(b.fileSystemType, "fileSystemType");
        this.fileSystemSource = Objects.requireNonNull(b.fileSystemSource, "fileSystemSource");
        this.fileSystemBlockSizeBytes = b.fileSystemBlockSizeBytes;
        this.totalSpaceBytes = b.totalSpaceBytes;
        this.usableSpaceBytes = b.usableSpaceBytes;
        this.warnings = b.warnings.isEmpty() ? Set.of()
                : Collections.unmodifiableSet(EnumSet.copyOf(b.warnings));
        this.mount = b.mount;
        this.upperMount = b.upperMount;
        this.device = b.device;
        this.removedLeftovers = List.copyOf(b.removedLeftovers);
        this.cgroupLimits = b.cgroupLimits;
        this.btrfsData = b.btrfsData;
        this.testFileNoCow = b.testFileNoCow;
    }

    /**
     * Starts a description of the target {@code directory}.
     *
     * @param directory the absolute, real path of the directory tested
     * @return a builder
     */
    public static Builder builder(Path directory) {
        return new Builder(directory);
    }

    /** {@return the absolute, real path of the directory the test file was created in} */
    public Path directory() {
        return directory;
    }

    /** {@return the directory measured in, as {@link #directory()}} */
    @Override
    public Path path() {
        return directory;
    }

    /**
     * {@return the file-system type as the kernel names it, for example {@code ext4} or
     * {@code tmpfs}}
     */
    public String fileSystemType() {
        return fileSystemType;
    }

    /** {@return what the file system was mounted from, for example {@code /dev/vda}} */
    public String fileSystemSource() {
        return fileSystemSource;
    }

    /** {@return the file system's block size in bytes ({@code statvfs f_frsize})} */
    public long fileSystemBlockSizeBytes() {
        return fileSystemBlockSizeBytes;
    }

    /**
     * {@return the file system's size in bytes when the target was examined; 0 when it reports
     * none}
     */
    public long totalSpaceBytes() {
        return totalSpaceBytes;
    }

    /**
     * {@return bytes this process could write when the target was examined (honours reserved
     * blocks, like {@code df}'s "Avail")}
     */
    public long usableSpaceBytes() {
        return usableSpaceBytes;
    }

    /**
     * {@return what about the target may make figures differ from a drive's own speed, in
     * declaration order}
     */
    @Override
    public Set<Warning> warnings() {
        return warnings;
    }

    /**
     * {@return the test files earlier runs left behind that the measurement removed before it
     * started, each with its path and size; empty for a probe, and where there were none}
     * {@link Warning#LEFTOVER_REMOVED} is among the {@link #warnings()} when there were some.
     */
    public List<RemovedLeftover> removedLeftovers() {
        return removedLeftovers;
    }

    /**
     * {@return this description, with the leftovers a measurement removed and the
     * {@link Warning#LEFTOVER_REMOVED} warning; this one where {@code removed} is empty}
     *
     * @param removed the test files earlier runs left, removed before measuring
     */
    public TargetInfo withRemovedLeftovers(List<RemovedLeftover> removed) {
        if (removed.isEmpty()) {
            return this;
        }
        Builder b = new Builder(this);
        Set<Warning> more = EnumSet.of(Warning.LEFTOVER_REMOVED);
        more.addAll(warnings);
        b.warnings = more;
        List<RemovedLeftover> all = new ArrayList<>(removedLeftovers);
        all.addAll(removed);
        b.removedLeftovers = all;
        return b.build();
    }

    /**
     * {@return for a btrfs target, how it keeps its data (profiles, checksums), which decides
     * whether it runs O_DIRECT writes through the page cache; empty for other file systems and
     * where sysfs did not say}
     */
    public Optional<BtrfsData> btrfsData() {
        return btrfsData;
    }

    /**
     * {@return whether the measurement made its test files NOCOW ({@code chattr +C}) before
     * their first write, so that btrfs wrote them with direct I/O rather than through the page
     * cache ({@link BtrfsData#noCowAvoidsEmulation()}); false for a probe and where it did not}
     */
    public boolean testFileNoCow() {
        return testFileNoCow;
    }

    /**
     * {@return this description, saying that the measurement's test files were made NOCOW}
     */
    public TargetInfo withTestFileNoCow() {
        Builder b = new Builder(this);
        b.testFileNoCow = true;
        return b.build();
    }

    /**
     * {@return the mount holding the directory (from {@code /proc/self/mountinfo}); empty where the
     * mount table could not be read}
     */
    public Optional<MountInfo> mount() {
        return mount;
    }

    /**
     * Where the writes of an overlay target land: the mount holding the overlay's upper directory
     * (its {@code upperdir} option), whose device is then {@link #blockDevice()}.
     *
     * @return the mount of the upper directory; empty for other file systems, for a read-only
     *     overlay (no upper directory), and where the upper directory is not visible in this
     *     process's mount namespace (inside a container it is a path of the host's)
     */
    public Optional<MountInfo> upperMount() {
        return upperMount;
    }

    /**
     * The block device the file system sits on, with the devices below it
     * ({@link BlockDevice#lower()}); for an overlay, the device of its upper directory's file
     * system ({@link #upperMount()}).
     *
     * @return the top of the device chain; empty for file systems without a block device (tmpfs,
     *     NFS, FUSE) or where sysfs could not be read
     */
    public Optional<BlockDevice> blockDevice() {
        return device;
    }

    /**
     * What the cgroups of this process hold it to on this target: the I/O caps on its devices
     * (cgroup v1 {@code blkio.throttle.*}, v2 {@code io.max}) and, for a memory file system, the
     * memory limit its test file is charged against. A figure at an I/O cap is the cap's
     * ({@link Warning#CGROUP_IO_LIMIT}); a test file in memory that does not fit under the memory
     * limit is refused before writing
     * ({@link io.github.drivespeed.error.CgroupMemoryLimitException}).
     *
     * @return the limits; {@link CgroupLimits#NONE} where none was found or nothing could be read
     */
    public CgroupLimits cgroupLimits() {
        return cgroupLimits;
    }

    /**
     * {@return every device of the chain, top first, depth first, each once; empty without a
     * device}
     */
    public List<BlockDevice> blockDevices() {
        return device.map(BlockDevice::chain).orElse(List.of());
    }

    /**
     * The devices at the bottom of the chain, those with nothing below them: whole disks (also
     * loop devices and RAM disks). Each has {@code /sys/block/<sysfsName>/stat}, the kernel's I/O
     * counters for it ({@code Documentation/block/stat.rst}).
     *
     * @return the bottom devices, in chain order
     */
    public List<BlockDevice> wholeDisks() {
        return blockDevices().stream().filter(d -> d.lower().isEmpty()).toList();
    }

    /**
     * The link that bounds every transfer to the target: present when the chain ends in exactly
     * one whole disk and that disk's link is known. A chain over several disks (RAID) has no
     * single link; each disk's is in {@link BlockDevice#link()}.
     *
     * @return the link
     */
    @Override
    public Optional<Link> link() {
        List<BlockDevice> disks = wholeDisks();
        return disks.size() == 1 ? disks.get(0).link() : Optional.empty();
    }

    /**
     * For example {@code /work (ext4 on /dev/vda, block 4096 B, 80.1 GB free of 270.6 GB)}; sizes
     * below 1 GB in MB or kB ({@code 16.8 MB free of 16.8 MB}).
     */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s (%s on %s, block %d B, %s free of %s)",
                directory, fileSystemType, fileSystemSource, fileSystemBlockSizeBytes,
                decimal(usableSpaceBytes), decimal(totalSpaceBytes));
    }

    /** Bytes in GB, MB or kB (powers of 1000) with one decimal, the largest unit below it. */
    static String decimal(long bytes) {
        double[] units = {1e12, 1e9, 1e6, 1e3};
        String[] names = {"TB", "GB", "MB", "kB"};
        for (int i = 1; i < units.length; i++) {
            if (bytes >= units[i]) {
                return String.format(Locale.ROOT, "%.1f %s", bytes / units[i], names[i]);
            }
        }
        return bytes + " B";
    }

    /**
     * Everything known about the target for people, several lines: the {@link #toString()} line
     * after {@code target:}, then the mount, for btrfs its data line ({@link BtrfsData#describe}),
     * each device of the chain (indented by its depth, with its block sizes, rotational flag,
     * scheduler, write-cache mode and FUA), each disk's link, and the cgroup's limits on the
     * process ({@link #cgroupLimits()}), one {@code cgroup:} line each. No warnings: they are
     * in {@link #warnings()}.
     *
     * <pre>
     * target:     /work (ext4 on /dev/vda, block 4096 B, 85.8 GB free of 270.6 GB)
     *   mount:    / (ext4 from /dev/vda, 254:0), options rw,relatime,discard
     *   device:   vda (254:0), disk, virtio, 274.9 GB (256.0 GiB), serial 1836632451
     *               logical block 512 B, physical block 4096 B, rotational, scheduler mq-deadline
     *   link:     none found
     *   cgroup:   writes capped at 8.39 MB/s (8.00 MiB/s) on vda (254:0) by cgroup v2 /app (io.max wbps)
     * </pre>
     *
     * @return the lines, each ending in a newline
     */
    @Override
    public String details() {
        StringBuilder sb = new StringBuilder("target:     ").append(this).append('\n');
        sb.append("  mount:    ").append(mount.map(MountInfo::toString)
                .orElse("unknown (mount table not readable)")).append('\n');
        Optional<String> upperDir = mount.filter(m -> m.fileSystemType().equals("overlay"))
                .flatMap(m -> m.optionValue("upperdir"));
        upperMount.ifPresent(u -> sb.append("  upper:    ").append(upperDir.orElse("?"))
                .append(" on ").append(u).append('\n'));
        btrfsData.ifPresent(d -> sb.append("  btrfs:    ").append(d.describe(testFileNoCow))
                .append('\n'));
        if (device.isEmpty()) {
            boolean noDevice = mount.filter(m -> m.deviceNumber().major() == 0
                    && !m.source().startsWith("/dev/")).isPresent();
            String why = upperMount.isPresent() ? "none found"
                    : upperDir.isPresent() ? "unknown (the overlay's upper directory "
                            + upperDir.get() + " is not visible in this mount namespace)"
                    : noDevice ? "none (" + fileSystemType + " is not on a block device of this"
                            + " machine)"
                    : "none found";
            sb.append("  device:   ").append(why).append('\n');
            appendCgroupLimits(sb, cgroupLimits);
            return sb.toString();
        }
        appendDevice(sb, device.get(), 0, new ArrayList<>());
        if (blockDevices().stream().allMatch(d -> d.link().isEmpty())) {
            sb.append("  link:     none found").append('\n');
        }
        appendCgroupLimits(sb, cgroupLimits);
        return sb.toString();
    }

    /** One {@code   cgroup:   ...} line per limit; nothing without limits. */
    static void appendCgroupLimits(StringBuilder sb, CgroupLimits limits) {
        for (String line : limits.lines()) {
            sb.append("  cgroup:   ").append(line).append('\n');
        }
    }

    private static void appendDevice(StringBuilder sb, BlockDevice d, int depth,
            List<String> shown) {
        String indent = "            " + "   ".repeat(depth);
        String prefix = depth == 0 ? "  device:   " : indent.substring(3) + "<- ";
        sb.append(prefix).append(d.identity());
        if (shown.contains(d.sysfsName())) {
            sb.append(" (above)\n");
            return;
        }
        shown.add(d.sysfsName());
        sb.append('\n');
        if (d.kind() != BlockDevice.Kind.PARTITION && !d.geometry().isEmpty()) {
            sb.append(indent).append("  ").append(d.geometry()).append('\n');
        }
        d.link().ifPresent(l -> sb.append(indent).append("  link: ").append(l).append('\n'));
        for (BlockDevice lower : d.lower()) {
            appendDevice(sb, lower, depth + 1, shown);
        }
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof TargetInfo)) {
            return false;
        }
        TargetInfo t = (TargetInfo) o;
        return directory.equals(t.directory) && fileSystemType.equals(t.fileSystemType)
                && fileSystemSource.equals(t.fileSystemSource)
                && fileSystemBlockSizeBytes == t.fileSystemBlockSizeBytes
                && totalSpaceBytes == t.totalSpaceBytes && usableSpaceBytes == t.usableSpaceBytes
                && warnings.equals(t.warnings) && mount.equals(t.mount)
                && upperMount.equals(t.upperMount) && device.equals(t.device)
                && removedLeftovers.equals(t.removedLeftovers)
                && cgroupLimits.equals(t.cgroupLimits) && btrfsData.equals(t.btrfsData)
                && testFileNoCow == t.testFileNoCow;
    }

    @Override
    public int hashCode() {
        return Objects.hash(directory, fileSystemType, fileSystemSource, totalSpaceBytes, mount,
                upperMount, device);
    }

    /**
     * Collects the facts of a {@link TargetInfo}.
     *
     * @since 0.1.0
     */
    public static final class Builder {
        private final Path directory;
        private String fileSystemType = "unknown";
        private String fileSystemSource = "unknown";
        private long fileSystemBlockSizeBytes;
        private long totalSpaceBytes;
        private long usableSpaceBytes;
        private Set<Warning> warnings = Set.of();
        private Optional<MountInfo> mount = Optional.empty();
        private Optional<MountInfo> upperMount = Optional.empty();
        private Optional<BlockDevice> device = Optional.empty();
        private List<RemovedLeftover> removedLeftovers = List.of();
        private CgroupLimits cgroupLimits = CgroupLimits.NONE;
        private Optional<BtrfsData> btrfsData = Optional.empty();
        private boolean testFileNoCow;

        private Builder(Path directory) {
            this.directory = Objects.requireNonNull(directory, "directory");
        }

        private Builder(TargetInfo t) {
            this(t.directory);
            fileSystemType = t.fileSystemType;
            fileSystemSource = t.fileSystemSource;
            fileSystemBlockSizeBytes = t.fileSystemBlockSizeBytes;
            totalSpaceBytes = t.totalSpaceBytes;
            usableSpaceBytes = t.usableSpaceBytes;
            warnings = t.warnings;
            mount = t.mount;
            upperMount = t.upperMount;
            device = t.device;
            removedLeftovers = t.removedLeftovers;
            cgroupLimits = t.cgroupLimits;
            btrfsData = t.btrfsData;
            testFileNoCow = t.testFileNoCow;
        }

        /**
         * Sets the file-system type.
         *
         * @param type the file-system type, for example {@code ext4}
         * @return this builder
         */
        public Builder fileSystemType(String type) {
            this.fileSystemType = Objects.requireNonNull(type, "type");
            return this;
        }

        /**
         * Sets what the file system was mounted from.
         *
         * @param source what the file system was mounted from
         * @return this builder
         */
        public Builder fileSystemSource(String source) {
            this.fileSystemSource = Objects.requireNonNull(source, "source");
            return this;
        }

        /**
         * Sets the file system's block size, in bytes.
         *
         * @param bytes the file system's block size in bytes
         * @return this builder
         */
        public Builder fileSystemBlockSizeBytes(long bytes) {
            this.fileSystemBlockSizeBytes = bytes;
            return this;
        }

        /**
         * Sets the file system's size, in bytes.
         *
         * @param bytes the file system's size in bytes
         * @return this builder
         */
        public Builder totalSpaceBytes(long bytes) {
            this.totalSpaceBytes = bytes;
            return this;
        }

        /**
         * Sets the bytes this process could write.
         *
         * @param bytes bytes this process could write
         * @return this builder
         */
        public Builder usableSpaceBytes(long bytes) {
            this.usableSpaceBytes = bytes;
            return this;
        }

        /**
         * Sets the warnings about the target.
         *
         * @param warnings what about the target may distort figures
         * @return this builder
         */
        public Builder warnings(Set<Warning> warnings) {
            this.warnings = Set.copyOf(Objects.requireNonNull(warnings, "warnings"));
            return this;
        }

        /**
         * Sets the mount holding the directory.
         *
         * @param mount the mount holding the directory
         * @return this builder
         */
        public Builder mount(MountInfo mount) {
            this.mount = Optional.of(Objects.requireNonNull(mount, "mount"));
            return this;
        }

        /**
         * Sets the mount holding an overlay's upper directory.
         *
         * @param upperMount for an overlay, the mount holding its upper directory
         * @return this builder
         */
        public Builder upperMount(MountInfo upperMount) {
            this.upperMount = Optional.of(Objects.requireNonNull(upperMount, "upperMount"));
            return this;
        }

        /**
         * Sets the top of the block-device chain under the file system.
         *
         * @param device the top of the block-device chain under the file system
         * @return this builder
         */
        public Builder device(BlockDevice device) {
            this.device = Optional.of(Objects.requireNonNull(device, "device"));
            return this;
        }

        /**
         * Sets what the cgroups of the process hold it to on the target.
         *
         * @param limits the I/O caps on the target's devices and, for a memory file system, the
         *     memory limit
         * @return this builder
         */
        public Builder cgroupLimits(CgroupLimits limits) {
            this.cgroupLimits = Objects.requireNonNull(limits, "limits");
            return this;
        }

        /**
         * Sets how a btrfs target keeps its data.
         *
         * @param data its data profiles and checksums
         * @return this builder
         */
        public Builder btrfsData(BtrfsData data) {
            this.btrfsData = Optional.of(Objects.requireNonNull(data, "data"));
            return this;
        }

        /** {@return the immutable target description} */
        public TargetInfo build() {
            return new TargetInfo(this);
        }
    }
}
