package org.schedlab.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.schedlab.core.Problem;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.RunException;
import org.schedlab.runner.RunListener;
import org.schedlab.runner.Runner;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.spi.SchedulerPolicy;
import org.schedlab.testkit.RandomProblems;

/**
 * How the cost of a run grows with the problem, one dimension at a time: the wall time of {@code Runner.run}
 * (set-up included, one thread) on {@link RunnerBenchmark}'s seeded random problems, in three sweeps.
 * <ul>
 *   <li>virtual CPUs: 10, 100, 1,000 and 10,000 on 64 logical CPs, one simulated second;</li>
 *   <li>logical CPUs: 8, 64 and 256 under the same 100 virtual CPUs of small demand ({@code RunnerBenchmark}'s
 *       {@code light} workload, which 8 CPs already carry), so more CPUs add only idle ones;</li>
 *   <li>duration: 1, 2 and 4 simulated seconds of 1,000 virtual CPUs on 64 logical CPs.</li>
 * </ul>
 * A round runs every configuration once, in that order, and the figures are medians over the rounds; each ratio is
 * the median over the rounds of a configuration's time over the one before it in its sweep, in the same round.
 * Ratios taken within a round see the same machine, so they hold on a shared machine whose speed drifts, where
 * the absolute times do not. The load average is printed before and after. Not JMH: JMH runs one parameter set
 * per fork and cannot interleave them.
 *
 * <p>How to run ({@code bin/benchmarks scaling} runs it for the three shipped policies):
 * <pre>
 * mvn -B -q -pl benchmarks -am package -DskipTests
 * java -cp benchmarks/target/benchmarks.jar org.schedlab.benchmarks.Scaling 9 zvm63 zvm64 fair
 * </pre>
 * Arguments: measured rounds (one warm-up round runs first), then one or more policy spec strings.
 */
public final class Scaling {

    private static final long SECOND = 1_000_000L;

    private Scaling() {
    }

    /** One point of a sweep: a problem, and how long it runs. */
    private record Point(String label, Problem problem, long durationMicros) {
    }

    /** A sweep: its title and points, in the order its ratios step through them. */
    private record Sweep(String title, String column, List<Point> points) {
    }

    public static void main(String[] args) throws RunException {
        if (args.length < 2) {
            System.err.println("usage: Scaling <rounds> <policy>...");
            System.exit(2);
        }
        int rounds = Integer.parseInt(args[0]);
        if (rounds < 1) {
            System.err.println("Scaling: need at least 1 round");
            System.exit(2);
        }
        List<SchedulerPolicy> policies = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            policies.add(Policies.create(args[i]));
        }
        List<Sweep> sweeps = sweeps();
        System.out.printf(Locale.ROOT, "load average before: %.2f%n", load());
        for (SchedulerPolicy policy : policies) {
            report(policy, sweeps, rounds);
        }
        System.out.printf(Locale.ROOT, "load average after: %.2f%n", load());
    }

    private static List<Sweep> sweeps() {
        List<Point> vcpus = new ArrayList<>();
        for (int n : new int[] {10, 100, 1_000, 10_000}) {
            vcpus.add(new Point(String.format(Locale.ROOT, "%,d", n), random(n, 64), SECOND));
        }
        List<Point> cpus = new ArrayList<>();
        for (int c : new int[] {8, 64, 256}) {
            cpus.add(new Point(Integer.toString(c), RunnerBenchmark.light(random(100, c)), SECOND));
        }
        List<Point> duration = new ArrayList<>();
        Problem thousand = random(1_000, 64);
        for (int s : new int[] {1, 2, 4}) {
            duration.add(new Point(s + " s", thousand, s * SECOND));
        }
        return List.of(
                new Sweep("virtual CPUs, on 64 logical CPUs, 1 simulated second", "virtual CPUs", vcpus),
                new Sweep("logical CPUs, under 100 virtual CPUs of 5% demand each, 1 simulated second",
                        "logical CPUs", cpus),
                new Sweep("simulated duration, 1,000 virtual CPUs on 64 logical CPUs", "duration", duration));
    }

    private static Problem random(int vcpus, int logicalCpus) {
        return RandomProblems.generate(1, vcpus, RandomProblems.Mix.DEFAULT, RunnerBenchmark.cpLpar(logicalCpus));
    }

    private static void report(SchedulerPolicy policy, List<Sweep> sweeps, int rounds) throws RunException {
        // Per sweep, per point, per round: milliseconds.
        List<List<List<Double>>> times = new ArrayList<>();
        for (Sweep s : sweeps) {
            List<List<Double>> perPoint = new ArrayList<>();
            for (int i = 0; i < s.points().size(); i++) {
                perPoint.add(new ArrayList<>());
            }
            times.add(perPoint);
        }
        for (int r = -1; r < rounds; r++) {
            for (int s = 0; s < sweeps.size(); s++) {
                List<Point> points = sweeps.get(s).points();
                for (int p = 0; p < points.size(); p++) {
                    double ms = millis(points.get(p), policy);
                    if (r >= 0) {
                        times.get(s).get(p).add(ms);
                    }
                }
            }
        }
        System.out.printf(Locale.ROOT, "%n%s, %d rounds, one thread%n", policy.spec(), rounds);
        for (int s = 0; s < sweeps.size(); s++) {
            Sweep sweep = sweeps.get(s);
            System.out.printf(Locale.ROOT, "  by %s%n", sweep.title());
            System.out.printf(Locale.ROOT, "    %-13s %12s %12s%n", sweep.column(), "median ms", "x previous");
            for (int p = 0; p < sweep.points().size(); p++) {
                List<Double> ms = times.get(s).get(p);
                String step = "";
                if (p > 0) {
                    List<Double> before = times.get(s).get(p - 1);
                    List<Double> ratios = new ArrayList<>();
                    for (int r = 0; r < rounds; r++) {
                        ratios.add(ms.get(r) / before.get(r));
                    }
                    step = String.format(Locale.ROOT, "%.2f", median(ratios));
                }
                System.out.printf(Locale.ROOT, "    %-13s %12.1f %12s%n", sweep.points().get(p).label(), median(ms),
                        step);
            }
        }
    }

    private static double millis(Point point, SchedulerPolicy policy) throws RunException {
        RunConfig config = RunConfig.builder().durationMicros(point.durationMicros())
                .intervalMicros(point.durationMicros()).warmupMicros(0).threads(1).build();
        long t0 = System.nanoTime();
        Runner.run(point.problem(), policy, config, RunListener.NONE);
        return (System.nanoTime() - t0) / 1e6;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
