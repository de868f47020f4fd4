package io.github.drivespeed.cli.options;

import picocli.CommandLine.Option;

/** Where the results go and in what form: JSON or CSV, an output file, a chart, quiet. */
public final class OutputOptions {

    @Option(names = "--json", description = "Print the results as JSON (schema in docs/output-schema.md)"
            + " instead of the text summary.")
    private boolean json;

    @Option(names = "--csv", description = "Print the results as CSV, one row per job and"
            + " direction (columns in docs/output-schema.md), instead of the text summary.")
    private boolean csv;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write what would go to standard output (the JSON, the CSV or the text"
                    + " summary) to FILE instead; with --json or --csv the text summary then"
                    + " still goes to standard output. An existing FILE is refused unless"
                    + " --overwrite is given (it then keeps its permissions; a symbolic link is"
                    + " written through), and so is a directory or device; FILE is written whole"
                    + " or not at all.")
    private String output;

    @Option(names = "--overwrite", description = "Let --output and --chart replace an existing"
            + " file.")
    private boolean overwrite;

    @Option(names = "--chart", paramLabel = "FILE.png",
            description = "Draw a PNG chart (800x500): the throughput timeline of every pass,"
                    + " or for --sweep the throughput against the block size. The name must end"
                    + " in .png; same file rules as --output.")
    private String chart;

    @Option(names = "--output-format", paramLabel = "FORMAT",
            description = "fio's output formats: normal (the text summary, as without it); json"
                    + " and json+ (fio's JSON) are not built yet.")
    private String outputFormat;

    @Option(names = {"-q", "--quiet"}, description = "Print no text summary and no progress;"
            + " errors, requirement failures and --json/--csv output still appear.")
    private boolean quiet;

    /** None given yet; picocli fills in what the command line gives. */
    public OutputOptions() {
    }

    /** @return whether {@code --json} was given */
    public boolean json() {
        return json;
    }

    /** @return whether {@code --csv} was given */
    public boolean csv() {
        return csv;
    }

    /** @return the {@code --output} file as given, or null */
    public String output() {
        return output;
    }

    /** @return whether {@code --overwrite} was given */
    public boolean overwrite() {
        return overwrite;
    }

    /** @return the {@code --chart} file as given, or null */
    public String chart() {
        return chart;
    }

    /** @return {@code --output-format} as given, or null */
    public String outputFormat() {
        return outputFormat;
    }

    /** @return whether {@code --quiet} was given */
    public boolean quiet() {
        return quiet;
    }
}
