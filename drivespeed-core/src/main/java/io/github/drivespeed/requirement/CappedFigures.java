package io.github.drivespeed.requirement;

import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.requirement.StorageRequirement.Criterion;
import io.github.drivespeed.target.IoLimit;
import io.github.drivespeed.target.IoLimitReached;
import java.util.List;
import java.util.Optional;

/**
 * The cgroup's I/O cap that a criterion's figures reached
 * ({@link io.github.drivespeed.warning.Warning#CGROUP_IO_LIMIT}), looked for among the figures
 * the criterion is judged on: a sequential write's or read's pass (and a sustained write's), the
 * random 4 KiB workloads' reads or writes. A byte cap holds IOPS too, and an I/O cap throughput,
 * so either counts.
 */
final class CappedFigures {

    private CappedFigures() {
    }

    /**
     * @param c the criterion
     * @param m the measurements
     * @return the first cap a figure of the criterion reached; empty when none did
     */
    static Optional<IoLimit> cap(Criterion c, Measurements m) {
        switch (c) {
            case SEQUENTIAL_WRITE:
            case SUSTAINED_WRITE:
                return sequential(PassKind.WRITE, m);
            case SEQUENTIAL_READ:
                return sequential(PassKind.READ, m);
            default:
                return random(c, m);
        }
    }

    private static Optional<IoLimit> sequential(PassKind kind, Measurements m) {
        for (SpeedReport r : m.sequential()) {
            PassResult pass = kind == PassKind.WRITE ? r.write() : r.read();
            Optional<IoLimit> cap = first(r.ioLimitsReached(), kind);
            if (!notTheDrives(pass) && cap.isPresent()) {
                return cap;
            }
        }
        if (kind == PassKind.WRITE) {
            for (SustainedReport r : m.sustained()) {
                Optional<IoLimit> cap = first(r.ioLimitsReached(), kind);
                if (cap.isPresent()) {
                    return cap;
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<IoLimit> random(Criterion c, Measurements m) {
        for (WorkloadReport r : m.workloads()) {
            if (!CriterionJudge.isRandom4k(r)) {
                continue;
            }
            int readPercent = r.parameters().readPercent();
            boolean judged = c == Criterion.RANDOM_4K_READ_IOPS ? readPercent == 100
                    : c == Criterion.RANDOM_4K_WRITE_IOPS ? readPercent == 0
                    : readPercent == 100 || readPercent == 0;
            if (!judged) {
                continue;
            }
            PassKind kind = readPercent == 100 ? PassKind.READ : PassKind.WRITE;
            PassResult pass = (kind == PassKind.READ ? r.read() : r.write()).orElseThrow();
            Optional<IoLimit> cap = first(r.ioLimitsReached(), kind);
            if (!notTheDrives(pass) && cap.isPresent()) {
                return cap;
            }
        }
        return Optional.empty();
    }

    private static boolean notTheDrives(PassResult pass) {
        return !pass.notTheDrives().isEmpty();
    }

    private static Optional<IoLimit> first(List<IoLimitReached> reached, PassKind kind) {
        IoLimit.Direction direction = kind == PassKind.READ ? IoLimit.Direction.READ
                : IoLimit.Direction.WRITE;
        return reached.stream().map(IoLimitReached::limit)
                .filter(l -> l.direction() == direction).findFirst();
    }
}
