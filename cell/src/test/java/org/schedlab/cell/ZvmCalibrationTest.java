package org.schedlab.cell;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.schedlab.comparator.Comparison;
import org.schedlab.comparator.Thresholds;
import org.schedlab.core.Problem;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.RunListener;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.spi.ModelConstants;
import org.schedlab.solver.Solution;
import org.schedlab.solver.Solver;

/**
 * The calibration of the z/VM models (docs/validation.md, "The model and its calibration"), as a command anyone
 * can rerun: every point of a grid of the three fitted constants is run on J2, J3 and MZ0 under seeds 1..5
 * (60 s, 1 s intervals, counted from the start as the validation table's report rows), and judged by the sum of
 * squared log ratios of schedlab's median mean and max error to the report's, over the six figures of its
 * release. J1 is run at every point too, but only printed: it is a prediction, never part of the objective.
 *
 * <p>The check: the documented constants ({@link ModelConstants#DEFAULT}) sit within the seed noise of the grid's
 * best point (their objective at most the best one's plus {@link #NOISE}). Runs for minutes, so only on request,
 * from the repository root:
 *
 * <pre>
 * mvn -B -o -pl cell -am test -Dtest=ZvmCalibrationTest -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dschedlab.calibrate=true
 * </pre>
 */
@EnabledIfSystemProperty(named = "schedlab.calibrate", matches = "true")
class ZvmCalibrationTest {

    /** The report's mean and max error %, per scenario, for z/VM 6.3 and for the repaired 6.4 driver. */
    private static final Map<String, double[]> REPORT_63 = Map.of("J1", new double[] {4.76, 23.78},
            "J2", new double[] {27.1, 41.4}, "J3", new double[] {20.29, 32.02}, "MZ0", new double[] {81.04, 83.02});
    private static final Map<String, double[]> REPORT_64 = Map.of("J1", new double[] {0.26, 0.58},
            "J2", new double[] {1.58, 1.81}, "J3", new double[] {1.59, 1.90}, "MZ0", new double[] {5.17, 6.48});
    private static final List<String> FITTED_ON = List.of("J2", "J3", "MZ0");
    private static final int SEEDS = 5;
    /**
     * None: the report's statistics count the start of its measurement (its z/VM 6.3 J1 maximum is an excursion
     * near the beginning), so the fit does too. {@code -Dschedlab.calibrate.warmup=MICROS} shows how the optimum
     * moves with a warm-up.
     */
    private static final long WARMUP_MICROS = Long.getLong("schedlab.calibrate.warmup", 0);
    /**
     * How far apart two points' objectives may be and still not be told apart: the spread of one point's objective
     * over single seeds is about this (measured at scale 0.2, clamp 50-100 us, 5 s warm-up: 0.07-0.11).
     */
    private static final double NOISE = 0.05;

    private static final double[] SCALES = {0.1, 0.15, 0.2, 0.25, 0.35, 0.5, 0.65, 0.8, 1.0};
    private static final long[] CLAMPS = {25, 50, 100, 200, 300, 500, 1_000, 2_000, 5_000, 20_000};
    private static final double[] FORGET_TAUS = {100_000, 200_000, 300_000, 400_000, 600_000, 800_000, 1_000_000,
        1_500_000, 2_000_000};

    /** One grid point's medians over the seeds, {mean, max} per scenario, and its objective. */
    private record Point(String label, Map<String, double[]> medians, double objective) {
    }

    @Test
    void documentedConstants_gridOverJ2J3Mz0_withinSeedNoiseOfTheBest() throws Exception {
        Map<String, Solution> problems = Map.of("J1", solve("J1"), "J2", solve("J2"), "J3", solve("J3"),
                "MZ0", solve("MZ0"));
        ModelConstants k = ModelConstants.DEFAULT;
        List<ModelConstants> grid63 = new ArrayList<>();
        for (double scale : SCALES) {
            for (long clamp : CLAMPS) {
                grid63.add(k.withFitted(scale, clamp, k.forgetTauMicros()));
            }
        }
        List<ModelConstants> grid64 = new ArrayList<>();
        for (double tau : FORGET_TAUS) {
            grid64.add(k.withFitted(k.deadlineScale(), k.feedbackClampMicros(), tau));
        }
        StringBuilder out = new StringBuilder();
        boolean ok63 = report(out, "zvm63", REPORT_63, grid63, problems,
                c -> String.format(Locale.ROOT, "scale %.2f clamp %d us", c.deadlineScale(), c.feedbackClampMicros()));
        boolean ok64 = report(out, "zvm64", REPORT_64, grid64, problems,
                c -> String.format(Locale.ROOT, "forget %d ms", Math.round(c.forgetTauMicros() / 1000)));
        System.out.println(out);
        assertTrue(ok63 && ok64, out::toString);
    }

    /** Runs the grid, prints it best first with J1 beside, and says whether DEFAULT is within NOISE of the best. */
    private static boolean report(StringBuilder out, String policy, Map<String, double[]> report,
                                  List<ModelConstants> grid, Map<String, Solution> problems,
                                  Function<ModelConstants, String> label) throws Exception {
        List<Point> points = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
        try {
            for (ModelConstants c : grid) {
                points.add(point(pool, policy, c, label.apply(c), report, problems));
            }
            points.add(point(pool, policy, ModelConstants.DEFAULT, "documented: " + label.apply(ModelConstants.DEFAULT),
                    report, problems));
        } finally {
            pool.shutdownNow();
        }
        Point documented = points.get(points.size() - 1);
        points.sort(Comparator.comparingDouble(Point::objective));
        out.append(policy).append(": objective over ").append(FITTED_ON)
                .append(" (sum of squared log ratios to the report), median over seeds 1..").append(SEEDS)
                .append("; J1 predicted, ratio to the report\n");
        for (int i = 0; i < points.size(); i++) {
            Point p = points.get(i);
            out.append(String.format(Locale.ROOT, "%3d %-40s %.3f", i + 1, p.label(), p.objective()));
            for (String s : List.of("J2", "J3", "MZ0", "J1")) {
                double[] m = p.medians().get(s);
                out.append(String.format(Locale.ROOT, " | %s %.2f/%.2f", s, m[0], m[1]));
            }
            double[] j1 = p.medians().get("J1");
            out.append(String.format(Locale.ROOT, " (x%.2f/x%.2f)%n", j1[0] / report.get("J1")[0],
                    j1[1] / report.get("J1")[1]));
        }
        boolean ok = documented.objective() <= points.get(0).objective() + NOISE;
        out.append(String.format(Locale.ROOT, "%s: documented constants %.3f, best %.3f (%s): %s%n%n", policy,
                documented.objective(), points.get(0).objective(), points.get(0).label(),
                ok ? "within the seed noise" : "NOT within the seed noise of the best"));
        return ok;
    }

    private static Point point(ExecutorService pool, String policy, ModelConstants c, String label,
                               Map<String, double[]> report, Map<String, Solution> problems) throws Exception {
        Map<String, List<Future<double[]>>> runs = new TreeMap<>();
        for (String s : problems.keySet()) {
            List<Future<double[]>> bySeed = new ArrayList<>();
            for (int seed = 1; seed <= SEEDS; seed++) {
                RunConfig config = RunConfig.defaults().toBuilder().seed(seed).threads(1).constants(c)
                        .warmupMicros(WARMUP_MICROS).build();
                Solution solution = problems.get(s);
                bySeed.add(pool.submit(() -> {
                    Comparison cmp = Trial.run(solution, Policies.create(policy), config, Thresholds.DEFAULT,
                            RunListener.NONE).comparison().orElseThrow();
                    return new double[] {cmp.meanErrorPct(), cmp.maxErrorPct()};
                }));
            }
            runs.put(s, bySeed);
        }
        Map<String, double[]> medians = new TreeMap<>();
        double objective = 0;
        for (var e : runs.entrySet()) {
            double[] means = new double[SEEDS];
            double[] maxes = new double[SEEDS];
            for (int i = 0; i < SEEDS; i++) {
                try {
                    double[] r = e.getValue().get(i).get();
                    means[i] = r[0];
                    maxes[i] = r[1];
                } catch (ExecutionException ex) {
                    throw new IllegalStateException(ex.getCause());
                }
            }
            double[] m = {median(means), median(maxes)};
            medians.put(e.getKey(), m);
            if (FITTED_ON.contains(e.getKey())) {
                double[] r = report.get(e.getKey());
                objective += Math.pow(Math.log(m[0] / r[0]), 2) + Math.pow(Math.log(m[1] / r[1]), 2);
            }
        }
        return new Point(label, medians, objective);
    }

    private static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static Solution solve(String name) throws Exception {
        Problem p = Scenarios.single(Scenarios.load(Path.of("..", "scenarios", name + ".scn")), name);
        return Solver.solve(p);
    }
}
