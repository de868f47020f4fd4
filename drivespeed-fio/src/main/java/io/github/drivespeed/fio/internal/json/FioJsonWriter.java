package io.github.drivespeed.fio.internal.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.report.Report;
import java.io.IOException;
import java.io.Writer;
import java.time.Clock;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Writes drivespeed's results as fio writes {@code --output-format=json} or {@code json+}, so that
 * fio's consumers (fio_jsonplus_clat2csv, fio-plot, dashboards, jq scripts) read them unchanged:
 * the layout of {@value FioLayout#FIO_RELEASE} (and the few keys fio 3.42 added), fio's units
 * (bandwidth in KiB/s in {@code bw}, bytes/s in {@code bw_bytes}, runtime in ms, latencies in ns)
 * and fio's arithmetic. Every key of fio's layout is present; those drivespeed cannot fill carry
 * fio's zero and are listed under {@code drivespeed.placeholders} (and in
 * {@code docs/fio-json.md}). {@code "fio version"} is fio's release, then drivespeed and its
 * version ({@code fio-3.33-drivespeed-0.1.0}, as {@code --version} answers started as fio). Given one
 * ({@link #withOwnReport}), drivespeed's own document ({@code --json}: target, warnings,
 * verification, cache handling, backend) is the one extra object {@code drivespeed.report},
 * which fio's consumers ignore.
 *
 * <p>For an embedding application: {@code FioJsonWriter.json("drivespeed 1.0").write(report,
 * writer)} with a {@link Report} (a workload or a sequential test has fio jobs), or
 * {@link #toTree} for the Jackson tree. Instances are immutable and thread-safe.
 */
public final class FioJsonWriter {

    /** The fio release whose JSON layout this writes, as fio's {@code --version} names it. */
    public static final String FIO_RELEASE = FioLayout.FIO_RELEASE;

    private static final ObjectWriter WRITER = new ObjectMapper()
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            .writerWithDefaultPrettyPrinter()
            .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    /** fio's {@code ctime_r} form: {@code Tue Dec  1 14:16:17 2026}. */
    private static final DateTimeFormatter CTIME =
            DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.ROOT);

    private final boolean plus;
    private final String generator;
    private final Clock clock;
    private final Optional<Function<Results, JsonNode>> ownReport;

    private FioJsonWriter(boolean plus, String generator, Clock clock,
            Optional<Function<Results, JsonNode>> ownReport) {
        this.plus = plus;
        this.generator = Objects.requireNonNull(generator, "generator");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.ownReport = ownReport;
    }

    /**
     * {@return a writer of fio's {@code json}}
     *
     * @param generator the program and version, for example {@code drivespeed 0.1.0}; written as
     *     {@code "fio version": "fio-3.33-drivespeed-0.1.0"}
     */
    public static FioJsonWriter json(String generator) {
        return new FioJsonWriter(false, generator, Clock.systemDefaultZone(), Optional.empty());
    }

    /**
     * {@return a writer of fio's {@code json+} (with the latency bins)}
     *
     * @param generator the program and version
     */
    public static FioJsonWriter jsonPlus(String generator) {
        return new FioJsonWriter(true, generator, Clock.systemDefaultZone(), Optional.empty());
    }

    /**
     * {@return a writer of fio's {@code json} or {@code json+}}
     *
     * @param format {@link FioOutputFormat#JSON} or {@link FioOutputFormat#JSON_PLUS}
     * @param generator the program and version
     * @throws IllegalArgumentException for {@link FioOutputFormat#NORMAL}, which is text
     */
    public static FioJsonWriter of(FioOutputFormat format, String generator) {
        if (format == FioOutputFormat.NORMAL) {
            throw new IllegalArgumentException("--output-format=normal is text, not JSON");
        }
        return new FioJsonWriter(format == FioOutputFormat.JSON_PLUS, generator,
                Clock.systemDefaultZone(), Optional.empty());
    }

    /**
     * {@return this writer with that clock}
     *
     * @param c where {@code timestamp} and {@code time} come from (the moment of writing, as fio;
     *     {@code time} in the clock's zone)
     */
    public FioJsonWriter withClock(Clock c) {
        return new FioJsonWriter(plus, generator, c, ownReport);
    }

    /**
     * {@return this writer with drivespeed's own document of the results, as
     * {@code drivespeed.report}}
     *
     * @param report makes drivespeed's document of the results (its {@code --json})
     */
    public FioJsonWriter withOwnReport(Function<Results, JsonNode> report) {
        return new FioJsonWriter(plus, generator, clock, Optional.of(report));
    }

    /**
     * {@return fio's JSON document of what was measured: one job per workload, two per sequential
     * test}
     *
     * @param results what was measured; its workloads and sequential tests become fio jobs
     */
    public ObjectNode toTree(Results results) {
        List<FioJobSource> jobs = FioJobSource.of(results);
        ObjectNode doc = FioNodes.object();
        Instant now = clock.instant();
        doc.put("fio version", FIO_RELEASE + "-" + generator.replaceFirst(" ", "-"));
        doc.put("timestamp", now.getEpochSecond());
        doc.put("timestamp_ms", now.toEpochMilli());
        doc.put("time", CTIME.format(ZonedDateTime.ofInstant(now, clock.getZone())));
        if (results.fio().isPresent()) {
            // as fio: the global options as written, and no such key when none were given
            Map<String, String> given = results.fio().get().globalOptions();
            if (!given.isEmpty()) {
                ObjectNode global = doc.putObject("global options");
                given.forEach(global::put);
            }
        } else {
            ObjectNode global = doc.putObject("global options");
            results.target().ifPresent(t -> global.put("directory", t.directory().toString()));
        }
        ArrayNode array = doc.putArray("jobs");
        Map<Integer, long[]> groupBandwidth = FioJobSource.groupBandwidth(jobs);
        for (FioJobSource job : jobs) {
            array.add(FioJobNode.of(job, groupBandwidth.get(job.groupId()), plus));
        }
        doc.set("disk_util", FioDiskUtil.of(jobs));
        ObjectNode own = doc.putObject("drivespeed");
        own.put("fio_layout", FioLayout.FIO_RELEASE);
        ArrayNode placeholders = own.putArray("placeholders");
        FioLayout.PLACEHOLDERS.forEach(placeholders::add);
        if (jobs.stream().anyMatch(j -> j.ioThreads().isEmpty())) {
            FioLayout.THREAD_PLACEHOLDERS.forEach(placeholders::add);
        }
        if (jobs.stream().anyMatch(j -> j.usrCpuPercent().isEmpty()
                || j.sysCpuPercent().isEmpty())) {
            FioLayout.CPU_PLACEHOLDERS.forEach(placeholders::add);
        }
        if (jobs.stream().anyMatch(FioJobSource::async)) {
            FioLayout.ASYNC_PLACEHOLDERS.forEach(placeholders::add);
        }
        if (jobs.stream().anyMatch(FioJobSource::unsplit)) {
            FioLayout.UNSPLIT_PLACEHOLDERS.forEach(placeholders::add);
        }
        ownReport.ifPresent(r -> own.set("report", r.apply(results)));
        return doc;
    }

    /**
     * Writes the document, then a newline.
     *
     * @param results what was measured
     * @param out where to; flushed, not closed
     * @throws IOException if writing fails
     */
    public void write(Results results, Writer out) throws IOException {
        WRITER.writeValue(out, toTree(results));
        out.write('\n');
        out.flush();
    }

    /**
     * Writes fio's document of one report, then a newline.
     *
     * @param report one report: a workload is one fio job (named as
     *     {@link Results.Job#defaultName(Report)} names it), a sequential test two,
     *     {@code sequential-write} and {@code sequential-read}; other kinds have none and are in
     *     the {@code drivespeed} object only
     * @param out where to; flushed, not closed
     * @throws IOException if writing fails
     */
    public void write(Report report, Writer out) throws IOException {
        write(Results.of(report), out);
    }
}
