package io.github.drivespeed.target;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One block device of the chain under a file system, with what sysfs says about it and the
 * devices below it: a partition has its whole disk below, a device-mapper or md RAID device its
 * {@code slaves/}. An immutable value; build one with {@link #builder(String, DeviceNumber, Kind)}.
 *
 * <p>Sources (kernel {@code Documentation/ABI}): {@code stable/sysfs-block} ({@code size} in
 * 512-byte sectors, {@code queue/logical_block_size}, {@code queue/physical_block_size},
 * {@code queue/rotational}, {@code queue/scheduler}, {@code slaves/}); {@code testing/sysfs-block-dm}
 * ({@code dm/name}, {@code dm/uuid}); {@code Documentation/admin-guide/md.rst} ({@code md/level});
 * {@code testing/sysfs-block-loop} ({@code loop/backing_file}); {@code queue/write_cache} and
 * {@code queue/fua} ({@code stable/sysfs-block}, {@code Documentation/block/queue-sysfs.rst});
 * SCSI {@code device/vendor},
 * {@code model}, {@code rev}, {@code vpd_pg80}; NVMe {@code device/model}, {@code serial},
 * {@code firmware_rev} ({@code testing/sysfs-class-nvme}).
 *
 * @since 0.1.0
 */
public final class BlockDevice {

    /**
     * What kind of block device this is.
     *
     * @since 0.1.0
     */
    public enum Kind {
        /** A whole disk: SCSI/SATA/USB {@code sd*}, NVMe namespace, virtio, MMC. */
        DISK("disk"),
        /** A partition of a whole disk. */
        PARTITION("partition"),
        /** A dm-crypt mapping (LUKS or plain): encrypted. */
        DM_CRYPT("dm-crypt"),
        /** An LVM logical volume (device-mapper). */
        LVM("LVM"),
        /** Another device-mapper target (multipath, linear, cache, ...). */
        DEVICE_MAPPER("device-mapper"),
        /** A Linux software RAID (md) array. */
        MD_RAID("md RAID"),
        /** A loop device: a file made to look like a disk. */
        LOOP("loop"),
        /** A RAM block device (zram, brd). */
        RAM_DISK("RAM disk"),
        /** A block device of another kind (bcache, nbd, ...). */
        OTHER("block device");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** {@return a short name for people, for example {@code dm-crypt}} */
        public String label() {
            return label;
        }
    }

    /**
     * What the kernel believes of the device's write cache: sysfs {@code queue/write_cache}
     * ({@code Documentation/ABI/stable/sysfs-block}, {@code Documentation/block/queue-sysfs.rst}),
     * which root can change ({@code echo "write through" > .../queue/write_cache}, or
     * {@code hdparm -W0} for an ATA disk).
     *
     * <p>The mode decides whether durability is ever asked of the device
     * ({@code Documentation/block/writeback_cache_control.rst}): to a write-back device the block
     * layer passes fsync(2)'s and fdatasync(2)'s FLUSH (and O_DSYNC's FUA, or a FLUSH after the
     * write where the device has no FUA); to a write-through device it sends neither, and
     * completes the flush at once. A device that says write through while it keeps writes in a
     * volatile cache (a USB bridge, a card) is never told to empty it.
     *
     * @since 0.1.0
     */
    public enum WriteCache {
        /** {@code write back}: the device may hold writes in a volatile cache; FLUSH is sent. */
        WRITE_BACK("write back"),
        /** {@code write through}: the device says it has no volatile cache; no FLUSH is sent. */
        WRITE_THROUGH("write through");

        private final String sysfsText;

        WriteCache(String sysfsText) {
            this.sysfsText = sysfsText;
        }

        /** {@return the mode as sysfs spells it: {@code write back} or {@code write through}} */
        public String sysfsText() {
            return sysfsText;
        }

        /**
         * Reads the mode as sysfs spells it.
         *
         * @param text the content of {@code queue/write_cache}
         * @return the mode, or empty for any other text
         */
        public static Optional<WriteCache> ofSysfsText(String text) {
            String t = text.strip();
            for (WriteCache w : values()) {
                if (w.sysfsText.equals(t)) {
                    return Optional.of(w);
                }
            }
            return Optional.empty();
        }
    }

    private final String sysfsName;
    private final DeviceNumber deviceNumber;
    private final Kind kind;
    private final OptionalLong sizeBytes;
    private final OptionalInt partitionNumber;
    private final Optional<String> mapperName;
    private final Optional<String> raidLevel;
    private final Optional<String> backingFile;
    private final Optional<String> vendor;
    private final Optional<String> model;
    private final Optional<String> firmwareRevision;
    private final Optional<String> serial;
    private final Optional<String> transport;
    private final Optional<Boolean> rotational;
    private final Optional<Boolean> readOnly;
    private final OptionalLong logicalBlockBytes;
    private final OptionalLong physicalBlockBytes;
    private final Optional<String> scheduler;
    private final Optional<WriteCache> writeCache;
    private final Optional<Boolean> fua;
    private final Optional<Link> link;
    private final List<BlockDevice> lower;

    private BlockDevice(Builder b) {
        this.sysfsName = b.sysfsName;
        this.deviceNumber = b.deviceNumber;
        this.kind = b.kind;
        this.sizeBytes = b.sizeBytes;
        this.partitionNumber = b.partitionNumber;
        this.mapperName = b.mapperName;
        this.raidLevel = b.raidLevel;
        this.backingFile = b.backingFile;
        this.vendor = b.vendor;
        this.model = b.model;
        this.firmwareRevision = b.firmwareRevision;
        this.serial = b.serial;
        this.transport = b.transport;
        this.rotational = b.rotational;
        this.readOnly = b.readOnly;
        this.logicalBlockBytes = b.logicalBlockBytes;
        this.physicalBlockBytes = b.physicalBlockBytes;
        this.scheduler = b.scheduler;
        this.writeCache = b.writeCache;
        this.fua = b.fua;
        this.link = b.link;
        this.lower = List.copyOf(b.lower);
    }

    /**
     * Starts describing a block device.
     *
     * @param sysfsName its name under {@code /sys/class/block}, for example {@code sda1}
     * @param deviceNumber its {@code major:minor}
     * @param kind what kind of device it is
     * @return a builder
     */
    public static Builder builder(String sysfsName, DeviceNumber deviceNumber, Kind kind) {
        return new Builder(sysfsName, deviceNumber, kind);
    }

    /**
     * The kernel's name for the device: {@code /sys/class/block/<name>} is its directory, and for
     * a whole disk {@code /sys/block/<name>/stat} counts its I/O.
     *
     * @return for example {@code vda}, {@code sda1}, {@code dm-0}, {@code md0}, {@code nvme0n1}
     */
    public String sysfsName() {
        return sysfsName;
    }

    /** {@return the device's {@code major:minor}} */
    public DeviceNumber deviceNumber() {
        return deviceNumber;
    }

    /** {@return what kind of device this is} */
    public Kind kind() {
        return kind;
    }

    /** {@return the size in bytes ({@code size} x 512), when sysfs gives it} */
    public OptionalLong sizeBytes() {
        return sizeBytes;
    }

    /** {@return the partition's number ({@code partition}), for a partition} */
    public OptionalInt partitionNumber() {
        return partitionNumber;
    }

    /** {@return the device-mapper name ({@code dm/name}), for a device-mapper device} */
    public Optional<String> mapperName() {
        return mapperName;
    }

    /**
     * {@return the md RAID level ({@code md/level}, for example {@code raid1}), for an md array}
     */
    public Optional<String> raidLevel() {
        return raidLevel;
    }

    /** {@return the file behind a loop device ({@code loop/backing_file}), for a loop device} */
    public Optional<String> backingFile() {
        return backingFile;
    }

    /**
     * {@return the vendor (SCSI {@code device/vendor}; {@code ATA} for SATA disks), where known}
     */
    public Optional<String> vendor() {
        return vendor;
    }

    /** {@return the model ({@code device/model}, MMC {@code device/name}), where known} */
    public Optional<String> model() {
        return model;
    }

    /**
     * {@return the firmware revision (SCSI {@code rev}, NVMe {@code firmware_rev}), where known}
     */
    public Optional<String> firmwareRevision() {
        return firmwareRevision;
    }

    /**
     * {@return the serial number ({@code serial}, NVMe {@code device/serial}, SCSI VPD page 0x80,
     * else a USB disk's USB serial-number string), where readable}
     */
    public Optional<String> serial() {
        return serial;
    }

    /**
     * {@return the bus the disk's driver sits on (the name of {@code device/subsystem}), for
     * example {@code scsi} (SATA, SAS and USB storage), {@code nvme}, {@code virtio}, {@code mmc}}
     */
    public Optional<String> transport() {
        return transport;
    }

    /** {@return whether the kernel treats the device as rotational ({@code queue/rotational})} */
    public Optional<Boolean> rotational() {
        return rotational;
    }

    /** {@return whether the kernel refuses writes to the device (sysfs {@code ro})} */
    public Optional<Boolean> readOnly() {
        return readOnly;
    }

    /**
     * {@return the smallest unit the device can address, in bytes
     * ({@code queue/logical_block_size}; the whole disk's for a partition)}
     */
    public OptionalLong logicalBlockBytes() {
        return logicalBlockBytes;
    }

    /**
     * {@return the smallest unit the device writes without read-modify-write, in bytes
     * ({@code queue/physical_block_size}; the whole disk's for a partition)}
     */
    public OptionalLong physicalBlockBytes() {
        return physicalBlockBytes;
    }

    /** {@return the active I/O scheduler ({@code queue/scheduler}, the bracketed one)} */
    public Optional<String> scheduler() {
        return scheduler;
    }

    /**
     * {@return the kernel's view of the device's write cache ({@code queue/write_cache}; the
     * whole disk's for a partition): whether fsync(2) sends it a FLUSH}
     */
    public Optional<WriteCache> writeCache() {
        return writeCache;
    }

    /**
     * {@return whether the device takes writes with Force Unit Access ({@code queue/fua} 1; the
     * whole disk's for a partition): an O_DSYNC write is then sent with FUA, not followed by a
     * FLUSH}
     */
    public Optional<Boolean> fua() {
        return fua;
    }

    /** {@return the bus link to this disk, for a whole disk where one was found} */
    public Optional<Link> link() {
        return link;
    }

    /**
     * {@return the devices directly below this one: a partition's whole disk, the members of a
     * device-mapper or md device; empty for a whole disk}
     */
    public List<BlockDevice> lower() {
        return lower;
    }

    /**
     * This device and every device below it, depth first, each once.
     *
     * @return the devices, this one first
     */
    public List<BlockDevice> chain() {
        List<BlockDevice> all = new ArrayList<>();
        collect(this, all);
        return List.copyOf(all);
    }

    private static void collect(BlockDevice device, List<BlockDevice> into) {
        if (into.stream().anyMatch(d -> d.sysfsName.equals(device.sysfsName))) {
            return;
        }
        into.add(device);
        for (BlockDevice d : device.lower) {
            collect(d, into);
        }
    }

    /**
     * What the device is and holds, one line, for example
     * {@code md0 (9:0), md RAID (raid1), 4.0 TB (3.6 TiB)} or
     * {@code vda (254:0), disk, virtio, 274.9 GB (256.0 GiB), serial 1836632451}.
     *
     * @return the identity line
     */
    public String identity() {
        return BlockDeviceLines.identity(this);
    }

    /**
     * How the device takes I/O, one line, for example
     * {@code logical block 512 B, physical block 4096 B, rotational, read-only, scheduler
     * mq-deadline, write cache write back, FUA} ({@code read-only} only where sysfs {@code ro} is
     * 1; a write-through cache adds that the kernel sends it no FLUSH).
     *
     * @return the geometry line, empty when sysfs said nothing of it
     */
    public String geometry() {
        return BlockDeviceLines.geometry(this);
    }

    /** The {@link #identity()}, then the {@link #geometry()} and the link where known. */
    @Override
    public String toString() {
        String geometry = geometry();
        return identity() + (geometry.isEmpty() ? "" : "; " + geometry)
                + link.map(l -> "; link " + l).orElse("");
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof BlockDevice)) {
            return false;
        }
        BlockDevice d = (BlockDevice) o;
        return sysfsName.equals(d.sysfsName) && deviceNumber.equals(d.deviceNumber)
                && kind == d.kind && sizeBytes.equals(d.sizeBytes)
                && partitionNumber.equals(d.partitionNumber) && mapperName.equals(d.mapperName)
                && raidLevel.equals(d.raidLevel) && backingFile.equals(d.backingFile)
                && vendor.equals(d.vendor) && model.equals(d.model)
                && firmwareRevision.equals(d.firmwareRevision) && serial.equals(d.serial)
                && transport.equals(d.transport) && rotational.equals(d.rotational) && readOnly.equals(d.readOnly)
                && logicalBlockBytes.equals(d.logicalBlockBytes)
                && physicalBlockBytes.equals(d.physicalBlockBytes)
                && scheduler.equals(d.scheduler) && writeCache.equals(d.writeCache)
                && fua.equals(d.fua) && link.equals(d.link) && lower.equals(d.lower);
    }

    @Override
    public int hashCode() {
        return Objects.hash(sysfsName, deviceNumber, kind, sizeBytes, serial, lower);
    }

    /**
     * Collects the facts of a {@link BlockDevice}; every fact not set is unknown.
     *
     * @since 0.1.0
     */
    public static final class Builder {
        private final String sysfsName;
        private final DeviceNumber deviceNumber;
        private final Kind kind;
        private OptionalLong sizeBytes = OptionalLong.empty();
        private OptionalInt partitionNumber = OptionalInt.empty();
        private Optional<String> mapperName = Optional.empty();
        private Optional<String> raidLevel = Optional.empty();
        private Optional<String> backingFile = Optional.empty();
        private Optional<String> vendor = Optional.empty();
        private Optional<String> model = Optional.empty();
        private Optional<String> firmwareRevision = Optional.empty();
        private Optional<String> serial = Optional.empty();
        private Optional<String> transport = Optional.empty();
        private Optional<Boolean> rotational = Optional.empty();
        private Optional<Boolean> readOnly = Optional.empty();
        private OptionalLong logicalBlockBytes = OptionalLong.empty();
        private OptionalLong physicalBlockBytes = OptionalLong.empty();
        private Optional<String> scheduler = Optional.empty();
        private Optional<WriteCache> writeCache = Optional.empty();
        private Optional<Boolean> fua = Optional.empty();
        private Optional<Link> link = Optional.empty();
        private List<BlockDevice> lower = List.of();

        private Builder(String sysfsName, DeviceNumber deviceNumber, Kind kind) {
            this.sysfsName = Objects.requireNonNull(sysfsName, "sysfsName");
            this.deviceNumber = Objects.requireNonNull(deviceNumber, "deviceNumber");
            this.kind = Objects.requireNonNull(kind, "kind");
        }

        /**
         * Sets the device's size, in bytes.
         *
         * @param bytes the size in bytes
         * @return this builder
         */
        public Builder sizeBytes(long bytes) {
            this.sizeBytes = OptionalLong.of(bytes);
            return this;
        }

        /**
         * Sets the partition's number (1 for {@code sda1}).
         *
         * @param number the partition's number
         * @return this builder
         */
        public Builder partitionNumber(int number) {
            this.partitionNumber = OptionalInt.of(number);
            return this;
        }

        /**
         * Sets the device-mapper name ({@code /dev/mapper/NAME}).
         *
         * @param name the device-mapper name
         * @return this builder
         */
        public Builder mapperName(String name) {
            this.mapperName = Optional.of(Objects.requireNonNull(name, "name"));
            return this;
        }

        /**
         * Sets the md RAID level ({@code raid1}, ...).
         *
         * @param level the md RAID level
         * @return this builder
         */
        public Builder raidLevel(String level) {
            this.raidLevel = Optional.of(Objects.requireNonNull(level, "level"));
            return this;
        }

        /**
         * Sets the loop device's backing file.
         *
         * @param file the loop device's backing file
         * @return this builder
         */
        public Builder backingFile(String file) {
            this.backingFile = Optional.of(Objects.requireNonNull(file, "file"));
            return this;
        }

        /**
         * Sets the vendor.
         *
         * @param vendor the vendor
         * @return this builder
         */
        public Builder vendor(String vendor) {
            this.vendor = Optional.of(Objects.requireNonNull(vendor, "vendor"));
            return this;
        }

        /**
         * Sets the model.
         *
         * @param model the model
         * @return this builder
         */
        public Builder model(String model) {
            this.model = Optional.of(Objects.requireNonNull(model, "model"));
            return this;
        }

        /**
         * Sets the firmware revision.
         *
         * @param revision the firmware revision
         * @return this builder
         */
        public Builder firmwareRevision(String revision) {
            this.firmwareRevision = Optional.of(Objects.requireNonNull(revision, "revision"));
            return this;
        }

        /**
         * Sets the serial number.
         *
         * @param serial the serial number
         * @return this builder
         */
        public Builder serial(String serial) {
            this.serial = Optional.of(Objects.requireNonNull(serial, "serial"));
            return this;
        }

        /**
         * Sets the bus of the disk's driver ({@code usb}, {@code nvme}, ...).
         *
         * @param transport the bus of the disk's driver
         * @return this builder
         */
        public Builder transport(String transport) {
            this.transport = Optional.of(Objects.requireNonNull(transport, "transport"));
            return this;
        }

        /**
         * Sets whether the device is rotational (sysfs {@code queue/rotational}).
         *
         * @param rotational whether the device is rotational
         * @return this builder
         */
        public Builder rotational(boolean rotational) {
            this.rotational = Optional.of(rotational);
            return this;
        }

        /**
         * Sets whether the kernel refuses writes to the device.
         *
         * @param readOnly whether the kernel refuses writes to the device (sysfs {@code ro})
         * @return this builder
         */
        public Builder readOnly(boolean readOnly) {
            this.readOnly = Optional.of(readOnly);
            return this;
        }

        /**
         * Sets the logical block size, in bytes.
         *
         * @param bytes the logical block size in bytes
         * @return this builder
         */
        public Builder logicalBlockBytes(long bytes) {
            this.logicalBlockBytes = OptionalLong.of(bytes);
            return this;
        }

        /**
         * Sets the physical block size, in bytes.
         *
         * @param bytes the physical block size in bytes
         * @return this builder
         */
        public Builder physicalBlockBytes(long bytes) {
            this.physicalBlockBytes = OptionalLong.of(bytes);
            return this;
        }

        /**
         * Sets the active I/O scheduler.
         *
         * @param scheduler the active I/O scheduler
         * @return this builder
         */
        public Builder scheduler(String scheduler) {
            this.scheduler = Optional.of(Objects.requireNonNull(scheduler, "scheduler"));
            return this;
        }

        /**
         * Sets the kernel's view of the device's write cache.
         *
         * @param mode {@code queue/write_cache}
         * @return this builder
         */
        public Builder writeCache(WriteCache mode) {
            this.writeCache = Optional.of(Objects.requireNonNull(mode, "mode"));
            return this;
        }

        /**
         * Sets whether the device takes writes with Force Unit Access.
         *
         * @param fua {@code queue/fua} is 1
         * @return this builder
         */
        public Builder fua(boolean fua) {
            this.fua = Optional.of(fua);
            return this;
        }

        /**
         * Sets the bus link to the disk.
         *
         * @param link the bus link to the disk
         * @return this builder
         */
        public Builder link(Link link) {
            this.link = Optional.of(Objects.requireNonNull(link, "link"));
            return this;
        }

        /**
         * Sets the devices directly below this one (a partition's disk, a mapper's devices).
         *
         * @param lower the devices directly below
         * @return this builder
         */
        public Builder lower(List<BlockDevice> lower) {
            this.lower = List.copyOf(lower);
            return this;
        }

        /** {@return the immutable device} */
        public BlockDevice build() {
            return new BlockDevice(this);
        }
    }
}
