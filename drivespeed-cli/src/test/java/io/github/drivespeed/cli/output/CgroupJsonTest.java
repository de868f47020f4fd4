package io.github.drivespeed.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.requirement.StorageRequirement;
import io.github.drivespeed.target.CgroupLimits;
import io.github.drivespeed.target.CgroupVersion;
import io.github.drivespeed.target.DeviceNumber;
import io.github.drivespeed.target.IoLimit;
import io.github.drivespeed.target.MemoryLimit;
import io.github.drivespeed.target.TargetInfo;
import java.io.StringWriter;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The cgroup's limits and the figures at a cap in {@code --json}: the target's
 * {@code cgroup_limits}, a job's {@code io_limits_reached}, a requirement result's
 * {@code cgroup_limit}, each with its numbers, and the document valid against the schema.
 */
class CgroupJsonTest {

    private static final IoLimit WRITE_CAP = new IoLimit(new DeviceNumber(8, 16), "sdb",
            IoLimit.Direction.WRITE, IoLimit.Kind.BANDWIDTH, 15_000_000, CgroupVersion.V2,
            "/system.slice/recorder.service");
    private static final IoLimit READ_IOPS = new IoLimit(new DeviceNumber(8, 16), "sdb",
            IoLimit.Direction.READ, IoLimit.Kind.IOPS, 2000, CgroupVersion.V2, "/system.slice");

    /** The golden sequential test, on the SD card, under a write cap of 15 MB/s. */
    private static SpeedReport capped() {
        SpeedReport s = ReportFixtures.sequential();
        TargetInfo t = s.target();
        TargetInfo limited = TargetInfo.builder(t.directory()).fileSystemType(t.fileSystemType())
                .fileSystemSource(t.fileSystemSource()).mount(t.mount().orElseThrow())
                .device(t.blockDevice().orElseThrow()).warnings(t.warnings())
                .cgroupLimits(new CgroupLimits(List.of(READ_IOPS, WRITE_CAP),
                        Optional.of(new MemoryLimit(512L << 20, 100L << 20, 20L << 20,
                                CgroupVersion.V2, "/system.slice"))))
                .build();
        return new SpeedReport(limited, s.parameters(), s.backend(), s.write(), s.read(),
                s.cachedRead(), s.startedAt(), s.warmUpWrite(), s.closeFailuresAfterLoss());
    }

    @Test
    void theLimitsTheFiguresAtACapAndTheFailedRequirementCarryTheirNumbers() throws Exception {
        SpeedReport r = capped();
        Results results = Results.of(r).with(StorageRequirement.parse("write=20MB/s").check(r));
        StringWriter out = new StringWriter();
        JsonReport.write(results, "drivespeed test", out);

        assertThat(OutputSchema.violations(out.toString())).isEmpty();
        JsonNode doc = OutputSchema.read(out.toString());
        JsonNode io = doc.path("target").path("cgroup_limits").path("io");
        assertThat(io).hasSize(2);
        assertThat(io.get(1).path("direction").asText()).isEqualTo("write");
        assertThat(io.get(1).path("bytes_per_second").asLong()).isEqualTo(15_000_000);
        assertThat(io.get(1).path("ios_per_second").isNull()).isTrue();
        assertThat(io.get(1).path("device_number").asText()).isEqualTo("8:16");
        assertThat(io.get(1).path("cgroup").asText()).isEqualTo("/system.slice/recorder.service");
        assertThat(io.get(1).path("file").asText()).isEqualTo("io.max wbps");
        assertThat(io.get(0).path("ios_per_second").asLong()).isEqualTo(2000);
        JsonNode memory = doc.path("target").path("cgroup_limits").path("memory");
        assertThat(memory.path("left_bytes").asLong()).isEqualTo(432L << 20);
        assertThat(memory.path("file").asText()).isEqualTo("memory.max");

        JsonNode reached = doc.path("jobs").get(0).path("io_limits_reached");
        assertThat(reached).hasSize(1);
        assertThat(reached.get(0).path("figure").asText()).isEqualTo("median");
        assertThat(reached.get(0).path("bytes_per_second").asLong())
                .isEqualTo(Math.round(r.write().median().bytesPerSecond()));
        assertThat(reached.get(0).path("ratio").asDouble()).isGreaterThanOrEqualTo(0.9);
        assertThat(reached.get(0).path("limit").path("bytes_per_second").asLong())
                .isEqualTo(15_000_000);
        assertThat(doc.path("jobs").get(0).path("warnings").toString())
                .contains("CGROUP_IO_LIMIT");
        JsonNode result = doc.path("requirement").path("results").get(0);
        assertThat(result.path("status").asText()).isEqualTo("failed");
        assertThat(result.path("cgroup_limit").path("bytes_per_second").asLong())
                .isEqualTo(15_000_000);
    }
}
