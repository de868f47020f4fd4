package io.github.drivespeed.internal.workload;

import io.github.drivespeed.internal.files.DriveLocks;
import io.github.drivespeed.internal.io.IoFailures;
import io.github.drivespeed.internal.io.StopSignal;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.report.WorkloadReport;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

/**
 * Runs several workloads at the same time, as fio runs the jobs of one group: every job's file is
 * created and written first, one after the other; then each job runs on a thread of its own, all
 * starting their warm-up together and each measured run together (a barrier), a job with a start
 * delay waiting that long after the common start. A failure or an interrupt in one stops all.
 * The jobs' own files and drive locks are not taken for another measurement; where jobs share a
 * drive, its counters hold all their I/O, so {@code FOREIGN_IO} is not judged per job.
 */
public final class WorkloadGroupRun {

    /**
     * One job of the group.
     *
     * @param engine its target, backend, listener and existing file
     * @param parameters its settings
     * @param startDelay time it waits after each common start before its run (fio
     *     {@code startdelay}); zero for none
     */
    public record Member(WorkloadMeasurement engine, WorkloadParameters parameters,
            Duration startDelay) {
    }

    private WorkloadGroupRun() {
    }

    /**
     * {@return one report per member, in order}
     *
     * @param members at least one; all with the same number of runs
     * @throws IllegalArgumentException if there is none, or their runs differ
     * @throws IOException the first failure of a job, or an {@link InterruptedIOException}
     */
    public static List<WorkloadReport> run(List<Member> members) throws IOException {
        if (members.isEmpty()) {
            throw new IllegalArgumentException("a group needs at least one workload");
        }
        int runs = members.get(0).parameters().runs();
        for (Member m : members) {
            if (m.parameters().runs() != runs) {
                throw new IllegalArgumentException("the workloads of a group run together and"
                        + " need the same number of runs: " + runs + " and "
                        + m.parameters().runs());
            }
        }
        List<WorkloadMeasurement.Prepared> prepared = new ArrayList<>();
        Throwable failure = null;
        try {
            for (Member m : members) {
                prepared.add(m.engine().prepare(List.of(m.parameters())));
            }
            return runPrepared(members, prepared);
        } catch (IOException | RuntimeException | Error e) {
            failure = e;
            throw e;
        } finally {
            closeAll(prepared, failure);
        }
    }

    private static List<WorkloadReport> runPrepared(List<Member> members,
            List<WorkloadMeasurement.Prepared> prepared) throws IOException {
        int n = members.size();
        Set<Path> files = new HashSet<>();
        List<DriveLocks> locks = new ArrayList<>();
        prepared.forEach(p -> {
            files.add(p.name());
            locks.add(p.locks());
        });
        StopSignal stop = new StopSignal();
        CyclicBarrier barrier = new CyclicBarrier(n);
        WorkloadReport[] reports = new WorkloadReport[n];
        Throwable[] failures = new Throwable[n];
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int index = i;
            long delayNanos = members.get(i).startDelay().toNanos();
            RunGate gate = run -> {
                await(barrier, stop);
                if (run > 0 && delayNanos > 0) {
                    sleep(delayNanos, stop);
                }
            };
            DriveLocks own = prepared.get(i).locks();
            boolean sharesDrive = locks.stream().anyMatch(l -> l != own && l.sharesDriveWith(own));
            WorkloadJob job = prepared.get(i).job(0,
                    new WorkloadJob.Group(gate, stop, files, locks, sharesDrive));
            Thread t = new Thread(() -> {
                try {
                    reports[index] = job.run();
                } catch (Throwable e) {
                    failures[index] = e;
                    stop.request();
                    barrier.reset();
                }
            }, "drivespeed-job-" + i);
            t.setDaemon(true);
            threads.add(t);
        }
        threads.forEach(Thread::start);
        boolean interrupted = WorkerGroup.joinAll(threads, () -> {
            stop.request();
            barrier.reset();
        });
        if (interrupted) {
            Thread.currentThread().interrupt();
            throw IoFailures.interrupted("a group of workloads", 0, -1, null);
        }
        Throwable first = firstFailure(failures);
        if (first != null) {
            throw WorkerGroup.rethrown(first);
        }
        return List.of(reports);
    }

    /** The job's own failure first, not another's broken barrier; others suppressed. */
    private static Throwable firstFailure(Throwable[] failures) {
        Throwable first = null;
        for (Throwable f : failures) {
            if (f != null && !(f instanceof GroupStopped) && first == null) {
                first = f;
            }
        }
        for (Throwable f : failures) {
            if (first != null && f != null && f != first && !(f instanceof GroupStopped)) {
                first.addSuppressed(f);
            }
        }
        return first;
    }

    private static void await(CyclicBarrier barrier, StopSignal stop) throws IOException {
        if (stop.requested()) {
            throw new GroupStopped();
        }
        try {
            barrier.await();
        } catch (InterruptedException | BrokenBarrierException e) {
            throw new GroupStopped();
        }
    }

    private static void sleep(long nanos, StopSignal stop) throws IOException {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            if (stop.requested()) {
                throw new GroupStopped();
            }
            try {
                Thread.sleep(Math.min(10, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
            } catch (InterruptedException e) {
                throw new GroupStopped();
            }
        }
    }

    private static void closeAll(List<WorkloadMeasurement.Prepared> prepared, Throwable failure)
            throws IOException {
        IOException closing = null;
        for (WorkloadMeasurement.Prepared p : prepared) {
            try {
                p.close(failure);
            } catch (IOException e) {
                if (closing == null) {
                    closing = e;
                } else {
                    closing.addSuppressed(e);
                }
            }
        }
        if (closing != null) {
            throw closing;
        }
    }

    /** Another job of the group failed, or the group was interrupted: this job stopped. */
    private static final class GroupStopped extends InterruptedIOException {
        private static final long serialVersionUID = 1L;

        GroupStopped() {
            super("stopped: another workload of the group failed or was interrupted");
        }
    }
}
