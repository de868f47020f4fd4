package io.github.drivespeed.fio.internal;

import java.util.List;
import java.util.Objects;

/**
 * One section of a job file ({@code [name]}), or one job of an fio command line.
 *
 * @param name the section's name: {@code global} or the job's name
 * @param entries its options, in the order written (included files' in place of the include)
 * @param where where it starts, for messages: {@code job.fio:3} or {@code command line}
 * @param fromJobFile whether it was read from a job file (fio's command-line-only options are
 *     refused there)
 */
public record FioSection(String name, List<FioEntry> entries, String where,
        boolean fromJobFile) {

    /**
     * Copies the entries.
     *
     * @param name the section's name
     * @param entries its options
     * @param where where it starts
     * @param fromJobFile whether read from a job file
     */
    public FioSection {
        Objects.requireNonNull(name, "name");
        entries = List.copyOf(entries);
        Objects.requireNonNull(where, "where");
    }

    /** {@return whether this is a {@code [global]} section} */
    public boolean global() {
        return name.equals("global");
    }
}
