package io.github.drivespeed.cli.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.drivespeed.cli.output.fio.FioKeyPaths;
import io.github.drivespeed.cli.output.fio.FioTools;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.report.engine.EngineInfo;
import io.github.drivespeed.report.FioLatencyBins;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.WorkloadTable;
import io.github.drivespeed.testing.Privileged;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fio's JSON from fixed reports: fio 3.33's own layout (a json+ that fio wrote on this machine,
 * {@code src/test/resources/fio}) key by key, fio's arithmetic, the bins, and fio's own
 * {@code fio_jsonplus_clat2csv} reading the result.
 */
class FioJsonTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-01T14:16:17Z"),
            ZoneOffset.UTC);

    private static JsonNode fio(String name) throws IOException {
        return MAPPER.readTree(Path.of("src/test/resources/fio", name).toFile());
    }

    private static ObjectNode plus(Results r) {
        return FioJsonOutput.jsonPlus("drivespeed 9.9").withClock(CLOCK).toTree(r);
    }

    @Test
    void jobsThatRanAtOnceShareTheirGroupAndItsAggregateRate() {
        WorkloadReport w = ReportFixtures.mixedWorkload();
        ObjectNode alone = plus(Results.of(w));
        ObjectNode both = plus(Results.probe(w.target()).andGroup(
                WorkloadTable.of(List.of(new WorkloadTable.Row("a", w), new WorkloadTable.Row("b", w)))));
        ObjectNode apart = plus(Results.of(w).and(w));
        assertThat(both.path("jobs")).hasSize(2).allSatisfy(j -> assertThat(
                j.path("groupid").asInt()).isZero());
        assertThat(apart.path("jobs").get(1).path("groupid").asInt()).isEqualTo(1);
        // fio's bw_agg: the job's mean over the group's aggregate; two equal jobs, half each
        double own = alone.path("jobs").get(0).path("read").path("bw_agg").asDouble();
        assertThat(own).isPositive();
        for (JsonNode j : both.path("jobs")) {
            assertThat(j.path("read").path("bw_agg").asDouble()).isCloseTo(own / 2,
                    within(own * 1e-6));
            assertThat(j.path("write").path("bw_agg").asDouble()).isPositive();
        }
        assertThat(apart.path("jobs").get(1).path("read").path("bw_agg").asDouble())
                .isCloseTo(own, within(own * 1e-6));
    }

    @Test
    void everyKeyPathOfFiosJsonIsPresentWithTheSameType() throws IOException {
        ObjectNode fio = (ObjectNode) fio("fio-3.33-randrw-psync.json+");
        assertThat(fio.get("disk_util")).isNotEmpty();
        fio.remove("disk_util"); // the fixture has no device counters; the loop-device test has
        ObjectNode ours = plus(Results.of(ReportFixtures.mixedWorkload()));
        assertThat(FioKeyPaths.missingOrRetyped(fio, ours)).isEmpty();
        assertThat(ours.get("disk_util")).isEmpty();
        // and libaio's (one direction, iodepth 8)
        ObjectNode libaio = (ObjectNode) fio("fio-3.33-randread-libaio.json");
        libaio.remove("disk_util");
        assertThat(FioKeyPaths.missingOrRetyped(libaio, ours)).isEmpty();
        // the comparison can fail: a key drivespeed lacks, a type it changed
        ObjectNode broken = ours.deepCopy();
        ((ObjectNode) broken.get("jobs").get(0).get("read")).remove("bw");
        ((ObjectNode) broken.get("jobs").get(0)).put("usr_cpu", "0");
        assertThat(FioKeyPaths.missingOrRetyped(fio, broken)).containsExactly(
                ".jobs[0].read.bw: missing", ".jobs[0].usr_cpu: NUMBER in fio, STRING in drivespeed");
    }

    @Test
    void theFiguresAreFiosArithmeticInFiosUnits() {
        ObjectNode doc = FioJsonOutput.json("drivespeed 9.9").withClock(CLOCK)
                .toTree(Results.of(ReportFixtures.mixedWorkload()));
        assertThat(doc.get("fio version").asText()).isEqualTo("fio-3.33-drivespeed-9.9");
        assertThat(doc.get("timestamp").asLong()).isEqualTo(1796134577L);
        assertThat(doc.get("time").asText()).isEqualTo("Tue Dec  1 14:16:17 2026");
        JsonNode job = doc.get("jobs").get(0);
        JsonNode read = job.get("read");
        // 700 I/Os of 4 KiB in 1000 ms
        assertThat(read.get("io_bytes").asLong()).isEqualTo(2_867_200);
        assertThat(read.get("io_kbytes").asLong()).isEqualTo(2_800);
        assertThat(read.get("runtime").asLong()).isEqualTo(1_000);
        assertThat(read.get("bw_bytes").asLong()).isEqualTo(2_867_200);
        assertThat(read.get("bw").asLong()).isEqualTo(2_800);
        assertThat(read.get("iops").decimalValue()).isEqualByComparingTo("700");
        assertThat(read.get("total_ios").asLong()).isEqualTo(700);
        // two whole 500 ms intervals: 340 and 360 I/Os of 4 KiB
        assertThat(read.get("bw_samples").asLong()).isEqualTo(2);
        assertThat(read.get("bw_min").asLong()).isEqualTo(2_720);
        assertThat(read.get("bw_max").asLong()).isEqualTo(2_880);
        assertThat(read.get("iops_mean").asDouble()).isEqualTo(700.0);
        // psync: no submission latency, clat and lat the same system call
        assertThat(read.get("slat_ns").get("N").asLong()).isZero();
        assertThat(read.get("clat_ns").get("N").asLong()).isEqualTo(700);
        assertThat(read.get("lat_ns").get("mean")).isEqualTo(read.get("clat_ns").get("mean"));
        assertThat(read.get("clat_ns").has("percentile")).isTrue();
        assertThat(read.get("clat_ns").has("bins")).as("json, not json+").isFalse();
        assertThat(job.get("trim").get("io_bytes").asLong()).isZero();
        assertThat(job.get("sync").get("total_ios").asLong()).isZero();
        // 2 threads x queue depth 4 without an asynchronous queue ran as 8 psync threads
        assertThat(job.get("job options").get("numjobs").asText()).isEqualTo("8");
        assertThat(job.get("job options").get("iodepth").asText()).isEqualTo("1");
        assertThat(job.get("job options").get("bs").asText()).isEqualTo("4096");
        assertThat(job.get("iodepth_level").get("1").asDouble()).isEqualTo(100.0);
        assertThat(doc.get("drivespeed").get("report").get("schema_version").asInt())
                .isEqualTo(JsonReport.SCHEMA_VERSION);
        // the fixture's process CPU times: 150 ms user, 420 ms system over 1.2 s
        assertThat(job.get("usr_cpu").decimalValue()).isEqualByComparingTo("12.5");
        assertThat(job.get("sys_cpu").decimalValue()).isEqualByComparingTo("35");
        assertThat(doc.get("drivespeed").get("placeholders").toString())
                .contains(".jobs[].ctx").doesNotContain("clat_ns").doesNotContain("usr_cpu");
    }

    @Test
    void jsonPlusBinsAreKeysOfFiosMappingAndCountEveryIo() {
        ObjectNode doc = plus(Results.of(ReportFixtures.mixedWorkload()));
        for (String dir : List.of("read", "write")) {
            JsonNode d = doc.get("jobs").get(0).get(dir);
            JsonNode bins = d.get("clat_ns").get("bins");
            long sum = 0;
            for (Iterator<Map.Entry<String, JsonNode>> it = bins.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                long key = Long.parseLong(e.getKey());
                assertThat(FioLatencyBins.indexToValueNanos(FioLatencyBins.valueToIndex(key))).isEqualTo(key);
                sum += e.getValue().asLong();
            }
            assertThat(sum).as(dir).isEqualTo(d.get("total_ios").asLong());
            assertThat(d.get("lat_ns").has("bins")).as("fio prints lat bins only with"
                    + " lat_percentiles").isFalse();
        }
    }

    @Test
    void anAsynchronousQueuesSlatAndClatAreTheReportsSplitAndTheBucketsCountClat() {
        ObjectNode doc = plus(Results.of(ReportFixtures.asyncWorkload()));
        JsonNode job = doc.get("jobs").get(0);
        JsonNode read = job.get("read");
        JsonNode slat = read.get("slat_ns");
        JsonNode clat = read.get("clat_ns");
        JsonNode lat = read.get("lat_ns");
        assertThat(List.of(slat, clat, lat)).allSatisfy(l -> assertThat(l.get("N").asLong())
                .isEqualTo(read.get("total_ios").asLong()).isEqualTo(800));
        // the fixture: slat 2.0 to 9.9 us, clat 80 to 159.9 us, lat their sum per I/O
        assertThat(slat.get("min").asLong()).isEqualTo(2_000);
        assertThat(clat.get("min").asLong()).isEqualTo(80_000);
        assertThat(slat.get("mean").asDouble() + clat.get("mean").asDouble())
                .isCloseTo(lat.get("mean").asDouble(), within(1e-6));
        // fio's defaults: percentiles and json+ bins on clat only
        assertThat(clat.get("percentile").get("50.000000").asLong()).isBetween(119_000L, 121_000L);
        assertThat(clat.get("bins")).isNotEmpty();
        assertThat(slat.has("percentile")).isFalse();
        assertThat(lat.has("percentile")).isFalse();
        // fio's io_u_mark_latency counts clat: a quarter under 100 us, the rest under 250 us
        JsonNode us = job.get("latency_us");
        double sum = 0;
        for (Iterator<JsonNode> it = us.elements(); it.hasNext(); ) {
            sum += it.next().asDouble();
        }
        assertThat(sum).isCloseTo(100, within(0.01));
        assertThat(us.get("100").asDouble()).isCloseTo(25, within(0.2));
        assertThat(us.get("250").asDouble()).isCloseTo(75, within(0.2));
        assertThat(doc.get("drivespeed").get("placeholders").toString())
                .contains(".jobs[].iodepth_level").doesNotContain("clat_ns")
                .doesNotContain("slat_ns").doesNotContain("latency_us");
    }

    @Test
    void anAsynchronousQueueWithoutTimedSubmissionsHasFiosLatAndLeavesClatEmpty() {
        WorkloadReport r = ReportFixtures.mixedWorkload();
        WorkloadReport async = new WorkloadReport(r.target(), r.parameters(), r.backend(),
                new EngineInfo(IoEngine.LIBAIO, Optional.empty(), 2, 4, Optional.empty(), Optional.empty(),
                        Optional.empty()),
                r.read(), r.write(), List.of(), Set.of(), r.startedAt());
        ObjectNode doc = plus(Results.of(async));
        JsonNode job = doc.get("jobs").get(0);
        JsonNode read = job.get("read");
        assertThat(read.get("clat_ns").get("N").asLong()).isZero();
        assertThat(read.get("lat_ns").get("N").asLong()).isEqualTo(700);
        assertThat(read.get("lat_ns").get("bins")).isNotEmpty();
        assertThat(job.get("job options").get("ioengine").asText()).isEqualTo("libaio");
        assertThat(job.get("job options").get("iodepth").asText()).isEqualTo("4");
        assertThat(job.get("iodepth_level").get("4").asDouble()).as("not measured").isZero();
        assertThat(doc.get("drivespeed").get("placeholders").toString())
                .contains(".jobs[].read.clat_ns", ".jobs[].latency_us", ".jobs[].usr_cpu");
        assertThat(job.get("usr_cpu").asDouble()).as("no CPU times in this report").isZero();
    }

    @Test
    void aSequentialTestIsAWriteJobThenAReadJob() {
        ObjectNode doc = plus(Results.of(ReportFixtures.sequential()));
        JsonNode jobs = doc.get("jobs");
        assertThat(jobs).hasSize(2);
        assertThat(jobs.get(0).get("jobname").asText()).isEqualTo("sequential-write");
        assertThat(jobs.get(0).get("groupid").asInt()).isZero();
        assertThat(jobs.get(0).get("read").get("io_bytes").asLong()).isZero();
        assertThat(jobs.get(0).get("write").get("io_bytes").asLong()).isPositive();
        assertThat(jobs.get(0).get("job options").get("end_fsync").asText()).isEqualTo("1");
        assertThat(jobs.get(1).get("jobname").asText()).isEqualTo("sequential-read");
        assertThat(jobs.get(1).get("groupid").asInt()).isEqualTo(1);
        assertThat(jobs.get(1).get("write").get("io_bytes").asLong()).isZero();
    }

    @Test
    void aPresetTableIsOneJobPerRowEachItsOwnGroup() {
        ObjectNode doc = plus(Results.of(ReportFixtures.presetTable()));
        JsonNode jobs = doc.get("jobs");
        assertThat(jobs).hasSize(2);
        assertThat(jobs.get(0).get("jobname").asText()).isEqualTo("RND4K Q1T1 read");
        assertThat(jobs.get(1).get("groupid").asInt()).isEqualTo(1);
        assertThat(jobs.get(0).get("job options").get("number_ios").asText()).isEqualTo("2000");
        assertThat(jobs.get(1).get("read").get("total_ios").asLong()).isZero();
        assertThat(jobs.get(1).get("write").get("total_ios").asLong()).isPositive();
    }

    @Test
    void fiosOwnClat2csvTurnsTheJsonPlusIntoRows(@TempDir Path dir) throws Exception {
        Privileged.require(FioTools.onPath("fio_jsonplus_clat2csv"),
                "fio_jsonplus_clat2csv (Debian package fio)");
        Path json = dir.resolve("ds.json");
        try (var w = Files.newBufferedWriter(json, StandardCharsets.UTF_8)) {
            FioJsonOutput.jsonPlus("drivespeed 9.9").withClock(CLOCK)
                    .write(ReportFixtures.mixedWorkload(), w);
        }
        List<String> rows = FioTools.clat2csv(json, dir.resolve("ds.csv"));
        assertThat(rows.get(0)).startsWith("nsec, read_slat_ns_count");
        assertThat(FioTools.sumColumn(rows, 4)).as("read_clat_ns_count").isEqualTo(700);
        assertThat(FioTools.sumColumn(rows, 13)).as("write_clat_ns_count").isEqualTo(300);
    }

    @Test
    void theWriterWritesOneDocumentAndANewline() throws IOException {
        StringWriter w = new StringWriter();
        FioJsonOutput.json("drivespeed 9.9").write(ReportFixtures.mixedWorkload(), w);
        assertThat(w.toString()).endsWith("}\n");
        assertThat(MAPPER.readTree(w.toString()).get("jobs")).hasSize(1);
    }
}
