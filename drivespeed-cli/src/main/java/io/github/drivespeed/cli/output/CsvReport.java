package io.github.drivespeed.cli.output;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.report.engine.CpuUsage;
import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.view.ReportView;
import io.github.drivespeed.parameters.Settings;
import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.DeviceInfo;
import io.github.drivespeed.target.Target;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Writes {@link Results} as CSV (RFC 4180, through jackson-dataformat-csv: a header line, then one
 * row per job and direction, {@code \n} line ends, fields quoted where they need it). Column names
 * are the JSON keys of {@link JsonReport}, flattened ({@code clat_ns_p99.000000} is
 * {@code clat_ns.percentile["99.000000"]}; {@code slat_ns} and {@code lat_ns} without their
 * percentiles); the README lists them. Same units and rules as the JSON:
 * raw units, an empty field where a figure could not be computed, the same text in every locale.
 * With no job ({@code --probe}) it writes one row describing the target instead.
 */
public final class CsvReport {

    /** The columns of a measurement row, in order. */
    public static final List<String> COLUMNS;
    /** The columns of the probe row, in order. */
    public static final List<String> PROBE_COLUMNS = List.of("directory", "fs_type", "fs_source",
            "fs_block_size_bytes", "total_space_bytes", "usable_space_bytes", "mount_point",
            "mount_options", "device", "device_kind", "disks", "model", "transport", "rotational",
            "logical_block_size_bytes", "physical_block_size_bytes", "link",
            "link_ceiling_bytes_per_second", "warnings");

    static {
        List<String> c = new ArrayList<>(List.of("jobname", "kind", "direction", "rw", "bs_bytes",
                "iodepth", "numjobs", "runs", "direct", "io_bytes", "runtime_ns", "bw_bytes",
                "bw_bytes_median", "bw_bytes_min", "bw_bytes_max", "bw_bytes_mean",
                "bw_bytes_stddev", "total_ios", "iops", "iops_median", "clat_ns_min",
                "clat_ns_max", "clat_ns_mean", "clat_ns_stddev", "clat_ns_N"));
        for (double p : LatencyStats.FIO_PERCENTILES) {
            c.add("clat_ns_p" + JsonReport.percentileKey(p));
        }
        for (String l : List.of("slat_ns", "lat_ns")) {
            for (String f : List.of("min", "max", "mean", "stddev", "N")) {
                c.add(l + "_" + f);
            }
        }
        c.addAll(List.of("warnings", "directory", "fs_type", "device", "backend", "started_at",
                "ioengine", "cpu_usr_ns_per_io", "cpu_sys_ns_per_io", "usr_cpu", "sys_cpu"));
        c.addAll(GenuineCsv.COLUMNS);
        COLUMNS = List.copyOf(c);
    }

    private static final CsvMapper MAPPER = new CsvMapper();

    private CsvReport() {
    }

    /**
     * Writes the header and the rows.
     *
     * @param results what to write
     * @param out where to; not closed
     * @throws IOException if writing fails
     */
    public static void write(Results results, Writer out) throws IOException {
        boolean probe = results.jobs().isEmpty();
        write(probe ? PROBE_COLUMNS : COLUMNS,
                probe ? List.of(probeRow(results.target().orElseThrow())) : rows(results), out);
    }

    private static void write(List<String> columns, List<List<String>> rows, Writer out)
            throws IOException {
        CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true).setLineSeparator("\n");
        for (String column : columns) {
            schema.addColumn(column);
        }
        try (SequenceWriter w = MAPPER.writer(schema.build())
                .with(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING)
                .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValues(out)) {
            for (List<String> row : rows) {
                w.write(row);
            }
        }
        out.flush();
    }

    private static List<List<String>> rows(Results results) {
        List<List<String>> rows = new ArrayList<>();
        for (Results.Job job : results.jobs()) {
            rows.addAll(job.report().accept(new CsvJob(job.name())));
        }
        return rows;
    }

    /**
     * What the rows of one job share, read from its report's
     * {@linkplain ReportView#of(io.github.drivespeed.report.Report) view}: the settings
     * {@code rw} and {@code ioengine} (empty where the kind has none), {@code bs},
     * {@code iodepth}, {@code numjobs} and {@code runs} (1 where the kind has none: one pass, one
     * thread, one I/O in flight) and {@code direct}; {@code directory}, {@code fsType} and
     * {@code device} are the target's (for a block device: the device node, empty, its kernel
     * name); the CPU time is the job's, both directions together, where it was read.
     */
    record Common(String jobname, String kind, String rw, long blockBytes, long iodepth,
            long numjobs, long runs, boolean direct, Collection<Warning> warnings,
            String directory, String fsType, String device, String backend, String startedAt,
            String ioengine, Optional<CpuUsage> cpu) {

        static Common of(String jobname, ReportView view) {
            Settings s = view.settings();
            Target t = view.target();
            String directory = t instanceof TargetInfo dir ? dir.directory().toString()
                    : t.path().toString();
            String fsType = t instanceof TargetInfo dir ? dir.fileSystemType() : "";
            Optional<BlockDevice> device = t instanceof TargetInfo dir ? dir.blockDevice()
                    : ((DeviceInfo) t).blockDevice();
            return new Common(jobname, view.kind().text(), s.text("rw").orElse(""),
                    s.size("bs").orElseThrow().bytes(), s.count("iodepth").orElse(1),
                    s.count("numjobs").orElse(1), s.count("runs").orElse(1),
                    s.flag("direct").orElseThrow(), view.warnings(), directory, fsType,
                    device.map(BlockDevice::sysfsName).orElse(""), view.backend().name(),
                    view.startedAt().toString(), s.text("ioengine").orElse(""), view.cpu());
        }
    }

    static List<String> row(Common c, String direction, PassResult p) {
        List<String> r = new ArrayList<>(COLUMNS.size());
        LatencyStats l = p.completionLatency();
        long runtime = p.samples().stream().mapToLong(s -> s.elapsedNanos()).sum();
        r.add(c.jobname());
        r.add(c.kind());
        r.add(direction);
        r.add(c.rw());
        r.add(Long.toString(c.blockBytes()));
        r.add(Long.toString(c.iodepth()));
        r.add(Long.toString(c.numjobs()));
        r.add(Long.toString(c.runs()));
        r.add(Boolean.toString(c.direct()));
        r.add(Long.toString(p.totalBytes()));
        r.add(Long.toString(runtime));
        r.add(Numbers.wholeText(p.overall().bytesPerSecond()));
        r.add(Numbers.wholeText(p.median().bytesPerSecond()));
        r.add(Numbers.wholeText(p.min().bytesPerSecond()));
        r.add(Numbers.wholeText(p.max().bytesPerSecond()));
        r.add(Numbers.wholeText(p.mean().bytesPerSecond()));
        r.add(Numbers.wholeText(p.standardDeviation().bytesPerSecond()));
        r.add(Long.toString(p.totalIos()));
        r.add(Numbers.sixDecimalsText(p.totalIos() == 0 ? Double.NaN : p.overallIops()));
        r.add(Numbers.sixDecimalsText(p.totalIos() == 0 ? Double.NaN : p.medianIops()));
        latency(r, l);
        for (double pct : LatencyStats.FIO_PERCENTILES) {
            r.add(l.count() == 0 ? "" : Long.toString(l.percentileNanos(pct)));
        }
        latency(r, p.submissionLatency());
        latency(r, p.latency());
        r.add(names(c.warnings()));
        r.add(c.directory());
        r.add(c.fsType());
        r.add(c.device());
        r.add(c.backend());
        r.add(c.startedAt());
        r.add(c.ioengine());
        r.add(c.cpu().map(u -> Numbers.sixDecimalsText(u.userNanosPerIo())).orElse(""));
        r.add(c.cpu().map(u -> Numbers.sixDecimalsText(u.systemNanosPerIo())).orElse(""));
        r.add(c.cpu().map(u -> Numbers.sixDecimalsText(u.userPercent())).orElse(""));
        r.add(c.cpu().map(u -> Numbers.sixDecimalsText(u.systemPercent())).orElse(""));
        GenuineCsv.pass(r, p);
        return r;
    }

    /** min, max, mean, stddev and N of one latency; empty fields where not measured. */
    private static void latency(List<String> r, LatencyStats l) {
        r.add(l.count() == 0 ? "" : Long.toString(l.minNanos()));
        r.add(l.count() == 0 ? "" : Long.toString(l.maxNanos()));
        r.add(Numbers.sixDecimalsText(l.meanNanos()));
        r.add(Numbers.sixDecimalsText(l.standardDeviationNanos()));
        r.add(Long.toString(l.count()));
    }

    private static List<String> probeRow(TargetInfo t) {
        Optional<BlockDevice> disk = t.wholeDisks().size() == 1
                ? Optional.of(t.wholeDisks().get(0)) : Optional.empty();
        List<String> r = new ArrayList<>();
        r.add(t.directory().toString());
        r.add(t.fileSystemType());
        r.add(t.fileSystemSource());
        r.add(Long.toString(t.fileSystemBlockSizeBytes()));
        r.add(Long.toString(t.totalSpaceBytes()));
        r.add(Long.toString(t.usableSpaceBytes()));
        r.add(t.mount().map(m -> m.mountPoint().toString()).orElse(""));
        r.add(t.mount().map(m -> String.join(",", m.options())).orElse(""));
        r.add(t.blockDevice().map(BlockDevice::sysfsName).orElse(""));
        r.add(t.blockDevice().map(d -> d.kind().name().toLowerCase(java.util.Locale.ROOT)).orElse(""));
        r.add(t.wholeDisks().stream().map(BlockDevice::sysfsName).collect(Collectors.joining(";")));
        r.add(disk.flatMap(BlockDevice::model).orElse(""));
        r.add(disk.flatMap(BlockDevice::transport).orElse(""));
        r.add(disk.flatMap(BlockDevice::rotational).map(String::valueOf).orElse(""));
        r.add(disk.map(d -> d.logicalBlockBytes().isPresent()
                ? Long.toString(d.logicalBlockBytes().getAsLong()) : "").orElse(""));
        r.add(disk.map(d -> d.physicalBlockBytes().isPresent()
                ? Long.toString(d.physicalBlockBytes().getAsLong()) : "").orElse(""));
        r.add(t.link().map(l -> l.description()).orElse(""));
        r.add(t.link().map(l -> Numbers.wholeText(l.ceiling().bytesPerSecond())).orElse(""));
        r.add(names(t.warnings()));
        return r;
    }

    /** Warning names joined by {@code ;}, in declaration order. */
    static String names(Collection<Warning> warnings) {
        return warnings.stream().sorted().map(Warning::name).collect(Collectors.joining(";"));
    }
}
