package io.github.drivespeed.cli.output;

import io.github.drivespeed.parameters.IoMode;
import io.github.drivespeed.parameters.Recording;
import io.github.drivespeed.parameters.AccessPattern;
import io.github.drivespeed.parameters.CapacityParameters;
import io.github.drivespeed.parameters.CapacityProbeParameters;
import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.DeviceParameters;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.parameters.SequentialParameters;
import io.github.drivespeed.parameters.SustainedParameters;
import io.github.drivespeed.parameters.RunLength;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.report.BackendInfo;
import io.github.drivespeed.report.medium.CacheCliff;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.medium.CacheEstimate;
import io.github.drivespeed.report.medium.ConstantFill;
import io.github.drivespeed.report.medium.DataLossKind;
import io.github.drivespeed.report.medium.FirstLoss;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.engine.CpuUsage;
import io.github.drivespeed.report.DeviceIo;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.report.engine.EngineInfo;
import io.github.drivespeed.report.engine.InFlight;
import io.github.drivespeed.report.Latencies;
import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.medium.MediumKind;
import io.github.drivespeed.report.medium.RateDrop;
import io.github.drivespeed.report.medium.Stall;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.report.Timeline;
import io.github.drivespeed.report.TimelinePoint;
import io.github.drivespeed.report.medium.Verification;
import io.github.drivespeed.report.medium.WarmUpWrite;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.WorkloadTable;
import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.DeviceInfo;
import io.github.drivespeed.target.DeviceNumber;
import io.github.drivespeed.target.Link;
import io.github.drivespeed.target.MountInfo;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Fixed reports for the golden-file tests: every figure chosen here, nothing measured, so the
 * output text is the same on every machine and in every locale.
 */
final class ReportFixtures {

    static final Instant STARTED = Instant.parse("2024-05-01T12:00:00Z");
    private static final long MS = 1_000_000L;

    private ReportFixtures() {
    }

    /** An SD card in a USB 3 reader at USB 2 speed, mounted sync: a partition over a disk. */
    static TargetInfo sdCardTarget() {
        Link usb = new Link.Usb("0bda", "0109", Optional.of("Generic"),
                Optional.of("USB3.0 Card Reader"), Optional.of("000000001206"), "3.00", 480, 1);
        BlockDevice disk = BlockDevice.builder("sdb", new DeviceNumber(8, 16),
                BlockDevice.Kind.DISK).sizeBytes(63_864_569_856L).vendor("Generic")
                .model("STORAGE DEVICE").firmwareRevision("1206").transport("scsi")
                .rotational(false).logicalBlockBytes(512).physicalBlockBytes(512)
                .scheduler("mq-deadline").link(usb).build();
        BlockDevice partition = BlockDevice.builder("sdb1", new DeviceNumber(8, 17),
                BlockDevice.Kind.PARTITION).sizeBytes(63_863_521_280L).partitionNumber(1)
                .logicalBlockBytes(512).physicalBlockBytes(512).lower(List.of(disk))
                .build();
        MountInfo mount = new MountInfo(Path.of("/media/card"), "/", new DeviceNumber(8, 17),
                "vfat", "/dev/sdb1", List.of("rw", "nosuid", "nodev", "relatime"),
                List.of("rw", "sync", "fmask=0022", "codepage=437"));
        return TargetInfo.builder(Path.of("/media/card/data, \"tests\""))
                .fileSystemType("vfat").fileSystemSource("/dev/sdb1")
                .fileSystemBlockSizeBytes(32768).totalSpaceBytes(63_847_792_640L)
                .usableSpaceBytes(41_203_113_984L)
                .warnings(Set.of(Warning.SYNC_MOUNT, Warning.USB3_DEVICE_AT_USB2_SPEED))
                .mount(mount).device(partition).build();
    }

    static BackendInfo backend() {
        return new BackendInfo("java", "pure Java: FileChannel, ExtendedOpenOption.DIRECT",
                Optional.of("native: JNA not on the class path"));
    }

    /** Latencies recorded one by one, as the engine records them. */
    static LatencyStats latency(long... nanos) {
        return LatencyStats.ofNanos(nanos);
    }

    /** {@code count} latencies spread from {@code low} up in steps of {@code step}. */
    static LatencyStats spread(int count, long low, long step) {
        long[] v = new long[count];
        for (int i = 0; i < count; i++) {
            v[i] = low + i * step;
        }
        return latency(v);
    }

    static Timeline timeline(long intervalNanos, long[][] points) {
        List<TimelinePoint> p = new ArrayList<>();
        for (long[] x : points) {
            p.add(new TimelinePoint(x[0], x[1], x[2], x[3]));
        }
        return new Timeline(intervalNanos, p);
    }

    /** 4 MiB x 4 (16 MiB), 2 runs, O_DIRECT, random data. */
    static SpeedReport sequential() {
        long pass = 16 * DataSize.MEBIBYTE;
        long block = 4 * DataSize.MEBIBYTE;
        PassResult write = PassResult.of(PassKind.WRITE, List.of(
                Sample.of(1, pass, 1_250 * MS, 4, spread(4, 280 * MS, 20 * MS),
                        timeline(500 * MS, new long[][] {{0, 500 * MS, block * 2, 2},
                            {500 * MS, 1_000 * MS, block, 1},
                            {1_000 * MS, 1_250 * MS, block, 1}})),
                Sample.of(2, pass, 1_000 * MS, 4, spread(4, 240 * MS, 15 * MS),
                        timeline(500 * MS, new long[][] {{0, 500 * MS, block * 2, 2},
                            {500 * MS, 1_000 * MS, block * 2, 2}}))), Set.of());
        PassResult read = PassResult.of(PassKind.READ, List.of(
                Sample.of(1, pass, 800 * MS, 4, spread(4, 190 * MS, 5 * MS),
                        timeline(500 * MS, new long[][] {{0, 500 * MS, block * 2, 2},
                            {500 * MS, 800 * MS, block * 2, 2}}))
                        .withAccounting(CacheHandling.DIRECT_IO,
                                Optional.of(new DeviceIo("sdb1", pass, 32, 0, 0,
                                        Optional.empty(), List.of()))),
                Sample.of(2, pass, 750 * MS, 4, spread(4, 180 * MS, 5 * MS),
                        timeline(500 * MS, new long[][] {{0, 500 * MS, block * 3, 3},
                            {500 * MS, 750 * MS, block, 1}}))
                        .withAccounting(CacheHandling.DIRECT_IO, Optional.empty())),
                Set.of(Warning.READ_MAY_INCLUDE_PAGE_CACHE));
        return new SpeedReport(sdCardTarget(), new SequentialParameters(DataSize.ofMebibytes(4), 4, 2,
                true, false, DataPattern.RANDOM, true, false, false, Optional.empty()), backend(), write, read, Optional.empty(),
                STARTED, Optional.of(new WarmUpWrite(16 * DataSize.MEBIBYTE, 110 * MS)), 0);
    }

    /**
     * {@code drivespeed /dev/sdb -T}: the SD card's disk read-only, 8 MiB blocks, 3 s per run,
     * 2 runs, O_DIRECT, with hdparm -T's cached-read pass; the disk is write-protected.
     */
    static DeviceReport device() {
        long block = 8 * DataSize.MEBIBYTE;
        BlockDevice disk = sdCardTarget().wholeDisks().get(0);
        BlockDevice protectedDisk = BlockDevice.builder("sdb", disk.deviceNumber(),
                BlockDevice.Kind.DISK).sizeBytes(63_864_569_856L).model("STORAGE DEVICE")
                .transport("scsi").rotational(false).readOnly(true).logicalBlockBytes(512)
                .physicalBlockBytes(512).link(disk.link().orElseThrow()).build();
        PassResult read = PassResult.of(PassKind.READ, List.of(
                Sample.of(1, 12 * block, 3_000 * MS, 12, spread(12, 240 * MS, 2 * MS),
                        timeline(1_000 * MS, new long[][] {{0, 1_000 * MS, block * 4, 4},
                            {1_000 * MS, 2_000 * MS, block * 4, 4},
                            {2_000 * MS, 3_000 * MS, block * 4, 4}}))
                        .withAccounting(CacheHandling.DIRECT_IO,
                                Optional.of(new DeviceIo("sdb", 12 * block, 96, 0, 0,
                                        Optional.empty(), List.of()))),
                Sample.of(2, 11 * block, 3_000 * MS, 11, spread(11, 260 * MS, 3 * MS),
                        timeline(1_000 * MS, new long[][] {{0, 1_000 * MS, block * 4, 4},
                            {1_000 * MS, 2_000 * MS, block * 4, 4},
                            {2_000 * MS, 3_000 * MS, block * 3, 3}}))
                        .withAccounting(CacheHandling.DIRECT_IO,
                                Optional.of(new DeviceIo("sdb", 11 * block, 88, 0, 0,
                                        Optional.empty(), List.of())))),
                Set.of());
        long region = 2 * DataSize.MEBIBYTE;
        PassResult cached = PassResult.of(PassKind.CACHED_READ, List.of(
                Sample.of(1, 4_000 * region, 2_000 * MS, 4_000, spread(8, 400_000, 1_000),
                        timeline(1_000 * MS, new long[][] {{0, 1_000 * MS, 2_000 * region, 2_000},
                            {1_000 * MS, 2_000 * MS, 2_000 * region, 2_000}}))
                        .withAccounting(CacheHandling.FROM_CACHE, Optional.empty())),
                Set.of(Warning.PAGE_CACHE_FIGURE));
        return new DeviceReport(new DeviceInfo(Path.of("/dev/sdb"), Optional.of(protectedDisk),
                63_864_569_856L, 512, Set.of(Warning.USB3_DEVICE_AT_USB2_SPEED)),
                new DeviceParameters(DataSize.ofMebibytes(8), OptionalLong.empty(),
                        Optional.of(Duration.ofSeconds(3)), 2, true, false, false, true, false,
                        Optional.of(Duration.ofSeconds(2))),
                backend(), Optional.empty(), read, Optional.of(cached), STARTED,
                Optional.of(new ConstantFill(read.samples().stream().mapToLong(Sample::bytes)
                        .sum(), Map.of())));
    }

    /** randrw 70 % reads, 4 KiB, QD4 T2, 1 s time-based after 200 ms ramp, 1 run. */
    static WorkloadReport mixedWorkload() {
        WorkloadParameters p = new WorkloadParameters(AccessPattern.RANDOM, 70,
                DataSize.ofKibibytes(4), DataSize.ofMebibytes(64), new RunLength(OptionalLong.empty(), Optional.of(Duration.ofSeconds(1)), Duration.ofMillis(200), Optional.empty()), 2, 4, 7, 1, IoMode.DEFAULT,
                Recording.timeline(Duration.ofMillis(500)), true, 0, Optional.empty());
        Sample reads = Sample.of(1, 700 * 4096L, 1_000 * MS, 700, spread(700, 40_000, 900),
                timeline(500 * MS, new long[][] {{0, 500 * MS, 340 * 4096L, 340},
                    {500 * MS, 1_000 * MS, 360 * 4096L, 360}}));
        Sample writes = Sample.of(1, 300 * 4096L, 1_000 * MS, 300, spread(300, 90_000, 3_100),
                timeline(500 * MS, new long[][] {{0, 500 * MS, 160 * 4096L, 160},
                    {500 * MS, 1_000 * MS, 140 * 4096L, 140}}));
        return new WorkloadReport(sdCardTarget(), p, backend(),
                new EngineInfo(IoEngine.PSYNC, Optional.empty(), 2, 4, Optional.empty(), Optional.empty(),
                        Optional.empty()),
                Optional.of(PassResult.of(PassKind.READ, List.of(reads), Set.of())),
                Optional.of(PassResult.of(PassKind.WRITE, List.of(writes), Set.of())),
                List.of(CpuUsage.measured(150_000_000L, 420_000_000L, 1_200_000_000L, 1_200,
                        "/proc/self/stat utime and stime, 10 ms ticks", Optional.empty())),
                Set.of(Warning.QUEUE_DEPTH_RUN_AS_THREADS), STARTED.plusSeconds(10));
    }

    /**
     * randread 4 KiB on libaio, QD8 T1, 1 s time-based, 1 run: each of its 800 reads with its
     * slat (a system call shared by its batch: 2 to 9.9 us) and clat (80 to 160 us), lat their
     * sum, as the engine records them.
     */
    static WorkloadReport asyncWorkload() {
        WorkloadParameters p = new WorkloadParameters(AccessPattern.RANDOM, 100,
                DataSize.ofKibibytes(4), DataSize.ofMebibytes(64), new RunLength(OptionalLong.empty(), Optional.of(Duration.ofSeconds(1)), Duration.ZERO, Optional.empty()), 1, 8, 7, 1, IoMode.DEFAULT,
                Recording.timeline(Duration.ofMillis(500)), true, 0, Optional.empty());
        int n = 800;
        long[] slat = new long[n];
        long[] clat = new long[n];
        long[] lat = new long[n];
        for (int i = 0; i < n; i++) {
            slat[i] = 2_000 + (i % 80) * 100;
            clat[i] = 80_000 + (i * 37 % 800) * 100;
            lat[i] = slat[i] + clat[i];
        }
        Sample reads = Sample.of(1, n * 4096L, 1_000 * MS, n,
                new Latencies(latency(lat), latency(slat), latency(clat)),
                timeline(500 * MS, new long[][] {{0, 500 * MS, 390 * 4096L, 390},
                    {500 * MS, 1_000 * MS, 410 * 4096L, 410}}));
        return new WorkloadReport(sdCardTarget(), p, backend(),
                new EngineInfo(IoEngine.LIBAIO, Optional.of(IoEngine.LIBAIO), 1, 8,
                        Optional.of("completions reaped from the ring in user space"), Optional.empty(),
                        Optional.of(new InFlight(8, 7.6, 8, OptionalDouble.of(0.35)))),
                Optional.of(PassResult.of(PassKind.READ, List.of(reads), Set.of())),
                Optional.empty(),
                List.of(CpuUsage.measured(50_000_000L, 120_000_000L, 1_000_000_000L, 800,
                        "/proc/self/stat utime and stime, 10 ms ticks", Optional.empty())),
                Set.of(), STARTED.plusSeconds(20));
    }

    /** A preset pair: RND4K Q1T1 read and write, 1 run each. */
    static WorkloadTable presetTable() {
        List<WorkloadTable.Row> rows = new ArrayList<>();
        for (int readPercent : new int[] {100, 0}) {
            WorkloadParameters p = new WorkloadParameters(AccessPattern.RANDOM, readPercent,
                    DataSize.ofKibibytes(4), DataSize.ofMebibytes(64), new RunLength(OptionalLong.of(2000), Optional.empty(), Duration.ZERO, Optional.empty()), 1, 1, 0, 1, IoMode.DEFAULT, Recording.timeline(Duration.ofMillis(500)),
                    true, 0, Optional.empty());
            boolean read = readPercent == 100;
            long elapsed = read ? 800 * MS : 1_600 * MS;
            Sample s = Sample.of(1, 2000 * 4096L, elapsed, 2000,
                    spread(2000, read ? 350_000 : 700_000, read ? 50 : 110),
                    timeline(500 * MS, read
                            ? new long[][] {{0, 500 * MS, 1250 * 4096L, 1250},
                                {500 * MS, 800 * MS, 750 * 4096L, 750}}
                            : new long[][] {{0, 500 * MS, 650 * 4096L, 650},
                                {500 * MS, 1_000 * MS, 600 * 4096L, 600},
                                {1_000 * MS, 1_600 * MS, 750 * 4096L, 750}}));
            PassResult pass = PassResult.of(read ? PassKind.READ : PassKind.WRITE, List.of(s),
                    Set.of());
            rows.add(new WorkloadTable.Row("RND4K Q1T1 " + (read ? "read" : "write"),
                    new WorkloadReport(sdCardTarget(), p, backend(),
                    new EngineInfo(IoEngine.PSYNC, Optional.empty(), 1, 1, Optional.empty(), Optional.empty(),
                            Optional.empty()),
                    read ? Optional.of(pass) : Optional.empty(),
                    read ? Optional.empty() : Optional.of(pass), List.of(), Set.of(),
                    STARTED.plusSeconds(read ? 20 : 30))));
        }
        return WorkloadTable.of(rows);
    }

    /**
     * The sequential fixture read back from a medium that wraps at 64 MiB: the second read run
     * lost 8 MiB, first at offset 8388608, holding the data of offset 0; the first write run fell
     * off a cache cliff after 8 MiB.
     */
    /**
     * The sequential report with the rate findings of a pass: run 1's buffered write past the
     * page cache's dirty limit and stalled for 2 s at 32 MiB, run 2's read falling 10x at 64 MiB.
     */
    static SpeedReport sequentialWithRateFindings() {
        SpeedReport r = sequential();
        List<Sample> writes = new ArrayList<>(r.write().samples());
        writes.set(0, writes.get(0).withCacheCliff(Optional.of(new CacheCliff(new RateDrop(
                12 * DataSize.MEBIBYTE, 5 * MS, 2.4e9, 16e6), CacheCliff.Cause.PAGE_CACHE)))
                .withStall(Optional.of(new Stall(2_000 * MS, 356 * MS, 32 * DataSize.MEBIBYTE,
                        25 * MS, 2_010 * MS))));
        List<Sample> reads = new ArrayList<>(r.read().samples());
        reads.set(1, reads.get(1).withRateDrop(Optional.of(new RateDrop(64 * DataSize.MEBIBYTE,
                2_000 * MS, 33.5e6, 3.35e6))));
        return new SpeedReport(r.target(), r.parameters(), r.backend(),
                PassResult.of(PassKind.WRITE, writes, Set.of(Warning.PAGE_CACHE_DIRTY_LIMIT,
                        Warning.WRITE_STALL)),
                PassResult.of(PassKind.READ, reads, Set.of(Warning.READ_RATE_DROP)),
                Optional.empty(), r.startedAt(), r.warmUpWrite(), 0);
    }

    static SpeedReport sequentialWithLoss() {
        SpeedReport r = sequential();
        List<Sample> writes = new ArrayList<>(r.write().samples());
        writes.set(0, writes.get(0).withCacheCliff(Optional.of(
                new CacheCliff(new RateDrop(8 * DataSize.MEBIBYTE, 250 * MS, 33_554_432, 9_000_000),
                        CacheCliff.Cause.DRIVE_WRITE_CACHE))));
        List<Sample> reads = new ArrayList<>(r.read().samples());
        reads.set(0, reads.get(0).withVerification(new Verification(16 * DataSize.MEBIBYTE, 0,
                Optional.empty(), Map.of())));
        reads.set(1, reads.get(1).withVerification(new Verification(16 * DataSize.MEBIBYTE,
                8 * DataSize.MEBIBYTE, Optional.of(new FirstLoss(8 * DataSize.MEBIBYTE,
                DataLossKind.ALIASED, OptionalLong.of(0))),
                Map.of(DataLossKind.ALIASED, 8 * DataSize.MEBIBYTE))));
        return new SpeedReport(r.target(), r.parameters(), r.backend(),
                PassResult.of(PassKind.WRITE, writes, Set.of(Warning.DATA_LOSS,
                        Warning.WRITE_CACHE_CLIFF)),
                PassResult.of(PassKind.READ, reads, Set.of(Warning.DATA_LOSS)), Optional.empty(),
                STARTED, r.warmUpWrite(), 1);
    }

    /** A sustained write of 1 MiB blocks: 96 MiB at 200 MB/s, then 10 MB/s. */
    static SustainedReport sustained() {
        long block = DataSize.MEBIBYTE;
        Sample write = Sample.of(1, 256 * block, 17_250 * MS, 256, spread(256, 5 * MS, 400_000),
                timeline(500 * MS, new long[][] {{0, 500 * MS, 96 * block, 96},
                    {500 * MS, 17_250 * MS, 160 * block, 160}}))
                .withAccounting(CacheHandling.DIRECT_IO, Optional.empty())
                .withCacheCliff(Optional.of(new CacheCliff(new RateDrop(96 * block, 503 * MS, 200e6, 10e6),
                        CacheCliff.Cause.DRIVE_WRITE_CACHE)));
        return new SustainedReport(sdCardTarget(), new SustainedParameters(
                DataSize.ofMebibytes(1), Optional.empty(), Duration.ofSeconds(120),
                Duration.ofSeconds(10), Duration.ZERO, true), backend(), write,
                SustainedReport.Stop.STEADY_AFTER_DROP, Set.of(Warning.WRITE_CACHE_CLIFF),
                STARTED.plusSeconds(40));
    }

    /** A capacity check of 256 MiB on a card that keeps 64 MiB: the rest aliased. */
    static CapacityCheckReport capacityCheck() {
        long mib = DataSize.MEBIBYTE;
        Verification v = new Verification(256 * mib, 192 * mib, Optional.of(new FirstLoss(
                64 * mib, DataLossKind.ALIASED, OptionalLong.of(192 * mib))),
                Map.of(DataLossKind.ALIASED, 192 * mib));
        return new CapacityCheckReport(sdCardTarget(), new CapacityParameters(
                Optional.of(DataSize.ofMebibytes(256)), Optional.empty(), true), backend(),
                new CapacityCheckReport.Fill(256 * mib, DataSize.GIBIBYTE, 1, true, 25_600 * MS,
                        CapacityCheckReport.Stop.SIZE),
                new CapacityCheckReport.ReadBack(v, 12_800 * MS, CacheHandling.DIRECT_IO, 0),
                38_500 * MS, STARTED.plusSeconds(50));
    }

    /** The probe of a 256 MiB stick that wraps at 100 MiB. */
    static CapacityProbeReport capacityProbe() {
        long mib = DataSize.MEBIBYTE;
        return new CapacityProbeReport(new DeviceInfo(Path.of("/dev/sdc"), Optional.empty(),
                256 * mib, 512, Set.of()), new CapacityProbeParameters(false,
                DataSize.ofMebibytes(64)), backend(),
                100 * mib, MediumKind.WRAP, OptionalLong.of(100 * mib), new CapacityProbeReport.Loss(
                        Optional.of(new FirstLoss(100 * mib, DataLossKind.ALIASED,
                                OptionalLong.of(0))), OptionalLong.empty(),
                        List.of(new CapacityProbeReport.BadRange(100 * mib, 156 * mib))),
                new CapacityProbeReport.Effort(4096, 2 * mib, 2 * mib, 1, 290 * MS),
                STARTED.plusSeconds(60), 64 * mib,
                Optional.of(new CacheEstimate(16 * mib, 4096, 64 * mib)));
    }
}
