package io.github.drivespeed.internal.probe;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.target.CgroupLimits;
import io.github.drivespeed.target.CgroupVersion;
import io.github.drivespeed.target.DeviceNumber;
import io.github.drivespeed.target.IoLimit;
import io.github.drivespeed.target.IoLimit.Direction;
import io.github.drivespeed.target.IoLimit.Kind;
import io.github.drivespeed.target.MemoryLimit;
import io.github.drivespeed.target.TargetInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cgroup limits of the probe, read from synthetic trees under a temporary directory shaped as
 * the kernel lays them out: {@code proc/self/cgroup}, {@code proc/self/mountinfo} (a fixture
 * machine's mounts plus the cgroup mounts, whose mount points lie in the tree) and the cgroup
 * directories with their files. The devices are a fixture machine's sysfs: the USB stick's
 * partition {@code sdb1} (8:17) on {@code sdb} (8:16). cgroup v2 is tested only here: this
 * project's test machine mounts the io and memory controllers as cgroup v1.
 */
class CgroupLimitsProbeTest {

    private static final String STICK = "usb3-stick-on-usb2-port";
    private static final Path STICK_DIR = Path.of("/media/alice/SANDISK EXTREME/photos");
    private static final DeviceNumber SDB = DeviceNumber.parse("8:16");
    private static final long MIB = 1024 * 1024;

    @TempDir
    Path tmp;

    /** A machine: the fixture's mounts and the cgroup mounts, and this process's cgroups. */
    private Path proc(String fixture, String cgroupFile, String... cgroupMounts)
            throws IOException {
        Path self = Files.createDirectories(tmp.resolve("proc/self"));
        StringBuilder mountinfo = new StringBuilder(Files.readString(ProbeFixtures.root()
                .resolve(fixture).resolve("proc/self/mountinfo")));
        int id = 900;
        for (String m : cgroupMounts) {
            // "ROOT MOUNTPOINT TYPE OPTIONS", the mount point relative to the tree
            String[] f = m.split(" ");
            Path point = Files.createDirectories(tmp.resolve(f[1]));
            mountinfo.append(id++).append(" 30 0:").append(id).append(' ').append(f[0])
                    .append(' ').append(point).append(" rw,relatime shared:9 - ").append(f[2])
                    .append(' ').append(f[2]).append(' ').append(f[3]).append('\n');
        }
        Files.writeString(self.resolve("mountinfo"), mountinfo.toString());
        Files.writeString(self.resolve("cgroup"), cgroupFile);
        return tmp.resolve("proc");
    }

    /** Writes a cgroup file, making its directory. */
    private void file(String path, String text) throws IOException {
        Path f = tmp.resolve(path);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
    }

    private TargetInfo describeStick(Path proc) {
        return new TargetProbe(proc, ProbeFixtures.root().resolve(STICK).resolve("sys"))
                .describe(STICK_DIR, Optional.of(DeviceNumber.parse("8:17")), ProbeFixtures.SPACE);
    }

    private TargetInfo describeTmpfs(Path proc) {
        return new TargetProbe(proc, ProbeFixtures.root().resolve("tmpfs").resolve("sys"))
                .describe(Path.of("/tmp/work"), Optional.of(DeviceNumber.parse("0:27")),
                        ProbeFixtures.SPACE);
    }

    @Test
    void v1ThrottleOfTheOwnCgroupOnThePartitionsDiskIsFoundAndAParentsIsNot() throws IOException {
        Path proc = proc(STICK, "12:memory:/\n7:blkio:/docker/abc\n1:name=systemd:/docker/abc\n"
                + "0::/\n", "/ sys/fs/cgroup/blkio cgroup rw,blkio",
                "/ sys/fs/cgroup/unified cgroup2 rw");
        String own = "sys/fs/cgroup/blkio/docker/abc/";
        // the kernel keys limits by whole disk: sdb's (8:16) holds sdb1's I/O; 8:0 is another disk
        file(own + "blkio.throttle.write_bps_device", "8:0 1\n8:16 8388608\n");
        file(own + "blkio.throttle.read_iops_device", "8:16 500\n");
        file(own + "blkio.throttle.read_bps_device", "");
        // v1's throttle is flat: the parent's limit does not hold the child
        file("sys/fs/cgroup/blkio/docker/blkio.throttle.write_bps_device", "8:16 1048576\n");
        file("sys/fs/cgroup/blkio/blkio.throttle.write_iops_device", "8:16 10\n");

        CgroupLimits limits = describeStick(proc).cgroupLimits();

        assertThat(limits.io()).containsExactly(
                new IoLimit(SDB, "sdb", Direction.READ, Kind.IOPS, 500, CgroupVersion.V1,
                        "/docker/abc"),
                new IoLimit(SDB, "sdb", Direction.WRITE, Kind.BANDWIDTH, 8388608, CgroupVersion.V1,
                        "/docker/abc"));
        assertThat(limits.memory()).as("not a memory file system").isEmpty();
        assertThat(limits.io().get(1).file()).isEqualTo("blkio.throttle.write_bps_device");
        assertThat(describeStick(proc).details()).contains("  cgroup:   writes capped at 8.39 MB/s"
                + " (8.00 MiB/s) on sdb (8:16) by cgroup v1 /docker/abc"
                + " (blkio.throttle.write_bps_device)\n");
    }

    @Test
    void v2LimitsOfEveryLevelHoldAndTheSmallestOfEachCounts() throws IOException {
        Path proc = proc(STICK, "0::/kubepods/pod1/ctr\n", "/ sys/fs/cgroup cgroup2 rw");
        file("sys/fs/cgroup/kubepods/io.max",
                "8:16 rbps=max wbps=20971520 riops=max wiops=max\n");
        file("sys/fs/cgroup/kubepods/pod1/io.max", "8:16 rbps=max wbps=10485760 riops=max"
                + " wiops=max\n253:0 rbps=1 wbps=1 riops=1 wiops=1\n");
        file("sys/fs/cgroup/kubepods/pod1/ctr/io.max",
                "8:16 rbps=4194304 wbps=max riops=max wiops=800\n");

        List<IoLimit> io = describeStick(proc).cgroupLimits().io();

        assertThat(io).containsExactly(
                new IoLimit(SDB, "sdb", Direction.READ, Kind.BANDWIDTH, 4194304, CgroupVersion.V2,
                        "/kubepods/pod1/ctr"),
                new IoLimit(SDB, "sdb", Direction.WRITE, Kind.BANDWIDTH, 10485760, CgroupVersion.V2,
                        "/kubepods/pod1"),
                new IoLimit(SDB, "sdb", Direction.WRITE, Kind.IOPS, 800, CgroupVersion.V2,
                        "/kubepods/pod1/ctr"));
        assertThat(io.get(1).file()).isEqualTo("io.max wbps");
    }

    @Test
    void aContainersCgroupMountShowsItsOwnCgroupAtTheMountPoint() throws IOException {
        // without a cgroup namespace a runtime bind-mounts the container's cgroup: the mount's
        // root is the cgroup /proc/self/cgroup names, and the limits are at the mount point
        Path proc = proc(STICK, "7:blkio:/docker/abc\n",
                "/docker/abc sys/fs/cgroup/blkio cgroup rw,blkio");
        file("sys/fs/cgroup/blkio/blkio.throttle.read_bps_device", "8:16 2097152\n");

        assertThat(describeStick(proc).cgroupLimits().io()).containsExactly(
                new IoLimit(SDB, "sdb", Direction.READ, Kind.BANDWIDTH, 2097152, CgroupVersion.V1,
                        "/docker/abc"));
    }

    @Test
    void aCgroupUnderNoVisibleMountOrNoCgroupFileGivesNoLimit() throws IOException {
        Path proc = proc(STICK, "7:blkio:/elsewhere\n",
                "/docker/abc sys/fs/cgroup/blkio cgroup rw,blkio");
        file("sys/fs/cgroup/blkio/blkio.throttle.read_bps_device", "8:16 2097152\n");
        assertThat(describeStick(proc).cgroupLimits()).isEqualTo(CgroupLimits.NONE);

        Files.delete(proc.resolve("self/cgroup"));
        assertThat(describeStick(proc).cgroupLimits()).isEqualTo(CgroupLimits.NONE);
    }

    @Test
    void v1MemoryLimitOfAnAncestorHoldsATmpfsTarget() throws IOException {
        Path proc = proc("tmpfs", "4:memory:/app/worker\n",
                "/ sys/fs/cgroup/memory cgroup rw,memory");
        String root = "sys/fs/cgroup/memory/";
        // no limit on the worker itself (the page counter's maximum), 512 MiB on /app
        file(root + "app/worker/memory.limit_in_bytes", "9223372036854771712\n");
        file(root + "app/worker/memory.usage_in_bytes", Long.toString(90 * MIB));
        file(root + "app/memory.limit_in_bytes", Long.toString(512 * MIB));
        file(root + "app/memory.usage_in_bytes", Long.toString(100 * MIB));
        file(root + "app/memory.use_hierarchy", "1\n");
        file(root + "app/memory.stat", "cache 1000\ninactive_file 4096\n"
                + "total_inactive_file " + 20 * MIB + "\n");
        file(root + "memory.limit_in_bytes", "9223372036854771712\n");
        file(root + "memory.usage_in_bytes", Long.toString(4096 * MIB));

        TargetInfo t = describeTmpfs(proc);

        MemoryLimit m = t.cgroupLimits().memory().orElseThrow();
        assertThat(m).isEqualTo(new MemoryLimit(512 * MIB, 100 * MIB, 20 * MIB, CgroupVersion.V1,
                "/app"));
        assertThat(m.leftBytes()).isEqualTo(432 * MIB);
        assertThat(t.details()).contains("  cgroup:   memory limited to 512.0 MiB by cgroup v1"
                + " /app (memory.limit_in_bytes): 100.0 MiB charged, 20.0 MiB of it inactive"
                + " file pages; 432.0 MiB left\n");
        assertThat(describeStick(proc).cgroupLimits().memory())
                .as("a file system on a disk is not charged to the cgroup").isEmpty();
    }

    @Test
    void v1AncestorThatDoesNotNestHoldsNoChild() throws IOException {
        Path proc = proc("tmpfs", "4:memory:/app/worker\n",
                "/ sys/fs/cgroup/memory cgroup rw,memory");
        String root = "sys/fs/cgroup/memory/";
        file(root + "app/worker/memory.limit_in_bytes", Long.toString(2048 * MIB));
        file(root + "app/worker/memory.usage_in_bytes", Long.toString(90 * MIB));
        file(root + "app/memory.limit_in_bytes", Long.toString(512 * MIB));
        file(root + "app/memory.usage_in_bytes", Long.toString(100 * MIB));
        file(root + "app/memory.use_hierarchy", "0\n");

        assertThat(describeTmpfs(proc).cgroupLimits().memory().orElseThrow().cgroup())
                .isEqualTo("/app/worker");
    }

    @Test
    void v2MemoryLevelWithTheLeastLeftCounts() throws IOException {
        Path proc = proc("tmpfs", "0::/x/y/z\n", "/ sys/fs/cgroup cgroup2 rw");
        String root = "sys/fs/cgroup/";
        file(root + "x/memory.max", Long.toString(2048 * MIB));
        file(root + "x/memory.current", Long.toString(1024 * MIB));
        file(root + "x/memory.stat", "anon 1\ninactive_file 0\n");
        file(root + "x/y/memory.max", Long.toString(1024 * MIB));
        file(root + "x/y/memory.current", Long.toString(950 * MIB));
        file(root + "x/y/memory.stat", "anon 1\ninactive_file " + 50 * MIB + "\nactive_file 7\n");
        file(root + "x/y/z/memory.max", "max\n");
        file(root + "x/y/z/memory.current", Long.toString(900 * MIB));

        MemoryLimit m = describeTmpfs(proc).cgroupLimits().memory().orElseThrow();

        assertThat(m).isEqualTo(new MemoryLimit(1024 * MIB, 950 * MIB, 50 * MIB,
                CgroupVersion.V2, "/x/y"));
        assertThat(m.leftBytes()).isEqualTo(124 * MIB);
        assertThat(m.file()).isEqualTo("memory.max");
    }
}
