package io.github.drivespeed.fio.internal;

import java.util.List;

/**
 * fio's spelling of one of drivespeed's options (fio's HOWTO, "Job file parameters"): the name a
 * job file's {@code key=value} and fio's command line ({@code --key=value}) give it.
 *
 * @param name fio's name ({@code bs})
 * @param aliases fio's other names of it ({@code blocksize})
 */
public record FioSpelling(String name, List<String> aliases) {

    /**
     * Copies the aliases.
     *
     * @param name fio's name
     * @param aliases fio's other names
     */
    public FioSpelling {
        aliases = List.copyOf(aliases);
    }

    /** {@return fio's command-line spelling, {@code --bs}} */
    public String commandLine() {
        return FioCommandLine.LONG_PREFIX + name;
    }
}
