package io.github.drivespeed.examples.media;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.SustainedPlan;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.requirement.Measurements;
import io.github.drivespeed.requirement.RequirementCheck;
import io.github.drivespeed.requirement.StorageRequirement;
import io.github.drivespeed.requirement.StorageRequirement.Criterion;
import io.github.drivespeed.target.Link;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.Throughput;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Example: an appliance (a camera, a data logger) choosing where to record from its candidate
 * mount points, say an SD card, a USB stick and the internal disk. For each candidate it first
 * looks without writing ({@link DriveSpeed#probe(Path)}: is it there, is it a real drive, is
 * there room, can its link carry the rate at all), then runs a test of what the requirement
 * needs, bounded in size and in time (a candidate that does not finish in time is dropped, its
 * test cancelled and its file removed), checks the figures against the requirement and ranks the
 * candidates: those that meet it first, the one with the most headroom on its tightest criterion
 * at the top. An SD class ({@code V30}) is a sustained write minimum: its candidates get a
 * sustained write past the write cache (at most 120 s each), since a short burst would only show
 * the cache's speed and could not judge the class.
 *
 * <pre>
 * java -cp drivespeed-examples/target/drivespeed-examples.jar \
 *     io.github.drivespeed.examples.media.MediaSelection V30 /media/sd /media/usb /var/lib/rec
 * </pre>
 */
public final class MediaSelection {

    /** The short test writes and reads this much sequentially (1 MiB x 32, one run). */
    static final long SEQUENTIAL_BYTES = 32 * DataSize.MEBIBYTE;
    /** The random 4 KiB tests run over a file this large, for {@link #RANDOM_DURATION} each. */
    static final DataSize RANDOM_FILE = DataSize.ofMebibytes(32);
    /** Length of each random 4 KiB test. */
    static final Duration RANDOM_DURATION = Duration.ofSeconds(1);
    /** The most time one candidate's test may take: the short tests. */
    static final Duration SHORT_BUDGET = Duration.ofSeconds(20);
    /**
     * The most time one candidate's test may take with a sustained write: its own time bound and
     * the short tests after it.
     */
    static final Duration SUSTAINED_BUDGET = SustainedPlan.DEFAULT_DURATION.plusSeconds(30);

    private MediaSelection() {
    }

    /**
     * One candidate and what was found.
     *
     * @param path the mount point or directory as given
     * @param target what the probe found, if the candidate could be probed
     * @param check the requirement check, if the candidate was measured
     * @param reason why it was ruled out or how it fared, for people
     */
    public record Candidate(Path path, Optional<TargetInfo> target,
            Optional<RequirementCheck> check, String reason) {

        /** {@return whether it was measured and met the requirement} */
        public boolean meetsRequirement() {
            return check.map(RequirementCheck::passed).orElse(false);
        }

        double rank() {
            if (check.isEmpty()) {
                return Double.NEGATIVE_INFINITY;
            }
            double margin = check.get().worstMarginRatio();
            return Double.isNaN(margin) ? -1 : margin;
        }
    }

    /**
     * The outcome: the candidates best first, and the choice.
     *
     * @param requirement what was required
     * @param ranked every candidate, best first
     */
    public record Selection(StorageRequirement requirement, List<Candidate> ranked) {

        /** {@return the best candidate that meets the requirement, if any does} */
        public Optional<Candidate> choice() {
            return ranked.stream().filter(Candidate::meetsRequirement).findFirst();
        }

        /** The choice and every candidate with its reason, for people. */
        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder("requirement: ").append(requirement).append('\n');
            sb.append(choice().map(c -> "chosen: " + c.path()).orElse("chosen: none meets it"))
                    .append('\n');
            int i = 1;
            for (Candidate c : ranked) {
                sb.append(i++).append(". ").append(c.path()).append(": ").append(c.reason())
                        .append('\n');
            }
            return sb.toString();
        }
    }

    /**
     * Probes, tests and ranks the candidates.
     *
     * @param requirement what the recording needs
     * @param candidates directories on the candidate media
     * @param budget the most time one candidate's test may take
     * @return the ranking and the choice
     */
    public static Selection select(StorageRequirement requirement, List<Path> candidates,
            Duration budget) {
        List<Candidate> all = new ArrayList<>();
        ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "media-test");
            t.setDaemon(true);
            return t;
        });
        try {
            for (Path p : candidates) {
                all.add(examine(requirement, p, budget, executor));
            }
        } finally {
            executor.shutdownNow();
        }
        all.sort(Comparator.comparingDouble(Candidate::rank).reversed());
        return new Selection(requirement, List.copyOf(all));
    }

    private static Candidate examine(StorageRequirement requirement, Path path, Duration budget,
            ExecutorService executor) {
        TargetInfo target;
        try {
            target = DriveSpeed.probe(path);
        } catch (IOException e) {
            return new Candidate(path, Optional.empty(), Optional.empty(),
                    "ruled out: " + e.getMessage());
        }
        Optional<String> unfit = unfitByFacts(requirement, target);
        if (unfit.isPresent()) {
            return new Candidate(path, Optional.of(target), Optional.empty(),
                    "ruled out before testing: " + unfit.get());
        }
        Future<Measurements> test = executor.submit(() -> shortTest(requirement, path));
        try {
            RequirementCheck check = requirement.check(
                    test.get(budget.toMillis(), TimeUnit.MILLISECONDS));
            return new Candidate(path, Optional.of(target), Optional.of(check), verdict(check));
        } catch (TimeoutException e) {
            test.cancel(true); // interrupts the test, which removes its file and stops
            return new Candidate(path, Optional.of(target), Optional.empty(),
                    "ruled out: the short test did not finish within " + budget.toSeconds()
                            + " s");
        } catch (ExecutionException e) {
            return new Candidate(path, Optional.of(target), Optional.empty(),
                    "ruled out: " + e.getCause().getMessage());
        } catch (InterruptedException e) {
            test.cancel(true);
            Thread.currentThread().interrupt();
            return new Candidate(path, Optional.of(target), Optional.empty(),
                    "not tested: interrupted");
        }
    }

    /** What the read-only facts alone say against a candidate. */
    static Optional<String> unfitByFacts(StorageRequirement requirement, TargetInfo t) {
        if (t.warnings().contains(Warning.MEMORY_FILE_SYSTEM)) {
            return Optional.of(t.fileSystemType() + " is memory: recordings would not survive a"
                    + " power cut");
        }
        if (t.warnings().contains(Warning.NETWORK_FILE_SYSTEM)) {
            return Optional.of(t.fileSystemType() + " is a network file system");
        }
        if (t.mount().map(m -> m.options().contains("ro")).orElse(false)) {
            return Optional.of("mounted read-only");
        }
        long needed = Math.max(SEQUENTIAL_BYTES, RANDOM_FILE.bytes());
        if (t.totalSpaceBytes() > 0 && t.usableSpaceBytes() < needed) {
            return Optional.of("only " + t.usableSpaceBytes() + " bytes free, the test needs "
                    + needed);
        }
        Optional<Link> link = t.link();
        if (link.isPresent() && link.get().ceiling().isAvailable()) {
            double ceiling = link.get().ceiling().bytesPerSecond();
            for (Criterion c : List.of(Criterion.SEQUENTIAL_WRITE, Criterion.SUSTAINED_WRITE,
                    Criterion.SEQUENTIAL_READ)) {
                Double required = requirement.bounds().get(c);
                if (required != null && required > ceiling) {
                    return Optional.of(c.label() + " must reach "
                            + Throughput.ofBytesPerSecond(required) + " but the link ("
                            + link.get().description() + ") carries at most "
                            + link.get().ceiling());
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The test: what the requirement needs, small and brief; a sustained write minimum first (a
     * write before it would spend the cache it must write past), at its default bounds.
     */
    static Measurements shortTest(StorageRequirement requirement, Path path) throws IOException {
        Measurements m = Measurements.empty();
        if (requirement.needsSustainedWrite()) {
            m = m.with(DriveSpeed.sustained(path).run());
        }
        if (requirement.needsSequentialTest()) {
            m = m.with(DriveSpeed.on(path).blockSize("1M")
                    .count(SEQUENTIAL_BYTES / DataSize.MEBIBYTE).runs(1).run());
        }
        if (requirement.needsRandomReads() || requirement.needsRandomWrites()) {
            m = m.with(DriveSpeed.workload(path).size(RANDOM_FILE).duration(RANDOM_DURATION)
                    .runPresets(List.of(Preset.RND4K_Q1T1)));
        }
        return m;
    }

    private static String verdict(RequirementCheck check) {
        String verdict;
        switch (check.outcome()) {
            case MET:
                verdict = "meets it";
                break;
            case NOT_MET:
                verdict = "does not meet it";
                break;
            default:
                verdict = "not known to meet it (not judged)";
                break;
        }
        StringBuilder sb = new StringBuilder(verdict);
        String sep = ": ";
        for (RequirementCheck.Result r : check.results()) {
            sb.append(sep).append(r);
            sep = "; ";
        }
        return sb.toString();
    }

    /**
     * Selects and prints; exits 0 when a candidate was chosen, 1 when none meets the requirement,
     * 2 for bad arguments.
     *
     * @param args {@code REQUIREMENT DIR...}: the requirement as {@link StorageRequirement#parse}
     *     takes it ({@code V30}, {@code A1,write=20MB/s}), then the candidates
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out));
    }

    /**
     * {@return the exit code: 0 when a candidate was chosen, 1 when none meets the requirement, 2
     * for bad arguments}
     *
     * @param args as {@link #main}
     * @param out where the selection is printed
     */
    public static int run(String[] args, PrintStream out) {
        if (args.length < 2) {
            out.println("usage: MediaSelection REQUIREMENT DIR..., for example V30 /media/sd"
                    + " /media/usb /var/lib/rec");
            return 2;
        }
        StorageRequirement requirement;
        try {
            requirement = StorageRequirement.parse(args[0]);
        } catch (IllegalArgumentException e) {
            out.println("bad requirement: " + e.getMessage());
            return 2;
        }
        List<Path> candidates = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            candidates.add(Path.of(args[i]));
        }
        Selection s = select(requirement, candidates, requirement.needsSustainedWrite()
                ? SUSTAINED_BUDGET : SHORT_BUDGET);
        out.print(s);
        out.flush();
        return s.choice().isPresent() ? 0 : 1;
    }
}
