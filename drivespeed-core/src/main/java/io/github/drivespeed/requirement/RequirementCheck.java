package io.github.drivespeed.requirement;

import io.github.drivespeed.requirement.StorageRequirement.Criterion;
import io.github.drivespeed.target.IoLimit;
import io.github.drivespeed.unit.Nanoseconds;
import io.github.drivespeed.unit.Throughput;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The outcome of {@link StorageRequirement#check(Measurements)}: per criterion, what was required,
 * what was measured, whether it passed and by how much, or why it could not be judged; and the
 * verdict on the whole requirement ({@link #outcome()}). An immutable value.
 *
 * <p>A requirement is judged only on figures that are the drive's own: a figure the report flags
 * as not the drive's ({@link io.github.drivespeed.report.PassResult#notTheDrives()}) is left
 * out, and a sustained write minimum ({@link Criterion#SUSTAINED_WRITE}, the SD classes) is judged
 * only on a write past the drive's write cache. Where no such figure is left, the criterion is
 * {@link Status#NOT_JUDGED}, and the requirement neither met nor failed:
 * {@link Outcome#NOT_JUDGED}, an inconclusive verdict (the command line's exit code 4), never a
 * failure of the drive.
 *
 * @since 0.1.0
 */
public final class RequirementCheck {

    /**
     * The verdict on the whole requirement.
     *
     * @since 0.1.0
     */
    public enum Outcome {
        /** Every criterion was judged and passed. */
        MET("met"),
        /** At least one criterion was judged and failed: the drive falls short. */
        NOT_MET("NOT met"),
        /**
         * No criterion failed, but at least one could not be judged ({@link Status#NOT_JUDGED}):
         * inconclusive, neither met nor failed.
         */
        NOT_JUDGED("NOT JUDGED");

        private final String label;

        Outcome(String label) {
            this.label = label;
        }

        /** {@return for people: {@code met}, {@code NOT met} or {@code NOT JUDGED}} */
        public String label() {
            return label;
        }
    }

    /**
     * How one criterion fared.
     *
     * @since 0.1.0
     */
    public enum Status {
        /** Judged on a figure of the drive, and within the bound. */
        MET,
        /** Judged on a figure of the drive, and outside the bound. */
        NOT_MET,
        /**
         * No figure that can judge it: {@link Result#whyNotJudged()} says why. The requirement
         * cannot be said to be met, nor to have failed.
         */
        NOT_JUDGED
    }

    /**
     * Why a criterion was not judged.
     *
     * @since 0.1.0
     */
    public enum NotJudged {
        /**
         * No result holds the figure: nothing measured it (a random figure after only a
         * sequential test, for example).
         */
        NOT_MEASURED("not measured"),
        /**
         * Every figure that would judge it was left out as not the drive's: its pass carries a
         * warning that {@linkplain io.github.drivespeed.warning.Warning#figureNotTheDrives()
         * marks a figure as not the drive's} (a cache served it, the drive was shared, data was
         * lost), named in {@link Result#note()}.
         */
        NOT_THE_DRIVES("figures left out as not the drive's"),
        /**
         * A sustained write minimum ({@link Criterion#SUSTAINED_WRITE}) with only burst figures:
         * no write went past the drive's write cache, so what the drive sustains is not known.
         */
        BURST_ONLY("burst only");

        private final String label;

        NotJudged(String label) {
            this.label = label;
        }

        /** {@return for people, for example {@code burst only}} */
        public String label() {
            return label;
        }
    }

    /**
     * One criterion's outcome.
     *
     * @param criterion what was bounded
     * @param status met, not met or not judged
     * @param whyNotJudged why it was not judged; empty when it was judged
     * @param required the bound, in the criterion's {@link Criterion#unit()}: bytes per second,
     *     I/Os per second or nanoseconds
     * @param measured the worst figure that judged it, in the same unit; NaN when not judged
     * @param latencyPercentile for {@link Criterion#RANDOM_4K_LATENCY}, the percentile; else NaN
     * @param note what stands behind a criterion not judged (the warnings of the figures left
     *     out, the burst figure that was all there was), or what a judged figure leaves open (a
     *     sequential write from a test too short to pass the drive's write cache, a figure held
     *     to a cgroup's cap); empty when there is nothing to say (an empty string is taken as empty)
     * @param cgroupLimit for a failed criterion whose figure reached an I/O cap of the process's
     *     cgroup ({@link io.github.drivespeed.warning.Warning#CGROUP_IO_LIMIT}), that cap: the
     *     criterion is not met by this process, whatever the drive could do outside the cgroup;
     *     empty otherwise
     * @since 0.1.0
     */
    public record Result(Criterion criterion, Status status, Optional<NotJudged> whyNotJudged,
            double required, double measured, double latencyPercentile, Optional<String> note,
            Optional<IoLimit> cgroupLimit) {

        /**
         * Checks the values.
         *
         * @param criterion what was bounded
         * @param status met, not met or not judged
         * @param whyNotJudged why not judged; empty when judged
         * @param required the bound, in the criterion's {@link Criterion#unit()}
         * @param measured the worst figure, in the same unit; NaN when not judged
         * @param latencyPercentile the latency bound's percentile, or NaN
         * @param note what stands behind it; empty when nothing
         * @param cgroupLimit the cgroup's cap the failed figure reached, or empty
         * @throws IllegalArgumentException if the status does not follow from the figures, a
         *     reason is given for a judged criterion (or none for one not judged), or a cap is
         *     named for a criterion that did not fail
         */
        public Result {
            note = Objects.requireNonNull(note, "note").filter(n -> !n.isEmpty());
            Objects.requireNonNull(criterion, "criterion");
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(whyNotJudged, "whyNotJudged");
            Objects.requireNonNull(cgroupLimit, "cgroupLimit");
            if (status != judge(criterion, required, measured)) {
                throw new IllegalArgumentException(criterion + " " + measured + " against "
                        + required + " is not " + status);
            }
            if ((status == Status.NOT_JUDGED) != whyNotJudged.isPresent()) {
                throw new IllegalArgumentException(status + " with the reason " + whyNotJudged
                        + ": a reason is given exactly when a criterion is not judged");
            }
            if (cgroupLimit.isPresent() && status != Status.NOT_MET) {
                throw new IllegalArgumentException("a cgroup's cap is named only for a failed"
                        + " criterion: " + criterion + " " + status);
            }
        }

        /**
         * This failed result, naming the cgroup's I/O cap its figure reached: the note begins
         * {@code not met: the cgroup caps writes at ...}. A result that did not fail is returned
         * as it is (a cap only slows: a figure that met its bound under it met it).
         *
         * @param cap the cap the figure reached
         * @return the result naming the cap
         */
        Result cappedAt(IoLimit cap) {
            if (status != Status.NOT_MET) {
                return this;
            }
            String capped = "not met: the cgroup caps " + cap.direction().plural() + " at "
                    + cap.rate() + " (cgroup " + cap.version().label() + " " + cap.cgroup() + ", "
                    + cap.file() + " on " + cap.deviceName() + " " + cap.deviceNumber()
                    + "), so the drive may be faster outside it";
            return new Result(criterion, status, whyNotJudged, required, measured,
                    latencyPercentile, Optional.of(note.map(n -> capped + "; " + n).orElse(capped)),
                    Optional.of(cap));
        }

        /**
         * A judged criterion: passed or failed by its figure.
         *
         * @param criterion what was bounded
         * @param required the bound
         * @param measured the worst figure, a number
         * @param latencyPercentile the latency bound's percentile, or NaN
         * @param note what the figure leaves open; empty when nothing
         * @return the result
         * @throws IllegalArgumentException if the figure is NaN
         */
        public static Result judged(Criterion criterion, double required, double measured,
                double latencyPercentile, Optional<String> note) {
            if (Double.isNaN(measured)) {
                throw new IllegalArgumentException("a judged " + criterion + " needs a figure");
            }
            return new Result(criterion, judge(criterion, required, measured), Optional.empty(),
                    required, measured, percentileOf(criterion, latencyPercentile), note,
                    Optional.empty());
        }

        /**
         * A criterion not judged, for a reason.
         *
         * @param criterion what was bounded
         * @param why why it was not judged
         * @param required the bound
         * @param latencyPercentile the latency bound's percentile, or NaN
         * @param note what stands behind it; empty when nothing
         * @return the result
         */
        public static Result notJudged(Criterion criterion, NotJudged why, double required,
                double latencyPercentile, Optional<String> note) {
            return new Result(criterion, Status.NOT_JUDGED, Optional.of(why), required, Double.NaN,
                    percentileOf(criterion, latencyPercentile), note, Optional.empty());
        }

        private static double percentileOf(Criterion criterion, double latencyPercentile) {
            return criterion == Criterion.RANDOM_4K_LATENCY ? latencyPercentile : Double.NaN;
        }

        private static Status judge(Criterion c, double required, double measured) {
            if (Double.isNaN(measured)) {
                return Status.NOT_JUDGED;
            }
            boolean ok = c.isMinimum() ? measured >= required : measured <= required;
            return ok ? Status.MET : Status.NOT_MET;
        }

        private String statusText() {
            switch (status) {
                case MET:
                    return "passed";
                case NOT_MET:
                    return "failed";
                default:
                    return "not judged";
            }
        }

        /** {@return whether the criterion was met} */
        public boolean passed() {
            return status == Status.MET;
        }

        /**
         * By how much: how many times the bound the figure is, for a minimum (measured /
         * required), and how many times the figure the bound is, for a maximum (required /
         * measured). 1 or more passes either way: 1.25 is 25 % of headroom, 0.8 a shortfall.
         *
         * @return the ratio, NaN when not judged
         */
        public double marginRatio() {
            if (Double.isNaN(measured)) {
                return Double.NaN;
            }
            if (criterion.isMinimum()) {
                return measured / required;
            }
            return measured == 0 ? Double.POSITIVE_INFINITY : required / measured;
        }

        /**
         * {@return the criterion and bound for people, for example {@code sequential write >= 30.0
         * MB/s (28.6 MiB/s)}}
         */
        public String bound() {
            return describeBound(criterion, required, latencyPercentile);
        }

        static String describeBound(Criterion c, double value, double percentile) {
            String label = c == Criterion.RANDOM_4K_LATENCY
                    ? c.label() + " p" + StorageRequirement.percentileText(percentile) : c.label();
            return label + (c.isMinimum() ? " >= " : " <= ") + figure(c, value);
        }

        static String figure(Criterion c, double value) {
            switch (c) {
                case SEQUENTIAL_WRITE:
                case SUSTAINED_WRITE:
                case SEQUENTIAL_READ:
                    return Throughput.ofBytesPerSecond(value).toString();
                case RANDOM_4K_READ_IOPS:
                case RANDOM_4K_WRITE_IOPS:
                    return String.format(Locale.ROOT, "%.0f IOPS", value);
                default:
                    return Nanoseconds.format(value);
            }
        }

        /**
         * For example {@code passed: sequential write >= 30.0 MB/s (28.6 MiB/s): slowest measured
         * 45.0 MB/s (42.9 MiB/s), 1.50x the minimum} (a minimum is judged on the slowest figure, a
         * maximum on the highest: {@link #measured()}); {@code not judged: sustained write >= 30.0
         * MB/s (28.6 MiB/s): burst only: ...}.
         */
        @Override
        public String toString() {
            String head = statusText() + ": " + bound();
            if (status == Status.NOT_JUDGED) {
                return head + ": " + whyNotJudged.orElseThrow().label()
                        + note.map(n -> ": " + n).orElse("");
            }
            double ratio = marginRatio();
            String by = criterion.isMinimum()
                    ? timesText(ratio) + "x the minimum"
                    : String.format(Locale.ROOT, "%.1f %% of the maximum", 100 * measured / required);
            return head + (criterion.isMinimum() ? ": slowest measured " : ": highest measured ")
                    + figure(criterion, measured) + ", " + by
                    + note.map(n -> " (" + n + ")").orElse("");
        }
    }

    private final StorageRequirement requirement;
    private final List<Result> results;

    /**
     * The outcome of checking measurements against a requirement.
     *
     * @param requirement what was checked
     * @param results one per bounded criterion
     */
    public RequirementCheck(StorageRequirement requirement, List<Result> results) {
        this.requirement = Objects.requireNonNull(requirement, "requirement");
        this.results = List.copyOf(results);
    }

    /** {@return the requirement the measurements were checked against} */
    public StorageRequirement requirement() {
        return requirement;
    }

    /** {@return one result per bounded criterion, in {@link Criterion} order} */
    public List<Result> results() {
        return results;
    }

    /**
     * {@return the verdict: {@link Outcome#NOT_MET} when a criterion failed, else
     * {@link Outcome#NOT_JUDGED} when one was not judged, else {@link Outcome#MET}}
     */
    public Outcome outcome() {
        if (results.stream().anyMatch(r -> r.status() == Status.NOT_MET)) {
            return Outcome.NOT_MET;
        }
        return results.stream().anyMatch(r -> r.status() == Status.NOT_JUDGED)
                ? Outcome.NOT_JUDGED : Outcome.MET;
    }

    /** {@return whether every criterion was judged and passed ({@link Outcome#MET})} */
    public boolean passed() {
        return outcome() == Outcome.MET;
    }

    /** {@return the criteria that were judged and failed} */
    public List<Result> failures() {
        return withStatus(Status.NOT_MET);
    }

    /** {@return the criteria that were not judged, each with why} */
    public List<Result> notJudged() {
        return withStatus(Status.NOT_JUDGED);
    }

    private List<Result> withStatus(Status status) {
        return results.stream().filter(r -> r.status() == status).toList();
    }

    /**
     * The smallest {@link Result#marginRatio()}: the criterion closest to failing (or failing
     * most), for ranking candidates; NaN if any criterion was not judged, infinity when
     * nothing is required.
     *
     * @return the ratio
     */
    public double worstMarginRatio() {
        double worst = Double.POSITIVE_INFINITY;
        for (Result r : results) {
            double m = r.marginRatio();
            if (Double.isNaN(m)) {
                return Double.NaN;
            }
            worst = Math.min(worst, m);
        }
        return worst;
    }

    /** The verdict ({@code met}, {@code NOT met}, {@code NOT JUDGED}), then one line per criterion. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("requirement ").append(requirement.name())
                .append(": ").append(outcome().label()).append('\n');
        for (Result r : results) {
            sb.append("  ").append(r).append('\n');
        }
        return sb.toString();
    }

    /**
     * {@return a ratio with two decimals ({@code 0.83}), or, under 0.1, with two significant
     * digits ({@code 0.0022}), so that a figure far below its minimum does not read as 0}
     *
     * @param ratio the measured figure over the minimum
     */
    static String timesText(double ratio) {
        if (ratio > 0 && ratio < 0.1 && Double.isFinite(ratio)) {
            return new BigDecimal(ratio).round(new MathContext(2)).toPlainString();
        }
        return String.format(Locale.ROOT, "%.2f", ratio);
    }
}
