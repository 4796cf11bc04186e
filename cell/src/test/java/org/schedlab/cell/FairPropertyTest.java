package org.schedlab.cell;

import static org.junit.jupiter.api.Assertions.fail;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongFunction;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.schedlab.comparator.Comparison;
import org.schedlab.comparator.FailureClass;
import org.schedlab.comparator.PhaseComparison;
import org.schedlab.comparator.Thresholds;
import org.schedlab.comparator.VcpuComparison;
import org.schedlab.comparator.Verdict;
import org.schedlab.core.EngineType;
import org.schedlab.core.Numbers;
import org.schedlab.core.Partition;
import org.schedlab.core.Phase;
import org.schedlab.core.Problem;
import org.schedlab.grammar.ScenarioWriter;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.RunListener;
import org.schedlab.solver.Solution;
import org.schedlab.solver.Solver;
import org.schedlab.testkit.RandomChanges;
import org.schedlab.testkit.RandomProblems;
import org.schedlab.testkit.RandomProblems.Demands;

/**
 * {@code fair} on random problems over the whole language (issue 7), solve + run + compare as the CLI
 * does. With every virtual CPU {@code *} the fluid answer is reachable by time-slicing, so any miss
 * beyond 2% is a defect of the policy or the runner. With finite demands a placement can miss the
 * answer without anyone choosing wrongly (a large jar, like AL1), so failures there are classified by
 * {@link FailureClass} and only misallocations fail the test.
 *
 * <p>Problem {@code i} is {@code RandomProblems.small(base + i, ...)}, run with seed {@code base + i};
 * the base is 1 unless {@code -Dschedlab.property.seed=N}, so the suite is deterministic. Each run is
 * a 2 s warm-up and four counted intervals of 1 s (longer under a long DSPSLICE, see {@link #config}),
 * on {@code -Dschedlab.property.threads} runs at a time (default: one per processor). 5,000 all-{@code *}
 * problems (about 1.5 minutes on two processors), from the repository root; {@code #fair_finite*} instead runs
 * 5,000 finite ones (about 2.5 minutes):
 *
 * <pre>
 * mvn -B -o -pl cell -am test -Dtest='FairPropertyTest#fair_allUnbounded*' -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dschedlab.property.problems=5000
 * </pre>
 *
 * <p>{@code #fair_allUnboundedDynamic*} runs problems that change while they run (200 in the suite, 5,000 in about
 * 8 minutes with {@code -Dschedlab.property.problems=5000}); {@code #fair_nearShare*} the near-share class.
 *
 * <p>The suite's 300 finite problems have no misallocation; 5,000 still have a few (docs/policies.md gives the
 * count), so the finite test fails at that size. Each failure is printed with its seed, its figures and the
 * problem as scenario text, ready to save as a {@code .scn} file and reproduce with the {@code schedlab test}
 * command printed beside it. {@code -Dschedlab.property.policy=fair:weights=share} runs the same problems
 * under that setting.
 */
class FairPropertyTest {

    private static final long BASE_SEED = Long.getLong("schedlab.property.seed", 1);
    private static final int PROBLEMS = Integer.getInteger("schedlab.property.problems", 300);
    /** The policy under test: fair, or one of its settings ({@code -Dschedlab.property.policy=fair:weights=share}). */
    private static final String POLICY = System.getProperty("schedlab.property.policy", "fair");
    private static final int WORKERS = Integer.getInteger("schedlab.property.threads",
            Runtime.getRuntime().availableProcessors());

    /** Always-ready virtual CPUs leave no excuse beyond time-slicing noise. */
    private static final double ALL_UNBOUNDED_MAX_ERROR_PCT = 2;
    /** A mean this close to its answer (percent of one logical CPU) is on it, for {@link FailureClass}. */
    private static final double TOLERANCE = 1;
    private static final long WARMUP_MICROS = 2_000_000;
    /** Near-share problems in the suite: each runs 30 s of virtual time. */
    private static final int NEAR_SHARE_PROBLEMS = 100;
    /** Dynamic all-{@code *} problems in the suite. */
    private static final int DYNAMIC_PROBLEMS = 200;
    private static final int COUNTED_INTERVALS = 4;

    /** One problem's run: its comparison, or why it has none, and the CPU time the run took. */
    private record Result(long seed, Problem problem, Solution solution, RunConfig config,
                          Optional<Comparison> comparison, Optional<String> error, long cpuNanos) {

        double maxErrorPct() {
            return comparison.map(Comparison::maxErrorPct).orElse(Double.POSITIVE_INFINITY);
        }
    }

    @Test
    void fair_allUnboundedRandomProblems_everyMaxErrorWithin2Percent() {
        long started = System.nanoTime();
        List<Result> results = runAll(Demands.ALL_UNBOUNDED);
        Predicate<Result> failing = r -> r.error().isPresent() || r.maxErrorPct() > ALL_UNBOUNDED_MAX_ERROR_PCT;
        List<Result> failed = results.stream().filter(failing).toList();
        // With always-ready virtual CPUs even a "large jar" (idle CPU beside a short virtual CPU) is a defect; the
        // classes say how the means miss, or (OK) that only single intervals do.
        Map<FailureClass.Kind, Integer> classes = new EnumMap<>(FailureClass.Kind.class);
        for (Result r : failed) {
            r.comparison().ifPresent(c -> classes.merge(FailureClass.classify(r.solution(), c, TOLERANCE).kind(), 1,
                    Integer::sum));
        }
        String summary = POLICY + ", all-* problems " + range() + ": " + failed.size() + " of " + results.size()
                + " over " + Numbers.format(ALL_UNBOUNDED_MAX_ERROR_PCT) + "% max error; " + distribution(failed)
                + "; classes " + classes + "\nfailing by feature: " + byFeature(results, failing) + "\n"
                + timing(results, started);
        System.out.println(summary);
        if (!failed.isEmpty()) {
            StringBuilder sb = new StringBuilder(summary).append('\n');
            for (Result r : failed) {
                sb.append(describe(r, ALL_UNBOUNDED_MAX_ERROR_PCT, "")).append('\n');
            }
            fail(sb.toString());
        }
    }

    @Test
    void fair_finiteRandomProblems_noMisallocation() {
        long started = System.nanoTime();
        List<Result> results = runAll(Demands.MOSTLY_FINITE);
        Map<FailureClass.Kind, Integer> counts = new EnumMap<>(FailureClass.Kind.class);
        Map<Long, FailureClass> classes = new TreeMap<>();
        List<String> errors = new ArrayList<>();
        List<String> defects = new ArrayList<>();
        for (Result r : results) {
            if (r.comparison().isEmpty()) {
                errors.add(describe(r, Thresholds.DEFAULT.maxErrorPct(), ""));
                continue;
            }
            Comparison c = r.comparison().get();
            if (c.verdict() == Verdict.PASS) {
                continue;
            }
            FailureClass f = FailureClass.classify(r.solution(), c, TOLERANCE);
            classes.put(r.seed(), f);
            counts.merge(f.kind(), 1, Integer::sum);
            if (f.kind().defect()) {
                StringBuilder pools = new StringBuilder(f.kind().name()).append('\n');
                for (FailureClass.PoolFinding p : f.pools()) {
                    if (p.kind() != FailureClass.Kind.OK) {
                        pools.append("  ").append(p.summary()).append('\n');
                    }
                }
                defects.add(describe(r, Thresholds.DEFAULT.maxErrorPct(), pools.toString()));
            }
        }
        String summary = POLICY + ", finite problems " + range() + ": " + classes.size() + " of " + results.size()
                + " over " + Numbers.format(Thresholds.DEFAULT.maxErrorPct()) + "% max error: "
                + counts.getOrDefault(FailureClass.Kind.MISALLOCATION, 0) + " misallocation, "
                + counts.getOrDefault(FailureClass.Kind.OVER_SERVED, 0) + " over-served, "
                + counts.getOrDefault(FailureClass.Kind.LARGE_JAR, 0) + " large jar, "
                + counts.getOrDefault(FailureClass.Kind.OK, 0) + " with every mean within "
                + Numbers.format(TOLERANCE) + " of its answer; " + errors.size() + " runs failed"
                + "\ndefects by feature: "
                + byFeature(results, r -> classes.containsKey(r.seed()) && classes.get(r.seed()).kind().defect())
                + "\n" + timing(results, started);
        System.out.println(summary);
        if (!defects.isEmpty() || !errors.isEmpty()) {
            fail(summary + "\n" + String.join("\n", errors) + String.join("\n", defects));
        }
    }

    /**
     * Problems that change while they run ({@code RandomChanges.small} over {@code RandomProblems.small}, every virtual
     * CPU {@code *}): one to three changes of one to three statements each (shares, limits of both modes, logons
     * including a user logged off before, logoffs, STOP, START, CPU pool caps), every phase the same length. Each
     * phase after a change must settle within the default settle limit (or one interval, when the interval is longer)
     * and stay within {@value #ALL_UNBOUNDED_MAX_ERROR_PCT}% afterwards; the first phase, after the warm-up, as the
     * static all-{@code *} problems. The interval is chosen for the largest phase as {@link #config} chooses it, from 1,
     * 2, 2.5, 5 or 10 s so that intervals start at the changes; a phase is at least 10 s and four intervals.
     * {@value #DYNAMIC_PROBLEMS} problems in the suite; {@code -Dschedlab.property.problems=N} runs N.
     */
    @Test
    void fair_allUnboundedDynamicProblems_everyChangeSettlesAndStaysWithin2Percent() {
        long started = System.nanoTime();
        int count = Integer.getInteger("schedlab.property.problems", DYNAMIC_PROBLEMS);
        Map<Long, Long> intervals = new java.util.concurrent.ConcurrentHashMap<>();
        LongFunction<Problem> generator = seed -> {
            long interval = dynamicInterval(RandomChanges.small(seed, Demands.ALL_UNBOUNDED, 10));
            intervals.put(seed, interval);
            int phase = (int) Math.max(10, (4 * interval + 999_999) / 1_000_000);
            return RandomChanges.small(seed, Demands.ALL_UNBOUNDED, phase);
        };
        Configure configure = (p, s, seed) -> {
            long interval = intervals.get(seed);
            long warmup = (WARMUP_MICROS + interval - 1) / interval * interval;
            return RunConfig.forProblem(p).toBuilder().seed(seed).threads(1).timeout(Duration.ofSeconds(300))
                    .intervalMicros(interval).warmupMicros(warmup).build();
        };
        // The settle limit is at least one interval: an interval is the resolution of a settling time.
        List<Result> results = runAll(count, generator, configure, seed -> new Thresholds(ALL_UNBOUNDED_MAX_ERROR_PCT,
                OptionalDouble.empty(), Math.max(Thresholds.DEFAULT_SETTLE_S, intervals.get(seed) / 1e6)));
        List<Result> failed = results.stream()
                .filter(r -> r.error().isPresent() || r.comparison().orElseThrow().verdict() != Verdict.PASS)
                .toList();
        int changes = results.stream().mapToInt(r -> r.problem().timeline().size()).sum();
        double maxSettle = results.stream().flatMap(r -> r.comparison().stream())
                .flatMap(c -> c.phases().stream().skip(1)).mapToDouble(PhaseComparison::settleS).max().orElse(0);
        String summary = POLICY + ", all-* dynamic problems " + range(count) + " (" + changes + " changes): "
                + failed.size() + " of " + results.size() + " failing (a change not settled within the limit, or "
                + "an interval over " + Numbers.format(ALL_UNBOUNDED_MAX_ERROR_PCT) + "% after it); largest settling "
                + Numbers.format(maxSettle) + " s\n" + timing(results, started);
        System.out.println(summary);
        if (!failed.isEmpty()) {
            StringBuilder sb = new StringBuilder(summary).append('\n');
            for (Result r : failed) {
                sb.append(describe(r, ALL_UNBOUNDED_MAX_ERROR_PCT, "")).append('\n');
            }
            fail(sb.toString());
        }
    }

    /** Intervals that divide a whole number of seconds, so that intervals start at the changes. */
    private static final long[] DYNAMIC_INTERVALS = {1_000_000, 2_000_000, 2_500_000, 5_000_000, 10_000_000};

    /** The interval {@link #config} would choose for the most demanding phase, rounded up to {@link #DYNAMIC_INTERVALS}. */
    private static long dynamicInterval(Problem p) {
        long needed = 0;
        for (Phase phase : p.phases()) {
            Problem q = phase.problem();
            if (q.vcpus().stream().anyMatch(v -> !v.vcpu().stopped())) {
                needed = Math.max(needed, config(q, Solver.solve(q), 1).intervalMicros());
            }
        }
        for (long i : DYNAMIC_INTERVALS) {
            if (i >= needed) {
                return i;
            }
        }
        return (needed + 9_999_999) / 10_000_000 * 10_000_000;
    }

    /**
     * The class {@link NearShareProblems} draws: a finite virtual CPU whose demand is just above or below its part of
     * its user's share, beside always-ready siblings, with whole-CPU burners filling the other CPs. Each runs 30 s
     * (1 s intervals, 5 s warm-up): long enough for a whole-CPU burner's SIE exits to leave it well behind fluid time,
     * which is what once let the finite one lose half its answer for a second or two. Every run must pass the default
     * thresholds. {@value #NEAR_SHARE_PROBLEMS} problems in the suite; {@code -Dschedlab.property.problems=N} runs N.
     */
    @Test
    void fair_nearShareRandomProblems_everyRunPasses() {
        long started = System.nanoTime();
        int count = Integer.getInteger("schedlab.property.problems", NEAR_SHARE_PROBLEMS);
        List<Result> results = runAll(count, NearShareProblems::generate,
                (p, s, seed) -> RunConfig.defaults().toBuilder().seed(seed).threads(1).timeout(Duration.ofSeconds(120))
                        .durationMicros(30_000_000).intervalMicros(1_000_000).warmupMicros(5_000_000).build(),
                seed -> Thresholds.DEFAULT);
        List<Result> failed = results.stream()
                .filter(r -> r.error().isPresent() || r.comparison().orElseThrow().verdict() != Verdict.PASS)
                .toList();
        String summary = POLICY + ", near-share problems " + range(count) + ": " + failed.size() + " of "
                + results.size() + " over " + Numbers.format(Thresholds.DEFAULT.maxErrorPct()) + "% max error; "
                + distribution(failed) + "\n" + timing(results, started);
        System.out.println(summary);
        if (!failed.isEmpty()) {
            StringBuilder sb = new StringBuilder(summary).append('\n');
            for (Result r : failed) {
                sb.append(describe(r, Thresholds.DEFAULT.maxErrorPct(), "")).append('\n');
            }
            fail(sb.toString());
        }
    }

    /**
     * A warm-up of at least 2 s, then four counted intervals, each long enough that time-slicing alone cannot
     * break the bound. A time-slicer that is exactly right is still up to about one minor time slice off the
     * fluid answer per virtual CPU at an interval's edges: with n virtual CPUs, slice q and interval T that is
     * {@code 100 * sqrt(n) * (100 q / T) / |c|} percent of the correct vector c. The interval is the shortest
     * that keeps this at 1% (half the bound) and is at least 1 s and 100 slices: 1 s for J1-sized problems, 7.5 s
     * for 15 equal virtual CPUs on one CP. The warm-up is rounded up to whole intervals: intervals start at 0,
     * so a 2 s warm-up under 1.8 s intervals would end the run in a 0.2 s interval judged as if it were whole.
     */
    static RunConfig config(Problem p, Solution s, long seed) {
        Partition part = p.partition();
        long slice = 0;
        for (EngineType t : part.types()) {
            slice = Math.max(slice, part.srm().dispatchSliceMicros(part.smt(t)));
        }
        double sumSquares = 0;
        int n = 0;
        for (var a : s.running()) {
            sumSquares += a.correct() * a.correct();
            n++;
        }
        double norm = Math.sqrt(sumSquares);
        long quantization = norm > 0 ? (long) Math.ceil(100 * Math.sqrt(n) * 100 * slice / norm) : 0;
        long interval = Math.max(Math.max(1_000_000, 100 * slice), (quantization + 99_999) / 100_000 * 100_000);
        long warmup = (WARMUP_MICROS + interval - 1) / interval * interval;
        return RunConfig.defaults().toBuilder().seed(seed).threads(1).timeout(Duration.ofSeconds(120))
                .durationMicros(warmup + COUNTED_INTERVALS * interval)
                .intervalMicros(interval)
                .warmupMicros(warmup).build();
    }

    /** Runs problems base..base+N-1 on {@link #WORKERS} threads, one run per thread; results in seed order. */
    private static List<Result> runAll(Demands demands) {
        return runAll(PROBLEMS, seed -> RandomProblems.small(seed, demands), FairPropertyTest::config,
                seed -> Thresholds.DEFAULT);
    }

    /** How a problem's run is configured. */
    private interface Configure {
        RunConfig config(Problem p, Solution s, long seed);
    }

    /** Runs {@code count} problems of {@code generator} from the base seed, on {@link #WORKERS} threads. */
    private static List<Result> runAll(int count, LongFunction<Problem> generator, Configure configure,
                                       LongFunction<Thresholds> thresholds) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        ExecutorService pool = Executors.newFixedThreadPool(WORKERS);
        try {
            List<Future<Result>> futures = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                long seed = BASE_SEED + i;
                futures.add(pool.submit(() -> {
                    long cpu = threads.getCurrentThreadCpuTime();
                    Problem p = generator.apply(seed);
                    Solution s = Solver.solve(p);
                    RunConfig config = configure.config(p, s, seed);
                    Thresholds t = thresholds.apply(seed);
                    TrialResult o = p.dynamic()
                            ? Trial.run(Solver.solvePhases(p), Policies.create(POLICY), config, t, RunListener.NONE)
                            : Trial.run(s, Policies.create(POLICY), config, t, RunListener.NONE);
                    return new Result(seed, p, s, config, o.comparison(), o.error(),
                            threads.getCurrentThreadCpuTime() - cpu);
                }));
            }
            List<Result> results = new ArrayList<>(count);
            for (Future<Result> f : futures) {
                results.add(f.get());
            }
            return results;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private static String range() {
        return range(PROBLEMS);
    }

    private static String range(int count) {
        return "(seeds " + BASE_SEED + ".." + (BASE_SEED + count - 1) + ")";
    }

    private static String timing(List<Result> results, long startedNanos) {
        long cpu = results.stream().mapToLong(Result::cpuNanos).sum();
        return "wall " + Numbers.format((System.nanoTime() - startedNanos) / 1e9, 1) + " s on " + WORKERS
                + " threads, runs' CPU " + Numbers.format(cpu / 1e9, 1) + " s";
    }

    /** How the failures' max errors spread: counts per band and the largest. */
    private static String distribution(List<Result> failed) {
        String[] labels = {"up to 5", "5-10", "10-20", "20-50", "over 50"};
        double[] upper = {5, 10, 20, 50, Double.POSITIVE_INFINITY};
        int[] counts = new int[upper.length];
        double max = 0;
        for (Result r : failed) {
            int band = 0;
            while (r.maxErrorPct() > upper[band]) {
                band++;
            }
            counts[band]++;
            max = Math.max(max, r.maxErrorPct());
        }
        StringBuilder sb = new StringBuilder("max error");
        for (int band = 0; band < labels.length; band++) {
            sb.append(band == 0 ? " " : ", ").append(labels[band]).append(": ").append(counts[band]);
        }
        return sb.append("; largest ").append(failed.isEmpty() ? "-" : Numbers.format(max, 2)).toString();
    }

    /** Per feature: failing problems with it out of problems with it, to see what failures have in common. */
    private static String byFeature(List<Result> results, Predicate<Result> failing) {
        Map<String, int[]> counts = new TreeMap<>();
        for (Result r : results) {
            for (String f : ScenarioText.flags(r.problem())) {
                int[] c = counts.computeIfAbsent(f, k -> new int[2]);
                c[0] += failing.test(r) ? 1 : 0;
                c[1]++;
            }
        }
        List<String> out = new ArrayList<>();
        counts.forEach((f, c) -> out.add(f + " " + c[0] + "/" + c[1]));
        return String.join(", ", out);
    }

    /** Seed, figures, features, per virtual CPU correct against mean, the command, the scenario text. */
    private static String describe(Result r, double maxErrorPct, String finding) {
        StringBuilder sb = new StringBuilder();
        sb.append("--- seed ").append(r.seed()).append(", problem ").append(r.problem().name()).append(": ");
        if (r.comparison().isPresent()) {
            Comparison c = r.comparison().get();
            sb.append("max error ").append(Numbers.format(c.maxErrorPct(), 2)).append("%, mean ")
                    .append(Numbers.format(c.meanErrorPct(), 2)).append('%');
        } else {
            sb.append("run failed: ").append(r.error().orElse("?"));
        }
        sb.append('\n').append("features: ").append(ScenarioText.features(r.problem())).append('\n').append(finding);
        r.comparison().ifPresent(c -> {
            sb.append("correct/mean:");
            for (VcpuComparison v : c.vcpus()) {
                sb.append(' ').append(v.id()).append(' ').append(Numbers.format(v.correct(), 1)).append('/')
                        .append(Numbers.format(v.meanObserved(), 1));
            }
            sb.append('\n');
        });
        RunConfig c = r.config();
        sb.append("reproduce: schedlab test p.scn --policy fair --max-error ").append(Numbers.format(maxErrorPct))
                .append(" --seed ").append(r.seed())
                .append(" --duration ").append(c.durationMicros() / 1000).append("ms --interval ")
                .append(c.intervalMicros() / 1000).append("ms --warmup ").append(c.warmupMicros() / 1000)
                .append("ms\n");
        return sb.append(r.problem().dynamic() ? ScenarioWriter.write(r.problem()) : ScenarioText.of(r.problem()))
                .toString();
    }
}
