package io.github.drivespeed.fio.internal;

import io.github.drivespeed.WorkloadPlan;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * The table of fio's option names: for each option fio names, how it sets a drivespeed job (and
 * so its workload plan), or why it is refused. Job files and fio-spelled command lines both go
 * through it; an option it does not list is refused by name, never ignored. The options fio
 * shares with drivespeed's command line take their fio names from {@link SharedOptions}: where
 * fio's meaning needs fio's grammar ({@code bs=4KiB} is 4000 bytes under {@code kb_base=1000})
 * or fio's semantics ({@code numjobs} clones the job) a row here says how, reading the value
 * with the shared row's conversion where fio's grammar is drivespeed's ({@code rw},
 * {@code ioengine}), and {@link FioPlans} calls the shared row's setter with it; any other is a
 * flag that goes straight onto the workload plan setter its shared row names.
 *
 * <p>Rows marked {@link Support#LATER} name a drivespeed feature that is being built: when it
 * lands, the row becomes a {@code supported(...)} row with a one-line setter, as
 * {@code norandommap}'s became when {@code WorkloadPlan.noRandomMap()} landed.
 */
public final class FioOptions {

    /** Whether drivespeed takes an option. */
    public enum Support {
        /** Taken: it sets the job as fio's option does. */
        SUPPORTED,
        /** Refused for now: the drivespeed feature it maps onto is being built (the note says which). */
        LATER,
        /** Refused: drivespeed has no such feature (the note says why). */
        REFUSED
    }

    /** How a value is written. */
    enum Kind {
        /** A bare flag or {@code =0}/{@code =1} (fio's FIO_OPT_STR_SET). */
        FLAG,
        /** {@code =0} or {@code =1} (fio's FIO_OPT_BOOL). */
        BOOL,
        /** A value. */
        VALUE
    }

    /**
     * One row.
     *
     * @param name fio's name of the option
     * @param aliases fio's other names of it
     * @param support whether drivespeed takes it
     * @param note for a refusal, why (and for {@link Support#LATER} what will take it)
     * @param kind how its value is written
     * @param setter what it does to the job; null when refused
     * @param priority the order fio reads a section's options in: higher first
     *     ({@code kb_base} 1, {@code ioengine} 1 so that its own options are known,
     *     {@code filename} -1 after {@code directory}, as fio's options.c)
     * @param commandLineOnly whether fio takes it on the command line only, not in a job file
     * @param option drivespeed's option of the same meaning, whose row spells it for fio
     */
    public record Row(String name, List<String> aliases, Support support, String note,
            Kind kind, BiConsumer<FioJobSettings, FioEntry> setter, int priority,
            boolean commandLineOnly, Optional<SharedOption<?>> option) {

        /**
         * Copies the aliases.
         *
         * @param name fio's name
         * @param aliases other names
         * @param support whether taken
         * @param note why refused
         * @param kind how written
         * @param setter what it does
         * @param priority fio's order
         * @param commandLineOnly command line only
         * @param option drivespeed's option
         */
        public Row {
            aliases = List.copyOf(aliases);
        }

        boolean named(String key) {
            return name.equals(key) || aliases.contains(key);
        }
    }

    private static final String NOT_VERIFIED = "drivespeed verifies what it reads back in its"
            + " sequential and device tests (every sector's offset stamp, nonce and payload), but"
            + " not in workloads: random and mixed I/O rewrite blocks, and a map of what each block"
            + " holds is not built (docs/genuine-media.md); verify=0 runs the job unverified, and"
            + " 'drivespeed DIR' verifies a sequential write and read-back";

    private static final String PLAIN_LOGS = "drivespeed writes its log files as plain text"
            + " (fio's zlib-compressed chunks are not written)";

    /** Why an fio option drivespeed does not know is refused, and where those it takes are. */
    static final String NOT_TAKEN = "an fio option drivespeed does not take is refused, never"
            + " ignored; docs/fio.md lists those it takes";

    /** The rows of fio's own meaning, then those refused. */
    private static final List<Row> OWN = List.of(
            supported("name", Kind.VALUE, (j, e) -> j.name = text(e)),
            prio(-1, supported("filename", Kind.VALUE, (j, e) -> j.filename = filename(e))),
            supported("directory", Kind.VALUE, (j, e) -> j.directory = directory(e)),
            // the shared rows' values in fio's grammar where it is not drivespeed's: each
            // FioPlans sets with its shared row's setter
            shared(SharedOptions.RW, FioOptions::rw),
            // fio's percentage, kept until the job is complete: a job without a mix ignores it
            shared(SharedOptions.RWMIXREAD, (j, e) -> j.rwmixread = percent(e)),
            supported("rwmixwrite", Kind.VALUE, (j, e) -> j.rwmixread = 100 - percent(e)),
            // fio's size suffixes (k by kb_base, kib the other way round), not DataSize's
            shared(SharedOptions.BLOCK_SIZE,
                    (j, e) -> j.blockSize = FioSize.parse(e.key(), text(e), j.kbBase)),
            shared(SharedOptions.SIZE, (j, e) -> j.size = FioSize.parse(e.key(), text(e),
                    j.kbBase)),
            supported("io_size", List.of("io_limit"), Kind.VALUE,
                    (j, e) -> j.ioSize = FioSize.parse(e.key(), text(e), j.kbBase)),
            supported("number_ios", Kind.VALUE, (j, e) -> j.numberIos = (long) whole(e, 1)),
            supported("direct", Kind.BOOL, (j, e) -> j.direct = bool(e)),
            supported("buffered", Kind.BOOL, (j, e) -> j.direct = !bool(e)),
            shared(SharedOptions.IODEPTH, (j, e) -> j.iodepth = whole(e, 1)),
            shared(SharedOptions.THREADS, (j, e) -> j.numjobs = whole(e, 1)),
            // fio's time units (FioTime; no unit is seconds, as drivespeed's): a bound of the run
            // unless time_based (FioPlans)
            shared(SharedOptions.DURATION,
                    (j, e) -> j.runtime = FioTime.parse(e.key(), text(e))),
            supported("time_based", Kind.FLAG, (j, e) -> j.timeBased = flag(e)),
            shared(SharedOptions.RAMP_TIME,
                    (j, e) -> j.rampTime = FioTime.parse(e.key(), text(e))),
            supported("startdelay", Kind.VALUE,
                    (j, e) -> j.startDelay = FioTime.parse(e.key(), text(e))),
            supported("randrepeat", Kind.BOOL, (j, e) -> j.randrepeat = bool(e)),
            supported("randseed", Kind.VALUE, (j, e) -> j.randseed = (long) whole(e, 0)),
            supported("group_reporting", Kind.FLAG, (j, e) -> j.groupReporting = flag(e)),
            supported("stonewall", List.of("wait_for_previous"), Kind.FLAG,
                    (j, e) -> j.stonewall = flag(e)),
            supported("new_group", Kind.FLAG, (j, e) -> j.newGroup = flag(e)),
            prio(1, supported("kb_base", Kind.VALUE, (j, e) -> j.kbBase = kbBase(e))),
            // before the section's other options, as fio loads a section's engine first so that
            // the engine's own options are known
            prio(1, shared(SharedOptions.IOENGINE, (j, e) -> j.ioengine = ioengine(e))),
            shared(SharedOptions.SQTHREAD_POLL, FioOptions::sqthreadPoll),
            // drivespeed's workers are threads: fio's thread (instead of processes) changes nothing
            supported("thread", Kind.FLAG, (j, e) -> flag(e)),
            // drivespeed's runs end with a timed fdatasync already (fio end_fsync=1)
            supported("end_fsync", Kind.BOOL, FioOptions::endFsync),
            commandLineOnly(supported("output-format", Kind.VALUE, (j, e) -> { })),
            // fio's command-line options that change nothing measured (HOWTO "Command line
            // options"): fio 3.33 ignores --max-jobs; --alloc-size sizes fio's shared-memory pool;
            // --eta* draw fio's progress line (drivespeed draws its own on a terminal only)
            commandLineOnly(supported("max-jobs", Kind.VALUE, (j, e) -> whole(e, 1))),
            commandLineOnly(supported("alloc-size", Kind.VALUE, (j, e) -> whole(e, 1))),
            commandLineOnly(supported("eta", Kind.VALUE, FioOptions::eta)),
            commandLineOnly(supported("eta-newline", Kind.VALUE, (j, e) -> text(e))),
            commandLineOnly(supported("eta-interval", Kind.VALUE, (j, e) -> text(e))),
            commandLineOnly(supported("section", Kind.VALUE, FioOptions::section)),
            // drivespeed writes random data refilled per run, every 512-byte sector stamped with
            // its offset and the run's nonce: no two blocks alike, whatever refill_buffers says
            supported("refill_buffers", Kind.FLAG, (j, e) -> flag(e)),
            supported("zero_buffers", Kind.FLAG, FioOptions::zeroBuffers),
            // drivespeed evicts a buffered job's file from the page cache before each run anyway
            supported("invalidate", Kind.BOOL, FioOptions::invalidate),
            supported("loops", Kind.VALUE, FioOptions::loops),
            supported("create_only", Kind.BOOL, (j, e) -> j.createOnly = bool(e)),
            // what the report lists (the JSON's percentile and json+ bins): read by the writer
            supported("slat_percentiles", Kind.BOOL, (j, e) -> bool(e)),
            supported("clat_percentiles", Kind.BOOL, (j, e) -> bool(e)),
            supported("lat_percentiles", Kind.BOOL, (j, e) -> bool(e)),
            supported("percentile_list", Kind.VALUE, (j, e) -> percentileList(e)),
            // reads and writes apart, summed into fio's "mixed", or both: read by the writer
            supported("unified_rw_reporting", Kind.VALUE, (j, e) -> unified(e)),
            supported("verify", Kind.VALUE, FioOptions::verify),
            // no-ops while verify=0, in fio as here (any other verify= is refused)
            supported("do_verify", Kind.BOOL, (j, e) -> bool(e)),
            supported("verify_fatal", Kind.BOOL, (j, e) -> bool(e)),
            // fio's log files (FioLogs), from the samples the report is made of
            supported("write_bw_log", Kind.VALUE, (j, e) -> j.logs.bw = logPrefix(e)),
            supported("write_iops_log", Kind.VALUE, (j, e) -> j.logs.iops = logPrefix(e)),
            supported("write_lat_log", Kind.VALUE, (j, e) -> j.logs.lat = logPrefix(e)),
            supported("write_hist_log", Kind.VALUE, (j, e) -> j.logs.hist = logPrefix(e)),
            supported("log_avg_msec", Kind.VALUE, (j, e) -> j.logs.avgMsec = logMsec(e)),
            supported("log_hist_msec", Kind.VALUE, (j, e) -> j.logs.histMsec = logMsec(e)),
            supported("log_hist_coarseness", Kind.VALUE, FioOptions::coarseness),
            supported("per_job_logs", Kind.BOOL, (j, e) -> j.logs.perJob = bool(e)),
            supported("log_offset", Kind.BOOL, (j, e) -> j.logs.offset = bool(e)),
            supported("log_prio", Kind.BOOL, (j, e) -> j.logs.prio = bool(e)),
            // drivespeed's arrays grow as they fill: fio's initial log size changes nothing
            supported("log_entries", Kind.VALUE, (j, e) -> whole(e, 1)),
            supported("log_max_value", Kind.BOOL, (j, e) -> j.logs.max = bool(e)),
            // with fio's default clock (log_alternate_epoch_clock_id=0, CLOCK_REALTIME) both
            // give Unix time in ms
            supported("log_unix_epoch", Kind.BOOL, (j, e) -> j.logs.epoch |= bool(e)),
            supported("log_alternate_epoch", Kind.BOOL, (j, e) -> j.logs.epoch |= bool(e)),
            supported("log_store_compressed", Kind.BOOL, (j, e) -> onlyOff(e, PLAIN_LOGS)),
            refused("log_compression", PLAIN_LOGS),
            supported("fsync", Kind.VALUE, (j, e) -> j.fsync = whole(e, 0)),
            supported("fdatasync", Kind.VALUE, (j, e) -> j.fdatasync = whole(e, 0)),
            refused("rate", "drivespeed does not throttle I/O"),
            refused("rate_iops", "drivespeed does not throttle I/O"),
            refused("offset", "drivespeed's I/O covers its file from offset 0"),
            refused("nrfiles", "drivespeed runs a job over one file"),
            refused("filesize", "give size="),
            refused("unit_base", "drivespeed's figures are in bytes"),
            refused("output", "use drivespeed's " + SharedOptions.OUTPUT.names().get(1) + "/"
                    + SharedOptions.OUTPUT.option() + " FILE"),
            refused("fill_device", "drivespeed checks free space and never fills a device"),
            refused("bsrange", "drivespeed runs one block size per job"),
            refused("bssplit", "drivespeed runs one block size per job"));

    /**
     * The table: the rows of fio's own meaning that are taken, the shared options that go
     * straight onto the plan, then the rows refused.
     */
    private static final List<Row> ROWS = Stream.of(
            OWN.stream().filter(r -> r.support() == Support.SUPPORTED),
            SharedOptions.fioSpelled().stream().filter(FioOptions::unmapped)
                    .map(FioOptions::straight),
            OWN.stream().filter(r -> r.support() != Support.SUPPORTED))
            .flatMap(s -> s).toList();

    private FioOptions() {
    }

    /** {@return the rows, supported first, then mapped later, then refused with a reason} */
    public static List<Row> rows() {
        return ROWS;
    }

    /**
     * {@return its row, if the table has one}
     *
     * @param key an option's name as written
     */
    public static Optional<Row> find(String key) {
        return ROWS.stream().filter(r -> r.named(key)).findFirst();
    }

    /**
     * Applies a section's options to a job, in fio's order (by {@link Row#priority()}, then as
     * written).
     *
     * @param job the job's settings
     * @param entries the section's options
     * @param jobFile whether they come from a job file (some options are command-line only)
     * @throws IllegalArgumentException naming the place, the option and the reason, for an option
     *     refused or a value that does not parse
     */
    static void apply(FioJobSettings job, List<FioEntry> entries, boolean jobFile) {
        List<FioEntry> ordered = new ArrayList<>(entries);
        ordered.sort(Comparator.comparingInt((FioEntry e) -> -row(e).priority()));
        for (FioEntry e : ordered) {
            Row row = row(e);
            if (row.support() != Support.SUPPORTED) {
                throw e.refusal((row.support() == Support.LATER ? "not supported yet: "
                        : "not supported: ") + row.note());
            }
            if (jobFile && row.commandLineOnly()) {
                throw e.refusal("a command-line option of fio's, not a job option (fio refuses"
                        + " it in a job file too): give " + FioCommandLine.LONG_PREFIX + row.name()
                        + " on the command line");
            }
            if (row.kind() == Kind.BOOL && e.value() == null) {
                throw e.refusal("needs a value: " + e.key() + "=1 or " + e.key() + "=0");
            }
            try {
                row.setter().accept(job, e);
            } catch (FioRefusal placed) {
                throw placed;
            } catch (IllegalArgumentException invalid) {
                // a value's own check (a size, a time) names the option and the value: the place
                // it was written goes before it, as on every other refusal
                throw new IllegalArgumentException(e.where() + ": " + invalid.getMessage(),
                        invalid);
            }
            job.where.put(row.name(), e.where());
            job.written.put(row.name(), e.value());
        }
    }

    private static Row row(FioEntry e) {
        return find(e.key()).orElseThrow(() -> e.refusal(FioOptionNames.nearest(e.key(), ROWS)
                .map(n -> "unknown: not an option drivespeed knows; did you mean '" + n + "'? ("
                        + NOT_TAKEN + ")")
                .orElse("not supported by drivespeed (" + NOT_TAKEN + ")")));
    }

    private static Row supported(String name, Kind kind, BiConsumer<FioJobSettings, FioEntry> s) {
        return supported(name, List.of(), kind, s);
    }

    private static Row supported(String name, List<String> aliases, Kind kind,
            BiConsumer<FioJobSettings, FioEntry> setter) {
        return new Row(name, aliases, Support.SUPPORTED, null, kind, setter, 0, false,
                Optional.empty());
    }

    /**
     * An option drivespeed's command line has too, read with fio's meaning: named as
     * {@link SharedOptions} spells it for fio.
     */
    private static Row shared(SharedOption<?> option,
            BiConsumer<FioJobSettings, FioEntry> setter) {
        FioSpelling fio = option.fio().orElseThrow();
        return new Row(fio.name(), fio.aliases(), Support.SUPPORTED, null,
                option.takesValue() ? Kind.VALUE : Kind.FLAG, setter, 0, false,
                Optional.of(option));
    }

    /** Whether no row of fio's own meaning reads an option drivespeed spells for fio. */
    private static boolean unmapped(SharedOption<?> option) {
        return OWN.stream().noneMatch(r -> r.option().filter(option::equals).isPresent());
    }

    /**
     * A flag drivespeed spells for fio that goes straight onto the workload plan: the setter its
     * shared row names, as a plan step of the job (in the order written, after the job's own
     * settings), when the flag is on.
     */
    private static Row straight(SharedOption<?> option) {
        if (option.takesValue() || option.workloadSetter().isEmpty()) {
            throw new IllegalStateException(option + " is spelled for fio's jobs, but neither a"
                    + " row of fio's table nor a workload setter takes it");
        }
        UnaryOperator<WorkloadPlan> setter = option.flagSetter();
        return shared(option, (j, e) -> {
            if (!flag(e)) {
                return;
            }
            j.plan(p -> {
                try {
                    return setter.apply(p);
                } catch (IllegalArgumentException x) {
                    throw e.refusal(x.getMessage());
                }
            });
        });
    }

    private static Row later(String name, String note) {
        return new Row(name, List.of(), Support.LATER, note, Kind.VALUE, null, 0, false,
                Optional.empty());
    }

    private static Row refused(String name, String note) {
        return new Row(name, List.of(), Support.REFUSED, note, Kind.VALUE, null, 0, false,
                Optional.empty());
    }

    /**
     * io_uring's own option in fio (engines/io_uring.c): known only in a section whose engine is
     * io_uring, as fio knows it ("Bad option" in a job file, "unrecognized option" on its
     * command line otherwise); inherited by a section that names another engine, it does
     * nothing there (FioPlans notes so, as fio ignores it). A section's {@code ioengine} is
     * applied first, so on fio's command line drivespeed also takes {@code --sqthread_poll}
     * before {@code --ioengine=io_uring}, which fio, reading its command line in order, does
     * not.
     */
    private static void sqthreadPoll(FioJobSettings j, FioEntry e) {
        if (!"io_uring".equals(j.ioengine)) {
            throw e.refusal("an option of fio's io_uring engine, and this section's ioengine is "
                    + j.ioengine + " (fio refuses it too): give ioengine=io_uring, or remove"
                    + " it");
        }
        j.sqthreadPoll = flag(e);
    }

    private static Row prio(int priority, Row r) {
        return new Row(r.name(), r.aliases(), r.support(), r.note(), r.kind(), r.setter(),
                priority, r.commandLineOnly(), r.option());
    }

    private static Row commandLineOnly(Row r) {
        return new Row(r.name(), r.aliases(), r.support(), r.note(), r.kind(), r.setter(),
                r.priority(), true, r.option());
    }

    // ----- value parsers: each names the option and value it refuses -----

    private static String text(FioEntry e) {
        if (e.value() == null || e.value().isEmpty()) {
            throw e.refusal("needs a value: " + e.key() + "=...");
        }
        return e.value();
    }

    private static boolean flag(FioEntry e) {
        return e.value() == null || bool(e);
    }

    private static boolean bool(FioEntry e) {
        switch (text(e)) {
            case "1":
                return true;
            case "0":
                return false;
            default:
                throw e.refusal("'" + e.value() + "': expected 1 or 0");
        }
    }

    private static int whole(FioEntry e, int min) {
        try {
            int n = Integer.parseInt(text(e));
            if (n < min) {
                throw e.refusal("'" + e.value() + "': must be at least " + min);
            }
            return n;
        } catch (NumberFormatException x) {
            throw e.refusal("'" + e.value() + "': expected a whole number");
        }
    }

    private static int percent(FioEntry e) {
        int p = whole(e, 0);
        if (p > 100) {
            throw e.refusal("'" + e.value() + "': a percentage, 0 to 100");
        }
        return p;
    }

    private static int kbBase(FioEntry e) {
        String v = text(e);
        if (!v.equals("1024") && !v.equals("1000")) {
            throw e.refusal("'" + v + "': expected 1024 or 1000");
        }
        return Integer.parseInt(v);
    }

    private static String filename(FioEntry e) {
        String v = text(e);
        if (v.contains(":")) {
            throw e.refusal("'" + v + "': several files (':') are not supported; drivespeed runs"
                    + " a job over one file");
        }
        return v;
    }

    private static String directory(FioEntry e) {
        String v = text(e);
        if (v.contains(":")) {
            throw e.refusal("'" + v + "': several directories (':') are not supported; drivespeed"
                    + " runs a job in one directory: give one");
        }
        return v;
    }

    /**
     * fio's {@code ioengine}: the engines of drivespeed's {@code --ioengine} (its shared row's
     * conversion), and fio's only, {@code sync} (read(2)/write(2) at the file's offset), run as
     * psync; refused in fio's words, which name it.
     */
    private static String ioengine(FioEntry e) {
        String v = text(e).toLowerCase(Locale.ROOT);
        if (!v.equals("sync")) {
            try {
                SharedOptions.IOENGINE.convert(v);
            } catch (IllegalArgumentException x) {
                throw e.refusal("'" + v + "': not supported: drivespeed runs psync, sync"
                        + " (pread/pwrite), libaio and io_uring (both on the native backend's"
                        + " Linux AIO queue), and null (no I/O: each completes at once)");
            }
        }
        return v;
    }

    /**
     * fio's {@code rw}: the modes of drivespeed's {@code --rw} (its shared row's conversion).
     * fio's only, refused here in fio's words: the {@code :N} offset modifier, trims, and any
     * other name (fio's list names {@code readwrite} too). {@code randreadwrite}, which fio
     * refuses, is taken as {@code randrw}, as drivespeed's fio jobs took it before.
     */
    private static void rw(FioJobSettings j, FioEntry e) {
        String v = text(e).toLowerCase(Locale.ROOT);
        if (v.contains(":")) {
            throw e.refusal("'" + e.value() + "': the ':N' offset modifier is not supported");
        }
        String base = v.startsWith("rand") ? v.substring(4) : v;
        if (base.equals("trim") || base.equals("trimwrite")) {
            throw e.refusal("'" + e.value() + "': trims are not supported");
        }
        try {
            j.rw = SharedOptions.RW.convert(v.equals("randreadwrite") ? "randrw" : v);
        } catch (IllegalArgumentException x) {
            throw e.refusal("'" + e.value() + "': expected read, write, rw, readwrite,"
                    + " randread, randwrite or randrw");
        }
    }

    /** fio's {@code --eta}: {@code always}, {@code never} or {@code auto}. */
    private static void eta(FioJobSettings j, FioEntry e) {
        if (!List.of("always", "never", "auto").contains(text(e))) {
            throw e.refusal("'" + e.value() + "': expected always, never or auto");
        }
    }

    /** fio's {@code --section=NAME}: run only the sections so named (global is always read). */
    private static void section(FioJobSettings j, FioEntry e) {
        if (text(e).equals("global")) {
            throw e.refusal("'global': the global section is always read; name a job's section"
                    + " (fio refuses it too)");
        }
        j.sections.add(e.value());
    }

    private static void zeroBuffers(FioJobSettings j, FioEntry e) {
        if (flag(e)) {
            throw e.refusal("not supported: drivespeed writes random data, never zeros: zeros"
                    + " flatter a drive that compresses or deduplicates (zero_buffers=0, fio's"
                    + " default, is taken)");
        }
    }

    private static void invalidate(FioJobSettings j, FioEntry e) {
        if (!bool(e)) {
            throw e.refusal("'0': not supported: drivespeed evicts a buffered job's file from the"
                    + " page cache before each run, so that its reads are the drive's, not the"
                    + " cache's (invalidate=1, fio's default, is taken)");
        }
    }

    private static void loops(FioJobSettings j, FioEntry e) {
        if (whole(e, 1) != 1) {
            throw e.refusal("'" + e.value() + "': not supported: drivespeed repeats a job as"
                    + " measured runs (" + SharedOptions.RUNS.option() + "), each reported"
                    + " apart; fio's loops add up into one figure (loops=1 is taken)");
        }
    }

    /** fio's {@code percentile_list=99:99.9}: percentages above 0, at most 100, ':'-separated. */
    static List<Double> percentileList(FioEntry e) {
        List<Double> list = new ArrayList<>();
        for (String p : text(e).split(":")) {
            double v;
            try {
                v = Double.parseDouble(p);
            } catch (NumberFormatException x) {
                throw e.refusal("'" + e.value() + "': '" + p + "' is not a number; give"
                        + " percentages separated by ':' (99:99.9)");
            }
            if (!(v > 0 && v <= 100)) {
                throw e.refusal("'" + e.value() + "': " + p + " is not a percentage above 0 and"
                        + " at most 100");
            }
            list.add(v);
        }
        return list;
    }

    /** fio's {@code unified_rw_reporting}: {@code none}, {@code mixed}, {@code both}, 0 or 1. */
    private static void unified(FioEntry e) {
        if (!List.of("none", "mixed", "both", "0", "1").contains(text(e))) {
            throw e.refusal("'" + e.value() + "': expected none, mixed, both, 0 or 1");
        }
    }

    /** fio's {@code write_*_log=PREFIX}: no value or an empty one is the job's name, as fio. */
    private static String logPrefix(FioEntry e) {
        return e.value() == null ? "" : e.value();
    }

    /** fio's {@code log_avg_msec}, {@code log_hist_msec}: whole milliseconds, at most a day. */
    private static int logMsec(FioEntry e) {
        int ms = whole(e, 0);
        if (ms > 86_400_000) {
            throw e.refusal("'" + e.value() + "': at most 86400000 (a day, in milliseconds)");
        }
        return ms;
    }

    private static void coarseness(FioJobSettings j, FioEntry e) {
        int c = whole(e, 0);
        if (c > 6) {
            throw e.refusal("'" + e.value() + "': expected 0 to 6 (fio sums 2^N bins a column)");
        }
        j.logs.coarseness = c;
    }

    /** An option of which only {@code =0}, fio's default, is taken. */
    private static void onlyOff(FioEntry e, String why) {
        if (bool(e)) {
            throw e.refusal("'" + e.value() + "': not supported: " + why + " ("
                    + e.key() + "=0, fio's default, is taken)");
        }
    }

    private static void verify(FioJobSettings j, FioEntry e) {
        if (!text(e).equals("0")) {
            throw e.refusal("'" + e.value() + "': not supported yet: " + NOT_VERIFIED);
        }
    }

    private static void endFsync(FioJobSettings j, FioEntry e) {
        if (!bool(e)) {
            throw e.refusal("'0': not supported: every drivespeed run that writes ends with a"
                    + " timed fdatasync (end_fsync=1), so that its figure is the drive's");
        }
    }
}
