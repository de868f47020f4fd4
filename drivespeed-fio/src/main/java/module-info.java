/**
 * drivespeed-fio: fio's job files run by drivespeed. {@link io.github.drivespeed.fio.FioJob}
 * reads a job file with fio's grammar (fio's HOWTO, "Job file format" and "Job file
 * parameters"), maps each option onto drivespeed's workload plans or refuses it by name, runs the
 * jobs and returns drivespeed's typed reports; {@link io.github.drivespeed.fio.FioResults} writes
 * them as fio's {@code json} or {@code json+}. Exports {@code io.github.drivespeed.fio} only;
 * the grammar, the option table, the plans and the writers
 * ({@code io.github.drivespeed.fio.internal.*}) stay inside (drivespeed's command line reads
 * them from the class path).
 */
module io.github.drivespeed.fio {
    requires transitive io.github.drivespeed;
    requires com.fasterxml.jackson.core;
    requires com.fasterxml.jackson.databind;

    exports io.github.drivespeed.fio;
}
