package io.github.drivespeed.cli.output;

import io.github.drivespeed.cli.chart.PassTraceRecorder;
import io.github.drivespeed.cli.chart.ThroughputChart;
import io.github.drivespeed.cli.chart.TimelineChartData;
import io.github.drivespeed.cli.options.OptionTable.Exclusion;
import io.github.drivespeed.cli.options.OutputOptions;
import io.github.drivespeed.fio.internal.json.FioOutputFormat;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.WorkloadTable;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * Where each kind of output goes, decided and checked before anything is measured: the text
 * summary to standard output, to the {@code --output} file (when none of {@code --json},
 * {@code --csv} and {@code --output-format=json|json+} is given) or nowhere ({@code --quiet}, or
 * JSON/CSV on standard output); the JSON (drivespeed's or fio's) or CSV to standard output or the
 * {@code --output} file; the chart to its file; the Prometheus metrics to the {@code --prometheus}
 * file. Closing it
 * removes the temporary files of outputs that were not written.
 */
public final class OutputRouter implements AutoCloseable {

    /** The {@code --output} name of standard output. */
    private static final String STDOUT = "-";

    /** The names of the process's own standard output, written to as {@code -} is. */
    private static final Set<String> STDOUT_NAMES = Set.of(STDOUT, "/dev/stdout", "/dev/fd/1",
            "/proc/self/fd/1");

    private final PrintWriter stdout;
    private final PrintWriter text;
    private final StringWriter textBuffer;
    private final Writer machine;
    private final OutputFile file;
    private final OutputFile chart;
    /** The sequential test's passes as recorded for the chart; null without --chart. */
    private final PassTraceRecorder traces;
    /** The {@code --prometheus} file, or null. */
    private OutputFile prometheus;
    private final boolean json;
    private final FioOutputFormat fio;
    private final boolean machineFormat;
    private final String generator;
    /** Whether an existing output file may be replaced: --overwrite, or started as fio. */
    private boolean replaces;

    private OutputRouter(PrintWriter stdout, PrintWriter text, StringWriter textBuffer,
            Writer machine, OutputFile file, OutputFile chart, boolean json, FioOutputFormat fio,
            boolean machineFormat, String generator) {
        this.stdout = stdout;
        this.text = text;
        this.textBuffer = textBuffer;
        this.machine = machine;
        this.file = file;
        this.chart = chart;
        this.traces = chart == null ? null : new PassTraceRecorder();
        this.json = json;
        this.fio = fio;
        this.machineFormat = machineFormat;
        this.generator = generator;
    }

    /**
     * How fio's own command line is read: for fio's jobs, {@code --output=-} is standard output
     * and a character device ({@code /dev/null}) is written directly; started as {@code fio}, an
     * existing {@code --output} file is also replaced, as fio replaces it.
     */
    public enum FioMeaning {
        /** drivespeed's own meaning of {@code --output}. */
        NONE,
        /** fio's jobs started as {@code drivespeed}: {@code -} and devices as fio. */
        JOBS,
        /** Started as {@code fio}: {@code -}, devices and replacing as fio. */
        FIO
    }

    /**
     * Checks the output options and the files they name (nothing is created yet).
     *
     * @param options the output options given
     * @param stdout standard output
     * @param generator the program and version the JSON names, {@code drivespeed 0.1.0}
     * @return the router
     * @throws IllegalArgumentException naming the option when an option or file cannot be used
     */
    public static OutputRouter of(OutputOptions options, PrintWriter stdout, String generator) {
        return of(options, stdout, generator, FioMeaning.NONE);
    }

    /**
     * Checks the output options and the files they name (nothing is created yet).
     *
     * @param options the output options given
     * @param stdout standard output
     * @param generator the program and version the JSON names, {@code drivespeed 0.1.0}
     * @param fioMeaning how much of fio's meaning of {@code --output} holds
     * @return the router
     * @throws IllegalArgumentException naming the option when an option or file cannot be used
     */
    public static OutputRouter of(OutputOptions options, PrintWriter stdout, String generator,
            FioMeaning fioMeaning) {
        Exclusion.JSON_CSV.check(options.json(), options.csv());
        Exclusion.JSON_OUTPUT_FORMAT.check(options.json(), options.outputFormat() != null);
        Exclusion.CSV_OUTPUT_FORMAT.check(options.csv(), options.outputFormat() != null);
        Set<FioOutputFormat> formats = options.outputFormat() == null
                ? EnumSet.of(FioOutputFormat.NORMAL)
                : FioOutputFormat.parseList(options.outputFormat());
        FioOutputFormat fio = formats.stream().filter(f -> f != FioOutputFormat.NORMAL)
                .findFirst().orElse(FioOutputFormat.NORMAL);
        // fio's --output-format=json,normal: the text report as well as the JSON
        boolean textToo = fio != FioOutputFormat.NORMAL
                && formats.contains(FioOutputFormat.NORMAL);
        boolean fioJobs = fioMeaning != FioMeaning.NONE;
        // "-" is standard output, as every Unix tool has it; so are the names of the process's
        // own standard output (opened, /dev/stdout would be a second writer beside the text
        // summary, or the file a shell redirected it to, refused as existing)
        String output = options.output() == null || STDOUT_NAMES.contains(options.output())
                ? null : options.output();
        boolean overwrite = options.overwrite() || fioMeaning == FioMeaning.FIO;
        if (options.overwrite() && options.output() == null && options.chart() == null
                && fioMeaning == FioMeaning.NONE) {
            // fio's jobs may write log files (write_bw_log, ...), which --overwrite replaces too
            throw new IllegalArgumentException("option '--overwrite' needs --output or --chart");
        }
        OutputFile file = output == null ? null
                : OutputFile.checkOrDevice(options.outputTyped(), output, overwrite);
        if (options.chart() != null
                && !options.chart().toLowerCase(Locale.ROOT).endsWith(".png")) {
            throw new IllegalArgumentException("invalid value for option '--chart': '"
                    + options.chart() + "': the chart is a PNG image; give a name ending in .png");
        }
        OutputFile chartFile = options.chart() == null ? null
                : OutputFile.check("--chart", options.chart(), options.overwrite());
        if (file != null && chartFile != null && file.path().equals(chartFile.path())) {
            throw new IllegalArgumentException("options '" + options.outputTyped() + "' and"
                    + " '--chart' name the same file: " + file.path());
        }
        OutputFile prometheusFile = prometheusFile(options, file);
        boolean machine = options.json() || options.csv() || fio != FioOutputFormat.NORMAL;
        StringWriter buffer = null;
        PrintWriter text;
        if ((!machine || textToo) && file != null) {
            buffer = new StringWriter();
            text = new PrintWriter(buffer);
        } else if (textToo && !options.quiet()) {
            text = stdout;
        } else if (options.quiet() || (machine && file == null)
                || (fioJobs && fio != FioOutputFormat.NORMAL)) {
            // fio writes everything to its --output file: nothing on standard output then
            text = new PrintWriter(Writer.nullWriter());
        } else {
            text = stdout;
        }
        OutputRouter router = new OutputRouter(stdout, text, buffer, machine && file == null ? stdout : null,
                file, chartFile, options.json(), fio, machine, generator);
        router.replaces = overwrite;
        router.prometheus = prometheusFile;
        return router;
    }

    /** The {@code --prometheus} file checked, or null; not the {@code --output} file. */
    private static OutputFile prometheusFile(OutputOptions options, OutputFile output) {
        if (options.prometheus() == null) {
            return null;
        }
        OutputFile prometheus = PrometheusTextfile.check(options.prometheus());
        if (output != null && output.path().equals(prometheus.path())) {
            throw new IllegalArgumentException("options '" + options.outputTyped() + "' and"
                    + " '--prometheus' name the same file: " + output.path());
        }
        return prometheus;
    }

    /**
     * {@return whether an existing file this run writes may be replaced: {@code --overwrite}
     * was given, or drivespeed was started as {@code fio}, which replaces its files}
     */
    public boolean replaces() {
        return replaces;
    }

    /**
     * Creates the files' temporary files now, so that a file that cannot be created is found
     * before measuring.
     *
     * @throws IOException naming the option, the path and the cause
     */
    public void createFiles() throws IOException {
        for (OutputFile f : new OutputFile[] {file, chart, prometheus}) {
            if (f != null) {
                f.create();
            }
        }
    }

    /** {@return where the text summary goes (perhaps nowhere)} */
    public PrintWriter text() {
        return text;
    }

    /**
     * {@return what the sequential test tells as it runs, for the chart: a recorder of each
     * pass's blocks with {@code --chart}, else {@link ProgressListener#NONE}}
     */
    public ProgressListener chartListener() {
        return traces == null ? ProgressListener.NONE : traces;
    }

    /**
     * Writes the chart (and says where in the text summary), then the JSON or CSV, the text
     * file and the Prometheus file.
     *
     * @param results what was measured
     * @param sweepTable the sweep's table when the chart is to show throughput against block
     *     size, else null (the chart then shows every pass's timeline)
     * @throws IOException naming the option and the file that could not be written
     */
    public void write(Results results, WorkloadTable sweepTable) throws IOException {
        if (chart != null) {
            writeChart(results, sweepTable);
        }
        writeResults(to -> {
            if (fio != FioOutputFormat.NORMAL) {
                FioJsonOutput.of(fio, generator).write(results, to);
            } else if (json) {
                JsonReport.write(results, generator, to);
            } else {
                CsvReport.write(results, to);
            }
        });
        if (prometheus != null) {
            // Micrometer's classes are loaded here, and only when --prometheus was given
            prometheus.write(o -> PrometheusTextfile.write(results, o));
        }
    }

    /** Writes the chart, and a line that says where and what it shows to the text summary. */
    private void writeChart(Results results, WorkloadTable sweepTable) throws IOException {
        String shows;
        if (sweepTable == null) {
            TimelineChartData data = TimelineChartData.of(results, traces.traces());
            chart.write(o -> ThroughputChart.writePng(ThroughputChart.timeline(data, results), o));
            shows = "MB/s per " + data.widths() + ", "
                    + data.series().size() + (data.series().size() == 1 ? " line" : " lines")
                    + (data.syncs().isEmpty() ? "" : ", fdatasync shaded");
        } else {
            chart.write(o -> ThroughputChart.writePng(
                    ThroughputChart.blockSizeSweep(sweepTable, results), o));
            shows = "median MB/s against block size";
        }
        text.println();
        text.println("chart:      " + chart.path() + " (" + shows + ")");
    }

    /** {@return whether writing to standard output failed} */
    public boolean stdoutFailed() {
        return stdout.checkError();
    }

    /**
     * {@return what could not be written to standard output, and where the results went instead if
     * they went to a file ({@code the text summary (the results are in out.json)})}
     */
    public String stdoutFailure() {
        if (machineFormat && file == null) {
            return "could not write the results to standard output (closed before the end?)";
        }
        return "could not write the text summary to standard output (closed before the end?)"
                + (file != null ? "; the results are in " + file.path() : "");
    }

    /** Writes results in a machine format somewhere. */
    private interface MachineFormat {
        void writeTo(Writer to) throws IOException;
    }

    /** The JSON or CSV to stdout or the --output file, or else the text summary to the file. */
    private void writeResults(MachineFormat format) throws IOException {
        text.flush();
        if (machineFormat) {
            if (file != null) {
                String textFirst = textBuffer == null ? "" : textBuffer.toString();
                file.write(o -> {
                    Writer to = new OutputStreamWriter(o, StandardCharsets.UTF_8);
                    to.write(textFirst);
                    format.writeTo(to);
                    to.flush();
                });
            } else {
                format.writeTo(machine);
                machine.flush();
            }
        } else if (file != null) {
            String summary = textBuffer.toString();
            file.write(o -> o.write(summary.getBytes(StandardCharsets.UTF_8)));
        }
    }

    /** Removes the temporary files of outputs not written (a failed run leaves none). */
    @Override
    public void close() {
        if (prometheus != null) {
            prometheus.close();
        }
        if (chart != null) {
            chart.close();
        }
        if (file != null) {
            file.close();
        }
    }
}
