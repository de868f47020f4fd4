package io.github.drivespeed.warning;

/**
 * Something that may make a figure differ from the drive's own speed, or a risk the caller
 * should know about. Each constant has a stable name (usable as a key in machine-readable
 * output) and a one-sentence message for people.
 *
 * @since 0.1.0
 */
public enum Warning {
    /**
     * The read pass was buffered and the file's pages could not be evicted from the page cache
     * first, so the figure may be memory speed.
     */
    READ_MAY_INCLUDE_PAGE_CACHE("read figures may come from the page cache (buffered read without"
            + " eviction); use direct I/O for the drive's speed", true),
    /** The data written was all zeros, which compressing or deduplicating storage may not store. */
    ZERO_FILLED_DATA("data is all zeros: a compressing or deduplicating file system or controller"
            + " may store almost nothing, inflating the write figure"),
    /**
     * The target keeps its files in memory: a memory file system (tmpfs, ramfs, devtmpfs) or a
     * file system on a RAM block device (zram, brd).
     */
    MEMORY_FILE_SYSTEM("the target is in memory (tmpfs, ramfs, devtmpfs, or a RAM disk such as"
            + " zram): figures are memory speed, not a drive's"),
    /** The file system reports no size, so free space could not be checked before writing. */
    FREE_SPACE_UNKNOWN("the file system reports no size, so free space was not checked before"
            + " writing"),
    /**
     * O_DIRECT was asked for with {@link io.github.drivespeed.SequentialPlan#directOrBuffered()}, the file system refused it
     * (open(2) EINVAL), and the passes ran buffered: the report's
     * {@link io.github.drivespeed.parameters.SequentialParameters#direct()} is then false.
     */
    BUFFERED_FALLBACK("O_DIRECT was refused by the file system, so the figures are buffered"
            + " (through the page cache), not direct I/O"),
    /**
     * The file system is mounted {@code sync} (MS_SYNCHRONOUS, mount(8)): every write waits for
     * the drive, which users report makes writes about 12 times slower.
     */
    SYNC_MOUNT("the file system is mounted with the sync option: every write waits for the"
            + " drive, so writes can be many times slower than the drive allows; remount without"
            + " sync to measure the drive"),
    /** A network or shared file system (NFS, SMB/CIFS, 9p, virtiofs, Ceph, ...). */
    NETWORK_FILE_SYSTEM("the target is a network or shared file system: figures are the"
            + " network's and the server's, not a local drive's"),
    /** A FUSE file system: every request passes through a user-space daemon. */
    FUSE_FILE_SYSTEM("the target is a FUSE file system: every request passes through a"
            + " user-space daemon, whose speed and caching the figures include"),
    /** The file system or device compresses data (btrfs {@code compress=}, zram, ...). */
    COMPRESSION("the file system or device compresses data: compressible data (zeros) is stored"
            + " smaller and looks faster; only random data, the default, shows the drive"),
    /** A copy-on-write file system (btrfs without {@code nodatacow}, ZFS, bcachefs). */
    COPY_ON_WRITE("the file system is copy-on-write: writes go to newly allocated blocks with"
            + " checksums and metadata updates, so figures differ from the raw drive's and change"
            + " as the file system fills and fragments"),
    /**
     * A device whose descriptor says USB 3 negotiated USB 2 speed (480 Mb/s) or less: a USB 2
     * port, hub or cable, or a poor connection.
     */
    USB3_DEVICE_AT_USB2_SPEED("a USB 3 device runs at USB 2 speed (480 Mb/s or less): a USB 2"
            + " port, hub or cable, or a poor contact; on a USB 3 port it may be several times"
            + " faster"),
    /** The file system sits on Linux software RAID (md): figures are the array's. */
    SOFTWARE_RAID("the target is on software RAID (md): figures are the array's, which reads from"
            + " and writes to several disks"),
    /** The data passes through dm-crypt (LUKS or plain): figures include encryption. */
    ENCRYPTION("the target is encrypted (dm-crypt/LUKS): figures include the CPU's encryption"
            + " work, which may be slower than the drive"),
    /**
     * The disk is virtual: paravirtual (virtio, Xen) or a hypervisor's emulated disk (QEMU,
     * VMware, VirtualBox, Hyper-V). The host may cache, throttle or share it, and nothing in the
     * guest can see that.
     */
    VIRTUAL_DISK("the disk is virtual (a virtual machine's disk): the host may cache, throttle or"
            + " share it, so figures can be the host's cache or another tenant's leftovers rather"
            + " than a drive's"),
    /** The file system sits on a loop device: a file on another file system. */
    LOOP_DEVICE("the target is on a loop device: a file on another file system, whose speed,"
            + " page cache and layout the figures include"),
    /**
     * A measured figure reached 90 % of the link's ceiling ({@link io.github.drivespeed.target.Link#SATURATION_RATIO}): the
     * link (USB, SATA, PCIe), not the drive, is the limit.
     */
    LINK_LIMITED("a figure reached 90 % of the link's ceiling: the link (USB, SATA or PCIe"
            + " lanes), not the drive, is the limit; a faster port may show more"),
    /**
     * A measured figure ran at a cap the process's cgroup puts on the target's device: from
     * 90 % to 110 % of it
     * ({@link io.github.drivespeed.target.TargetInfo#cgroupLimits()}: cgroup v1
     * {@code blkio.throttle.*}, v2 {@code io.max}, as Docker's {@code --device-write-bps},
     * Kubernetes and systemd's {@code IOWriteBandwidthMax} set them): the kernel held the process
     * to the cap, which, not the drive, is the limit. Byte caps are held against a pass's median
     * throughput, I/O caps against its median IOPS and the requests per second its device
     * completed. Each report names the passes, the figures and the caps
     * ({@link io.github.drivespeed.target.IoLimitReached}). The figure is what this process gets,
     * so a requirement it fails stays failed ("not met: the cgroup caps writes at ..."), and one it
     * meets stays met: a cap only slows.
     */
    CGROUP_IO_LIMIT("a figure ran at an I/O cap the process's cgroup puts on the device (90 to"
            + " 110 % of it; blkio.throttle or io.max, as a container's --device-write-bps sets"
            + " it): the cap, not the drive, is the limit; outside the cgroup the drive may be"
            + " faster"),
    /**
     * Another drivespeed measurement was using the same drive at the start or the end of this
     * one, in this or another process: its test file in the same directory was in use, or it held
     * the drive's lock (an fcntl lock on {@code <run directory>/dev-<major>-<minor>.lock}, see
     * {@code docs/warnings.md}), whatever directory of the drive it tested: both shared the drive.
     */
    CONCURRENT_MEASUREMENT("another drivespeed measurement was running on the same drive:"
            + " the two shared the drive, so these figures are lower than the drive alone gives",
            true),
    /**
     * A concurrent measurement on the same drive could not be detected: the directory of the
     * drives' locks (the run directory of {@link #CONCURRENT_MEASUREMENT}: {@code /run/lock}, else
     * {@code java.io.tmpdir}) opened but could not be listed, so another measurement's lock there
     * was not seen. The usual cause is EOVERFLOW ({@code Value too large for defined data type}):
     * a 32-bit JVM lists a file system whose directory offsets are 64-bit (readdir(3), getdents(2)),
     * as a 32-bit ARM JVM does on a 64-bit kernel. The log says so once per directory, at WARN,
     * naming the directory and the error. Set by directory tests, workloads and device tests,
     * which check the drive's locks.
     *
     * <p>Not a finding about the figures: nothing is known to have shared the drive, and a figure
     * carrying only this warning may well be the drive's, so it still satisfies a requirement
     * ({@link #figureNotTheDrives()} is false). It says that one check could not be made; the
     * device's counters ({@link #FOREIGN_IO}) still see other I/O on the drive where the target
     * has a block device.
     */
    CONCURRENCY_UNCHECKED("a concurrent measurement on the same drive could not be detected: the"
            + " directory of the drive locks (/run/lock, else java.io.tmpdir) could not be listed,"
            + " for example with EOVERFLOW on a 32-bit JVM (the log names the directory and the"
            + " error); the figures may still be the drive's"),
    /**
     * A queue depth above 1 was run on psync, as that many synchronous threads: psync was asked
     * for ({@code ioEngine psync}), or no asynchronous engine of the backend worked here (the
     * pure-Java backend has none); the same number of I/Os in flight, submitted from threads.
     */
    QUEUE_DEPTH_RUN_AS_THREADS("queue depth above 1 was run as that many synchronous threads"
            + " (psync, asked for or the only engine that worked here: the engine line says"
            + " which): the same I/Os in flight, but not one submitting thread as fio's libaio"),
    /**
     * A read pass meant to come from the drive (O_DIRECT, or buffered after eviction) moved less
     * than {@value #MIN_DEVICE_COVERAGE_PERCENT} % of its bytes at the block device
     * ({@link io.github.drivespeed.report.DeviceIo}): a cache served the rest. The report names the run and the numbers.
     */
    READ_SERVED_FROM_CACHE("a read pass moved far fewer bytes at the block device than it read"
            + " (under " + Warning.MIN_DEVICE_COVERAGE_PERCENT + " %): a cache (page cache,"
            + " host or controller cache) served it, so the figure is not the drive's", true),
    /**
     * A buffered write pass (or workload) moved less than {@value #MIN_DEVICE_COVERAGE_PERCENT} %
     * of the bytes it wrote at the block device: the page cache absorbed them (a time-based run
     * rewrote the same pages before the closing fdatasync flushed them once), so the figure counts
     * memory copies, not the drive's writes. The report names the run and the numbers.
     */
    WRITE_SERVED_BY_PAGE_CACHE("a write pass moved far fewer bytes at the block device than it"
            + " wrote (under " + Warning.MIN_DEVICE_COVERAGE_PERCENT + " %): the page cache"
            + " absorbed rewrites of the same pages (or the data was compressed), so the figure"
            + " is not the drive's", true),
    /**
     * The block device moved clearly more bytes during a pass than drivespeed did (more than
     * {@value #FOREIGN_IO_PERCENT} % over its own I/O plus {@value #FOREIGN_IO_SLACK_MIB} MiB, in
     * either direction): another process (a backup, an indexer, a second benchmark) used the
     * drive at the same time. The report lists what the device and the pass moved.
     */
    FOREIGN_IO("the block device moved clearly more bytes during a pass than drivespeed did:"
            + " other I/O shared the drive, so these figures are lower than the drive alone gives",
            true),
    /**
     * The figure of a cached-read pass ({@code hdparm -T}): the page cache's and memory's speed,
     * shown for comparison, never the drive's.
     */
    PAGE_CACHE_FIGURE("the cached-read figure is the speed of the page cache and memory (as"
            + " hdparm -T), not the drive's", true),
    /**
     * A read figure said to come from the drive is faster than the cached-read rate measured on
     * the same machine: implausible for a drive, whose data must also be copied or DMA'd into
     * memory; a cache probably served it.
     */
    FASTER_THAN_CACHED_READS("a read figure is faster than cached reads (memory speed) on this"
            + " machine: implausible for a drive; a cache probably served it"),
    /**
     * A figure is above the ceiling of the target's link (USB, SATA, PCIe): no data can cross the
     * link that fast, so a cache served it or the link was misread.
     */
    ABOVE_LINK_CEILING("a figure is above the ceiling of the target's link: no data crosses that"
            + " link so fast, so a cache served it"),
    /**
     * Data read back differs from what was written: the medium lost data (aliasing, never
     * stored, corrupted or unreadable; {@link io.github.drivespeed.report.medium.DataLossKind}). The
     * report names the first bad offset, the bytes lost and the kind
     * ({@link io.github.drivespeed.report.medium.Verification}). A medium that loses data has no speed
     * worth printing: the pass's figures are not the drive's.
     */
    DATA_LOSS("data read back differs from what was written: the medium lost data (counterfeit"
            + " capacity, a failing medium or a broken cache), so its figures are not the speed of"
            + " a drive that stores data", true),
    /**
     * A write pass's rate fell below half of what it was and stayed there
     * ({@link io.github.drivespeed.report.medium.CacheCliff}): the drive's fast write cache filled
     * during the pass, and its median mixes cache speed and the speed after it. A sustained
     * write test ({@link io.github.drivespeed.DriveSpeed#sustained}) measures both apart.
     */
    WRITE_CACHE_CLIFF("the write rate fell below half and stayed there during a pass: the drive's"
            + " write cache filled, so the median mixes cache speed and the slower speed after it;"
            + " a sustained test (--sustained) measures both"),
    /**
     * A workload read an existing file that drivespeed did not write (fio {@code filename=}
     * naming a file that exists): it may be sparse or fallocated (holes read back as zeros
     * without touching the drive) or in the page cache.
     */
    EXISTING_FILE_READ("the workload read an existing file that drivespeed did not write: it may"
            + " be sparse or fallocated, or cached, so read figures may not be the drive's", true),
    /**
     * The read-back was not verified: the target is a FUSE file system whose reads drivespeed
     * could not make come from a medium, so what came back may be what was just written, from
     * memory. Either its daemon reads its block device through the device's page cache
     * (exfat-fuse, ntfs-3g, fusefat) and drivespeed could not drop that cache (the device under
     * the mount not found or not openable: not root;
     * {@link io.github.drivespeed.report.CacheHandling#FUSE_DEVICE_CACHED}), or there is no block
     * device of this machine under it at all (sshfs: the data is on the server, whose page cache
     * answers; a FUSE file system over files;
     * {@link io.github.drivespeed.report.CacheHandling#FUSE_NO_LOCAL_DEVICE}), which root cannot
     * change. Neither the check nor the read figure is the medium's; the command line exits 1
     * ("NOT VERIFIED") and says which of the two it was.
     */
    READ_BACK_NOT_VERIFIED("the read-back was not verified: the FUSE file system's reads may have"
            + " come from a cache drivespeed could not drop (its device's page cache, or with no"
            + " block device of this machine under it, as sshfs, the server's), so what came back"
            + " may have come from memory", true),
    /**
     * At least {@value #READ_CONSTANT_FILL_PERCENT} % of what a read-only device test read came
     * back as blocks of one byte repeated ({@link io.github.drivespeed.report.medium.ConstantFill}, which
     * names the byte): all 0x00, blocks never written or discarded (TRIM, {@code blkdiscard}),
     * which an SSD or card answers from its mapping table without reading flash; all 0xFF, erased
     * NAND flash, which its controller answers as erased; any other constant fill likewise. The
     * figure is its controller's, not its medium's. Measure where data is, or write first
     * ({@link io.github.drivespeed.DevicePlan#write()}, which destroys the device's contents).
     */
    READ_CONSTANT_FILL("most blocks read came back as one byte repeated (0x00: never written or"
            + " discarded; 0xFF: erased flash): a drive answers those without reading written"
            + " flash, so the read figure is its controller's; measure where data is, or write"
            + " first (--write --allow-writes-to DEVICE, which destroys its contents)", true),
    /**
     * The untimed warm-up, the one pass that wrote blocks the test had not written before, wrote
     * below {@value #FIRST_WRITES_SLOWER_PERCENT} % of the measured runs' median, which rewrote
     * the blocks it freed, and lost a second or more by it
     * ({@link io.github.drivespeed.report.medium.WarmUpWrite#slowerThan}): the medium is slow on
     * the first write to a block (thin provisioning, flash that must erase before its first
     * write, SMR's first pass), so the write figure is a rewrite's and not what writing new data
     * gives; no requirement takes it. Not looked for on a memory file system, nor when the
     * device's counters show other I/O during the warm-up (a shared drive slows it too).
     */
    FIRST_WRITES_SLOWER("blocks written for the first time (the untimed warm-up's) wrote clearly"
            + " slower than the measured runs, which rewrote the blocks it freed: the medium is"
            + " slow on first writes (thin provisioning, erase before write), so the write figure"
            + " is a rewrite's, not what writing new data gives", true),
    /**
     * A buffered write pass's rate fell below half and stayed there
     * ({@link io.github.drivespeed.report.medium.CacheCliff.Cause#PAGE_CACHE}): the page cache's dirty
     * limit was reached ({@code vm.dirty_bytes} or {@code vm.dirty_ratio}, or the device's
     * write-back limit {@code /sys/class/bdi/MAJ:MIN/max_bytes}, {@code max_ratio}; kernel doc
     * admin-guide/sysctl/vm.rst), after which the kernel holds the writer to the device's
     * write-back rate. Not a drive's cache: {@link #WRITE_CACHE_CLIFF} is for O_DIRECT and
     * O_DSYNC passes.
     */
    PAGE_CACHE_DIRTY_LIMIT("the buffered write rate fell below half and stayed there during a"
            + " pass: the page cache's dirty limit (vm.dirty_bytes or vm.dirty_ratio, or the"
            + " device's write-back limit) was reached, and from there the kernel held the writes"
            + " to the device's write-back rate; not the drive's write cache, so the median mixes"
            + " memory speed and the device's; use O_DIRECT for the drive"),
    /**
     * A read pass's rate fell below half of what it was and stayed there until the pass ended
     * ({@link io.github.drivespeed.report.medium.RateDrop}): thermal throttling, a drive's background
     * work or a slower zone; the pass's figure mixes two speeds.
     */
    READ_RATE_DROP("the read rate fell below half and stayed there during a pass: thermal"
            + " throttling, the drive's background work or a slower zone; the median mixes two"
            + " speeds"),
    /**
     * A read pass made no progress for at least 1 s and 10 times its median block time
     * ({@link io.github.drivespeed.report.medium.Stall}).
     */
    READ_STALL("a read pass stalled: no block completed for a second or more (at least 10 times"
            + " its median block time); a recorder or player waits that long for its data"),
    /**
     * A write pass made no progress for at least 1 s and 10 times its median block time
     * ({@link io.github.drivespeed.report.medium.Stall}): a drive-managed SMR disk cleaning its media
     * cache, an SSD's garbage collection or a card's housekeeping.
     */
    WRITE_STALL("a write pass stalled: no block completed for a second or more (at least 10 times"
            + " its median block time), as drive-managed SMR disks and flash do during"
            + " housekeeping; for a recorder the stall, not the rate, decides whether data is"
            + " dropped"),
    /**
     * Before measuring, a test file that an earlier run left behind (its process gone, killed
     * with SIGKILL or by a power loss, and no process holding its lock) was removed from the
     * target directory; {@link io.github.drivespeed.target.TargetInfo#removedLeftovers()} names
     * each with its size. The figures are not affected; the space it held was freed.
     */
    LEFTOVER_REMOVED("a test file an earlier run left behind (its process gone, as after a"
            + " SIGKILL) was removed before measuring; the figures are not affected"),
    /**
     * The target's mount is read-only: its per-mount options (a read-only bind mount) or its
     * super block's options (a file system mounted {@code ro}, or remounted read-only by the
     * kernel after an error) hold {@code ro}. Nothing can be created there, so a measurement in
     * it is refused before any I/O; the probe's mount line shows both option fields apart.
     */
    READ_ONLY_MOUNT("the target's mount is read-only (option ro in its mount options or its"
            + " super block's): no test file can be created there, so a measurement in it is"
            + " refused"),
    /**
     * A write pass (or workload) that asked for durability (its closing fdatasync, or O_DSYNC)
     * wrote to a disk that was never asked to make the writes durable: the disk's
     * {@code queue/write_cache} says {@code write through}, so the block layer sent it no FLUSH
     * ({@code Documentation/block/writeback_cache_control.rst}), or its flush counter (sysfs
     * {@code stat} field 16, {@code Documentation/block/stat.rst}) did not move (a file system
     * mounted without barriers). A USB bridge or card that says it has no volatile cache, or one
     * set so with {@code hdparm -W0} or {@code echo "write through" > .../queue/write_cache},
     * may still hold the writes in a cache, and the timed sync proves nothing: the figure may be
     * the cache's. The flush is counted on the disks at the bottom of the target's device chain
     * ({@link io.github.drivespeed.report.DiskFlushes}); the report lists each such disk and run.
     * A disk that truly has no volatile cache needs no flush, but nothing the host can read tells
     * the two apart, so the figure is left out of requirements.
     */
    FLUSH_NOT_SENT("no FLUSH reached the drive during a write pass that asked for durability:"
            + " the kernel treats it as write through (queue/write_cache), or the file system sent"
            + " none, so the timed fdatasync proved nothing and the figure may be a volatile"
            + " cache's, not the medium's", true),
    /**
     * O_DIRECT was asked for and used, but the file system carries O_DIRECT writes through the
     * page cache, waiting for their write-back: btrfs does so for a file whose data is
     * checksummed (kernel commit 968f19c5b1b7, "btrfs: always fallback to buffered write if the
     * inode requires checksum"; on this project's test kernel, 6.18, a 64 MiB O_DIRECT write to a
     * checksummed file dirtied about 16,500 pages, to a NOCOW file under 100), and with a data
     * profile that keeps more than one copy (DUP, RAID1, RAID1C3/4, RAID10, RAID5/6) for every
     * file, NOCOW too. Where NOCOW would avoid it, drivespeed makes its test file NOCOW before
     * the first write ({@link io.github.drivespeed.target.TargetInfo#testFileNoCow()}); this
     * warning is for the writes it could not spare: a duplicating profile, or a backend that
     * cannot set the flag (the pure-Java backend). The figure is still the drive's writes, with a
     * copy through memory and the page cache's write-back in it.
     */
    DIRECT_IO_EMULATED("O_DIRECT emulated by the file system: btrfs ran the O_DIRECT writes"
            + " through the page cache (checksummed data, or a data profile with more than one"
            + " copy), so the write figure includes a copy through memory and the page cache's"
            + " write-back"),
    /**
     * A timed pass (of a directory test, a device test or a workload; never the untimed
     * warm-up) lasted less than {@value #MIN_PASS_MILLIS} ms or moved fewer than
     * {@value #MIN_PASS_BLOCKS} blocks: too short for its figure to be stable. One disturbance of
     * a few milliseconds (the scheduler's time slice, a 4 ms timer tick at {@code CONFIG_HZ=250},
     * or a drive waking from a power-saving state) moves a shorter pass's figure by several
     * percent or more, and a pass of fewer blocks is the latency of a few commands rather than a
     * rate. Reruns of a 30 ms read of a 4 MiB device differed 2.3 times. What measures more
     * data in each pass depends on the test: a larger count or block size for a directory's
     * sequential test ({@link io.github.drivespeed.SequentialPlan}); a longer duration, a larger
     * count or a larger size for a workload ({@link io.github.drivespeed.WorkloadPlan}), as its
     * runs are time-based, count-based or size-based; a longer duration, or a larger count or
     * block size, for a device test ({@link io.github.drivespeed.DevicePlan}), whose runs also
     * end at the device's end. The bound is
     * drivespeed's own: {@code hdparm -t} times its reads over about 3 seconds, and fio's HOWTO
     * has {@code ramp_time} and {@code runtime} for the same reason. The report names each run
     * with its time and blocks. A device test on a device smaller than its default block reads
     * it with a block that fits, over and over, until its run's duration ends (3 s by default).
     */
    PASS_TOO_SHORT("a timed pass was too short (under " + Warning.MIN_PASS_MILLIS + " ms, or fewer"
            + " than " + Warning.MIN_PASS_BLOCKS + " blocks) for its figure to be stable: a few"
            + " milliseconds of scheduling or a drive's wake-up change it by several percent or"
            + " more; measure more data in each pass"),
    /**
     * A workload at a queue depth above 1 kept, on average, fewer than 80 %
     * ({@link io.github.drivespeed.report.engine.InFlight#REACHED_SHARE}) of that depth in the kernel
     * ({@link io.github.drivespeed.report.engine.InFlight}), and never the whole depth at once while its
     * submitting threads had time to spare ({@link io.github.drivespeed.report.engine.InFlight#reached()}):
     * buffered I/O through Linux AIO (completed inside io_submit), a memory file system or block
     * device that completes each I/O inside the submitting call, or a submitting thread that
     * could not keep up. The figure is the drive's at the depth reached, not at the depth asked
     * for.
     */
    QUEUE_DEPTH_NOT_REACHED("the queue depth asked for was not reached: on average fewer than 80 %"
            + " of the I/Os asked for were in flight at once, and never all of them while"
            + " drivespeed had time to spare (the engine line gives the mean and peak), so the"
            + " figure is the drive's at a lower depth"),
    /**
     * The submitting threads were busy (on a CPU or waiting for one) at least 90 % of the time
     * ({@link io.github.drivespeed.report.engine.InFlight#SATURATED_BUSY}) while the queue depth asked
     * for was not reached ({@link #QUEUE_DEPTH_NOT_REACHED}): the program, not the device, set
     * the pace. Never given when the depth was reached, where the device is the limit.
     */
    TOOL_LIMITED("the submitting threads were saturated while the queue depth was not reached:"
            + " these IOPS may be drivespeed's limit on this CPU, not the drive's (more threads"
            + " may go further)");

    /**
     * A timed pass shorter than this, in milliseconds, carries {@link #PASS_TOO_SHORT}: a
     * disturbance of 4 ms (a timer tick at {@code CONFIG_HZ=250}) is then more than 4 % of it.
     */
    public static final int MIN_PASS_MILLIS = 100;

    /**
     * A timed pass of fewer blocks (I/Os) than this carries {@link #PASS_TOO_SHORT}: one slow
     * command is then a quarter or more of the figure.
     */
    public static final int MIN_PASS_BLOCKS = 4;

    /**
     * A read-only device test whose timed reads came back as blocks of one byte repeated for at
     * least this share of their bytes (in percent) carries {@link #READ_CONSTANT_FILL}: half,
     * because a share is not a verdict (a device wiped with zeros by {@code dd} reads its flash
     * and is flagged all the same), and under half the figure is mostly the medium's.
     */
    public static final int READ_CONSTANT_FILL_PERCENT = 50;

    /**
     * A warm-up that wrote new blocks at less than this share (in percent) of the measured write
     * passes' median rate carries {@link #FIRST_WRITES_SLOWER}: half, as a write cliff.
     */
    public static final int FIRST_WRITES_SLOWER_PERCENT = 50;

    /**
     * A read pass meant to come from the drive whose device moved less than this share of its
     * bytes (in percent) was served from a cache ({@link #READ_SERVED_FROM_CACHE}).
     */
    public static final int MIN_DEVICE_COVERAGE_PERCENT = 90;

    /**
     * The device moved more than its own I/O plus this share (in percent) plus
     * {@link #FOREIGN_IO_SLACK_MIB} in a direction: {@link #FOREIGN_IO}. The share covers the
     * file system's own metadata and journal writes and block-layer rounding.
     */
    public static final int FOREIGN_IO_PERCENT = 10;

    /**
     * The absolute part of the {@link #FOREIGN_IO} tolerance, in MiB: a journal commit, readahead
     * past the last block read, a fresh ext4's lazy inode-table initialisation.
     */
    public static final int FOREIGN_IO_SLACK_MIB = 16;

    private final String message;
    private final boolean figureNotTheDrives;

    Warning(String message) {
        this(message, false);
    }

    Warning(String message, boolean figureNotTheDrives) {
        this.message = message;
        this.figureNotTheDrives = figureNotTheDrives;
    }

    /**
     * Whether a figure carrying this warning is not the drive's own: it came from a cache on
     * purpose or by accident, or from a medium that lost data. Such a figure never satisfies a
     * requirement ({@link io.github.drivespeed.requirement.StorageRequirement} leaves it out and
     * says why) and is not presented as the drive's speed. Other warnings are cautions about a
     * figure that is still the drive's.
     *
     * @return true for the page cache's figures ({@link #READ_MAY_INCLUDE_PAGE_CACHE},
     *     {@link #READ_SERVED_FROM_CACHE}, {@link #WRITE_SERVED_BY_PAGE_CACHE},
     *     {@link #PAGE_CACHE_FIGURE}), a shared drive's ({@link #CONCURRENT_MEASUREMENT},
     *     {@link #FOREIGN_IO}), a medium's that lost data ({@link #DATA_LOSS}) and a write never
     *     flushed to the medium ({@link #FLUSH_NOT_SENT})
     */
    public boolean figureNotTheDrives() {
        return figureNotTheDrives;
    }

    /** {@return one sentence saying what the warning means for the figures} */
    public String message() {
        return message;
    }
}
