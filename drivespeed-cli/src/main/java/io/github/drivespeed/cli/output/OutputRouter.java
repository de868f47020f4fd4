package io.github.drivespeed.cli.output;

import io.github.drivespeed.cli.chart.ThroughputChart;
import io.github.drivespeed.cli.options.OptionTable;
import io.github.drivespeed.cli.options.OptionTable.Exclusion;
import io.github.drivespeed.cli.options.OutputOptions;
import io.github.drivespeed.cli.results.Results;
import io.github.drivespeed.report.WorkloadTable;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Where each kind of output goes, decided and checked before anything is measured: the text
 * summary to standard output, to the {@code --output} file (when neither {@code --json} nor
 * {@code --csv} is given) or nowhere ({@code --quiet}, or JSON/CSV on standard output); the JSON
 * or CSV to standard output or the {@code --output} file; the chart to its file. Closing it
 * removes the temporary files of outputs that were not written.
 */
public final class OutputRouter implements AutoCloseable {

    private final PrintWriter stdout;
    private final PrintWriter text;
    private final StringWriter textBuffer;
    private final Writer machine;
    private final OutputFile file;
    private final OutputFile chart;
    private final boolean json;
    private final boolean machineFormat;
    private final String generator;

    private OutputRouter(PrintWriter stdout, PrintWriter text, StringWriter textBuffer,
            Writer machine, OutputFile file, OutputFile chart, boolean json,
            boolean machineFormat, String generator) {
        this.stdout = stdout;
        this.text = text;
        this.textBuffer = textBuffer;
        this.machine = machine;
        this.file = file;
        this.chart = chart;
        this.json = json;
        this.machineFormat = machineFormat;
        this.generator = generator;
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
        Exclusion.JSON_CSV.check(options.json(), options.csv());
        checkOutputFormat(options);
        if (options.overwrite() && options.output() == null && options.chart() == null) {
            throw new IllegalArgumentException("option '--overwrite' needs --output or --chart");
        }
        OutputFile file = options.output() == null ? null
                : OutputFile.check("--output", options.output(), options.overwrite());
        if (options.chart() != null
                && !options.chart().toLowerCase(Locale.ROOT).endsWith(".png")) {
            throw new IllegalArgumentException("invalid value for option '--chart': '"
                    + options.chart() + "': the chart is a PNG image; give a name ending in .png");
        }
        OutputFile chartFile = options.chart() == null ? null
                : OutputFile.check("--chart", options.chart(), options.overwrite());
        if (file != null && chartFile != null && file.path().equals(chartFile.path())) {
            throw new IllegalArgumentException("options '--output' and '--chart' name the same"
                    + " file: " + file.path());
        }
        boolean machine = options.json() || options.csv();
        StringWriter buffer = null;
        PrintWriter text;
        if (!machine && file != null) {
            buffer = new StringWriter();
            text = new PrintWriter(buffer);
        } else if (options.quiet() || (machine && file == null)) {
            text = new PrintWriter(Writer.nullWriter());
        } else {
            text = stdout;
        }
        return new OutputRouter(stdout, text, buffer, machine && file == null ? stdout : null,
                file, chartFile, options.json(), machine, generator);
    }

    /**
     * fio's {@code --output-format}: {@code normal} is the text summary; fio's {@code json} and
     * {@code json+} are to come (issue 15's JSON part), and are refused until then.
     */
    private static void checkOutputFormat(OutputOptions options) {
        String format = options.outputFormat();
        if (format == null) {
            return;
        }
        switch (format) {
            case "normal":
                if (options.json() || options.csv()) {
                    throw new IllegalArgumentException(OptionTable.excludeEachOther(
                            "--output-format", options.json() ? "--json" : "--csv")
                            + ": one format at a time");
                }
                return;
            case "json":
            case "json+":
                throw new IllegalArgumentException("invalid value for option '--output-format':"
                        + " '" + format + "': fio's JSON output is not built yet; --json gives"
                        + " drivespeed's own JSON, and --output-format=normal the text summary");
            default:
                throw new IllegalArgumentException("invalid value for option '--output-format':"
                        + " '" + format + "': expected normal (json and json+ are to come)");
        }
    }

    /**
     * Creates the files' temporary files now, so that a file that cannot be created is found
     * before measuring.
     *
     * @throws IOException naming the option, the path and the cause
     */
    public void createFiles() throws IOException {
        for (OutputFile f : new OutputFile[] {file, chart}) {
            if (f != null) {
                f.create();
            }
        }
    }

    /** @return where the text summary goes (perhaps nowhere) */
    public PrintWriter text() {
        return text;
    }

    /**
     * Writes the JSON or CSV, the text file and the chart.
     *
     * @param results what was measured
     * @param sweepTable the sweep's table when the chart is to show throughput against block
     *     size, else null (the chart then shows every pass's timeline)
     * @throws IOException naming the option and the file that could not be written
     */
    public void write(Results results, WorkloadTable sweepTable) throws IOException {
        text.flush();
        if (machineFormat) {
            if (file != null) {
                file.write(o -> machine(results, new OutputStreamWriter(o,
                        StandardCharsets.UTF_8)));
            } else {
                machine(results, machine);
            }
        } else if (file != null) {
            String summary = textBuffer.toString();
            file.write(o -> o.write(summary.getBytes(StandardCharsets.UTF_8)));
        }
        if (chart != null) {
            chart.write(o -> ThroughputChart.writePng(sweepTable == null
                    ? ThroughputChart.timeline(results)
                    : ThroughputChart.blockSizeSweep(sweepTable, results), o));
        }
    }

    /** @return whether writing to standard output failed */
    public boolean stdoutFailed() {
        return stdout.checkError();
    }

    private void machine(Results results, Writer to) throws IOException {
        if (json) {
            JsonReport.write(results, generator, to);
        } else {
            CsvReport.write(results, to);
        }
        to.flush();
    }

    /** Removes the temporary files of outputs not written (a failed run leaves none). */
    @Override
    public void close() {
        if (chart != null) {
            chart.close();
        }
        if (file != null) {
            file.close();
        }
    }
}
