package io.github.drivespeed.fio.internal;

import io.github.drivespeed.parameters.IoLogging;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The log files one fio job asks for ({@code write_bw_log}, {@code write_iops_log},
 * {@code write_lat_log}, {@code write_hist_log}), named as fio 3.33 names them (init.c
 * {@code gen_log_name}): {@code PREFIX_bw.N.log} with the job's number N from 1 over all jobs
 * and clones, {@code PREFIX_bw.log} with {@code per_job_logs=0}; a prefix not given or empty is
 * the job's name. The files go to the working directory, as fio's.
 *
 * @param bw the bandwidth log's prefix, or null when not asked
 * @param iops the IOPS log's prefix, or null
 * @param lat the latency logs' prefix (slat, clat and lat files), or null
 * @param hist the completion-latency histogram log's prefix, or null
 * @param jobNumber the job's number, from 1 (fio's {@code thread_number})
 * @param perJob whether the names hold the job's number ({@code per_job_logs}, default 1)
 * @param avgMsec {@code log_avg_msec}: the averaging window, ms; 0 for one line per I/O
 * @param histMsec {@code log_hist_msec}: the histogram window, ms; 0 for no histogram line
 * @param coarseness {@code log_hist_coarseness}: 2^N fio bins summed per histogram column
 * @param offset {@code log_offset}: each line holds the I/O's offset
 * @param prio {@code log_prio}: the priority column is written as fio's hex value
 * @param max {@code log_max_value}: a window's latency lines give its largest value, not its mean
 * @param epoch {@code log_unix_epoch} (or {@code log_alternate_epoch}): times are ms since the
 *     Unix epoch, not since the job's measured start
 */
public record FioLogs(String bw, String iops, String lat, String hist, int jobNumber,
        boolean perJob, int avgMsec, int histMsec, int coarseness, boolean offset,
        boolean prio, boolean max, boolean epoch) {

    /**
     * One log file.
     *
     * @param option the option that asked for it ({@code write_bw_log}, ...)
     * @param kind fio's log type in the name: {@code bw}, {@code iops}, {@code slat},
     *     {@code clat}, {@code lat} or {@code clat_hist}
     * @param path where it goes, relative to the working directory as fio's
     */
    public record File(String option, String kind, Path path) {
    }

    /** The log options while a job's options are read (copied from a [global] section). */
    static final class Settings {
        String bw;
        String iops;
        String lat;
        String hist;
        int avgMsec;
        int histMsec;
        int coarseness;
        boolean perJob = true;
        boolean offset;
        boolean prio;
        boolean max;
        boolean epoch;

        Settings copy() {
            Settings c = new Settings();
            c.bw = bw;
            c.iops = iops;
            c.lat = lat;
            c.hist = hist;
            c.avgMsec = avgMsec;
            c.histMsec = histMsec;
            c.coarseness = coarseness;
            c.perJob = perJob;
            c.offset = offset;
            c.prio = prio;
            c.max = max;
            c.epoch = epoch;
            return c;
        }

        boolean any() {
            return bw != null || iops != null || lat != null || hist != null;
        }

        /** {@return the logs of a job so named, with that number} */
        FioLogs of(String jobName, int jobNumber) {
            return new FioLogs(prefix(bw, jobName), prefix(iops, jobName), prefix(lat, jobName),
                    prefix(hist, jobName), jobNumber, perJob, avgMsec, histMsec, coarseness,
                    offset, prio, max, epoch);
        }

        private static String prefix(String given, String jobName) {
            return given == null ? null : given.isEmpty() ? jobName : given;
        }
    }

    /** {@return what the job's run records for these logs} */
    public IoLogging logging() {
        return new IoLogging(Duration.ofMillis(avgMsec),
                hist == null ? Duration.ZERO : Duration.ofMillis(histMsec));
    }

    /** {@return the files, in the order fio sets them up: lat, slat, clat, clat_hist, bw, iops} */
    public List<File> files() {
        List<File> files = new ArrayList<>();
        if (lat != null) {
            files.add(file("write_lat_log", "lat", lat));
            files.add(file("write_lat_log", "slat", lat));
            files.add(file("write_lat_log", "clat", lat));
        }
        if (hist != null) {
            files.add(file("write_hist_log", "clat_hist", hist));
        }
        if (bw != null) {
            files.add(file("write_bw_log", "bw", bw));
        }
        if (iops != null) {
            files.add(file("write_iops_log", "iops", iops));
        }
        return files;
    }

    private File file(String option, String kind, String prefix) {
        return new File(option, kind, Path.of(perJob ? prefix + "_" + kind + "." + jobNumber
                + ".log" : prefix + "_" + kind + ".log"));
    }
}
