package io.github.drivespeed.cli.options;

import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options of fio's jobs: {@code --job FILE} (or a positional {@code FILE.fio}) and
 * {@code --allow-overwrite FILE}. fio's own spellings ({@code --direct=1}, ...) are not picocli
 * options: {@link io.github.drivespeed.cli.fio.FioCommandLine} reads them.
 */
public final class FioJobOptions {

    @Option(names = "--job", paramLabel = "FILE",
            description = "Run the jobs of an fio job file ([global], one section per job,"
                    + " stonewall/new_group/group_reporting; docs/fio.md lists the options taken"
                    + " and refused). A positional FILE ending in .fio does the same.")
    private String job;

    @Option(names = "--allow-overwrite", paramLabel = "FILE",
            description = "Let an fio job write FILE, an existing file its filename= names"
                    + " (refused otherwise). Repeatable.")
    private List<String> allowOverwrite;

    /** None given yet; picocli fills in what the command line gives. */
    public FioJobOptions() {
    }

    /** @return {@code --job} as given, or null */
    public String job() {
        return job;
    }

    /** @return the {@code --allow-overwrite} files as given; empty when none */
    public List<String> allowOverwrite() {
        return allowOverwrite == null ? List.of() : List.copyOf(allowOverwrite);
    }
}
