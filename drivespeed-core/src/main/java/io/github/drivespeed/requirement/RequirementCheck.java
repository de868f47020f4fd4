package io.github.drivespeed.requirement;

import io.github.drivespeed.requirement.StorageRequirement.Criterion;
import io.github.drivespeed.target.IoLimit;
import io.github.drivespeed.unit.Nanoseconds;
import io.github.drivespeed.unit.Throughput;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The outcome of {@link StorageRequirement#check(Measurements)}: per criterion, what was required,
 * what was measured, whether it passed and by how much. An immutable value.
 */
public final class RequirementCheck {

    /** How one criterion fared. */
    public enum Status {
        /** Measured and within the bound. */
        PASSED,
        /** Measured and outside the bound. */
        FAILED,
        /** No result held the figure; the requirement cannot be said to be met. */
        NOT_MEASURED
    }

    /**
     * One criterion's outcome.
     *
     * @param criterion what was bounded
     * @param status passed, failed or not measured
     * @param required the bound: bytes per second, I/Os per second or nanoseconds (see
     *     {@link Criterion})
     * @param measured the worst measured figure in the same unit, NaN when not measured
     * @param latencyPercentile for {@link Criterion#RANDOM_4K_LATENCY}, the percentile; else NaN
     * @param note why it was not measured (for example the figures left out as not the drive's,
     *     with their warnings), or what the figure leaves open (a sequential write from a test too
     *     short to pass the drive's write cache, a figure held to a cgroup's cap); empty when
     *     there is nothing to say
     * @param cgroupLimit for a failed criterion whose figure reached an I/O cap of the process's
     *     cgroup ({@link io.github.drivespeed.warning.Warning#CGROUP_IO_LIMIT}), that cap: the
     *     criterion is not met by this process, whatever the drive could do outside the cgroup;
     *     empty otherwise
     */
    public record Result(Criterion criterion, Status status, double required, double measured,
            double latencyPercentile, String note, Optional<IoLimit> cgroupLimit) {

        /**
         * Checks the values.
         *
         * @param criterion what was bounded
         * @param status passed, failed or not measured
         * @param required the bound
         * @param measured the worst figure, NaN when not measured
         * @param latencyPercentile the latency bound's percentile, or NaN
         * @param note why not measured, or what the figure leaves open; empty when nothing
         * @param cgroupLimit the cgroup's cap the failed figure reached, or empty
         * @throws IllegalArgumentException if the status does not follow from the figures, or a
         *     cap is named for a criterion that did not fail
         */
        public Result {
            Objects.requireNonNull(note, "note");
            Objects.requireNonNull(criterion, "criterion");
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(cgroupLimit, "cgroupLimit");
            if (status != judge(criterion, required, measured)) {
                throw new IllegalArgumentException(criterion + " " + measured + " against "
                        + required + " is not " + status);
            }
            if (cgroupLimit.isPresent() && status != Status.FAILED) {
                throw new IllegalArgumentException("a cgroup's cap is named only for a failed"
                        + " criterion: " + criterion + " " + status);
            }
        }

        /**
         * A result that names no cgroup cap.
         *
         * @param criterion what was bounded
         * @param status passed, failed or not measured
         * @param required the bound
         * @param measured the worst figure, NaN when not measured
         * @param latencyPercentile the latency bound's percentile, or NaN
         * @param note why not measured, or what the figure leaves open; empty when nothing
         */
        public Result(Criterion criterion, Status status, double required, double measured,
                double latencyPercentile, String note) {
            this(criterion, status, required, measured, latencyPercentile, note,
                    Optional.empty());
        }

        /**
         * A result without a note.
         *
         * @param criterion what was bounded
         * @param status passed, failed or not measured
         * @param required the bound
         * @param measured the worst figure, NaN when not measured
         * @param latencyPercentile the latency bound's percentile, or NaN
         */
        public Result(Criterion criterion, Status status, double required, double measured,
                double latencyPercentile) {
            this(criterion, status, required, measured, latencyPercentile, "");
        }

        /**
         * The result of a figure against its bound; where it failed and reached a cgroup's cap,
         * the note begins {@code not met: the cgroup caps writes at ...}.
         */
        static Result of(Criterion criterion, double required, double measured,
                double latencyPercentile, String note, Optional<IoLimit> reachedCap) {
            Status status = judge(criterion, required, measured);
            Optional<IoLimit> cap = status == Status.FAILED ? reachedCap : Optional.empty();
            String capped = cap.map(l -> "not met: the cgroup caps " + l.direction().plural()
                    + " at " + l.rate() + " (cgroup " + l.version().label() + " " + l.cgroup()
                    + ", " + l.file() + " on " + l.deviceName() + " " + l.device()
                    + "), so the drive may be faster outside it").orElse("");
            return new Result(criterion, status, required, measured,
                    criterion == Criterion.RANDOM_4K_LATENCY ? latencyPercentile : Double.NaN,
                    capped.isEmpty() || note.isEmpty() ? capped + note : capped + "; " + note,
                    cap);
        }

        private static Status judge(Criterion c, double required, double measured) {
            if (Double.isNaN(measured)) {
                return Status.NOT_MEASURED;
            }
            boolean ok = c.isMinimum() ? measured >= required : measured <= required;
            return ok ? Status.PASSED : Status.FAILED;
        }

        /** {@return whether the criterion passed} */
        public boolean passed() {
            return status == Status.PASSED;
        }

        /**
         * By how much: how many times the bound the figure is, for a minimum (measured /
         * required), and how many times the figure the bound is, for a maximum (required /
         * measured). 1 or more passes either way: 1.25 is 25 % of headroom, 0.8 a shortfall.
         *
         * @return the ratio, NaN when not measured
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
         * For example {@code passed: sequential write >= 30.0 MB/s (28.6 MiB/s): measured 45.0
         * MB/s (42.9 MiB/s), 1.50x the bound}; {@code not measured: ...: no result holds it}.
         */
        @Override
        public String toString() {
            String head = status.name().toLowerCase(Locale.ROOT).replace('_', ' ') + ": "
                    + bound();
            if (status == Status.NOT_MEASURED) {
                return head + ": " + (note.isEmpty() ? "no result holds this figure" : note);
            }
            double ratio = marginRatio();
            String by = criterion.isMinimum()
                    ? String.format(Locale.ROOT, "%.2fx the minimum", ratio)
                    : String.format(Locale.ROOT, "%.1f %% of the maximum", 100 * measured / required);
            return head + ": measured " + figure(criterion, measured) + ", " + by
                    + (note.isEmpty() ? "" : " (" + note + ")");
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

    /** {@return whether every criterion was measured and passed} */
    public boolean passed() {
        return results.stream().allMatch(Result::passed);
    }

    /** {@return the criteria that failed or were not measured} */
    public List<Result> failures() {
        return results.stream().filter(r -> !r.passed()).toList();
    }

    /**
     * The smallest {@link Result#marginRatio()}: the criterion closest to failing (or failing
     * most), for ranking candidates; NaN if any criterion was not measured, infinity when
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

    /** The verdict, then one line per criterion. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("requirement ").append(requirement.name())
                .append(": ").append(passed() ? "met" : "NOT met").append('\n');
        for (Result r : results) {
            sb.append("  ").append(r).append('\n');
        }
        return sb.toString();
    }
}
