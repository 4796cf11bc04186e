package org.schedlab.benchmarks;

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
 * One thread against N, measured in pairs: one simulated second of the same random problem (as {@link RunnerBenchmark}'s
 * {@code random} workload) with 1 thread, then with N, round after round in one JVM, and the median of each round's
 * ratio. On a shared machine whose speed drifts by tens of percent from one minute to the next, separate JMH runs of
 * the two thread counts measure the drift as much as the threads (their error columns exceed their figures); a
 * round's two runs are a second apart and see the same machine, so their ratio cancels the drift. The quartiles of
 * the ratios say how much noise is left. Not JMH: JMH runs one parameter set per fork and cannot interleave them.
 *
 * <p>How to run (bin/benchmarks runs it at 1,000 and 10,000 virtual CPUs on 64 logical CPUs):
 * <pre>
 * mvn -B -q -pl benchmarks -am package -DskipTests
 * java -cp benchmarks/target/benchmarks.jar org.schedlab.benchmarks.ThreadSpeedup zvm64 10000 64 2 15
 * </pre>
 * Arguments: policy, virtual CPUs, logical CPUs, threads to compare with one, measured rounds (3 warm-up rounds run
 * first).
 */
public final class ThreadSpeedup {

    private static final int WARMUP_ROUNDS = 3;

    private ThreadSpeedup() {
    }

    public static void main(String[] args) throws RunException {
        if (args.length != 5) {
            System.err.println("usage: ThreadSpeedup <policy> <vcpus> <logicalCpus> <threads> <rounds>");
            System.exit(2);
        }
        String spec = args[0];
        int vcpus = Integer.parseInt(args[1]);
        int cpus = Integer.parseInt(args[2]);
        int threads = Integer.parseInt(args[3]);
        int rounds = Integer.parseInt(args[4]);
        if (vcpus < 1 || cpus < 1 || threads < 2 || rounds < 1) {
            System.err.println("ThreadSpeedup: need vcpus, logicalCpus and rounds of at least 1, threads of at least 2");
            System.exit(2);
        }
        Problem problem = RandomProblems.generate(1, vcpus, RandomProblems.Mix.DEFAULT, RunnerBenchmark.cpLpar(cpus));
        SchedulerPolicy policy = Policies.create(spec);
        RunConfig one = config(1);
        RunConfig many = config(threads);
        List<Double> oneMs = new ArrayList<>();
        List<Double> manyMs = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        for (int r = -WARMUP_ROUNDS; r < rounds; r++) {
            double a = millis(problem, policy, one);
            double b = millis(problem, policy, many);
            if (r >= 0) {
                oneMs.add(a);
                manyMs.add(b);
                // Speed-up: how many times faster N threads ran than one in this round.
                ratios.add(a / b);
            }
        }
        System.out.printf(Locale.ROOT, "%s, %d virtual CPUs on %d logical CPUs, %d rounds of one simulated second%n",
                spec, vcpus, cpus, rounds);
        System.out.printf(Locale.ROOT, "1 thread:  median %.1f ms (%.1f to %.1f)%n", median(oneMs),
                Collections.min(oneMs), Collections.max(oneMs));
        System.out.printf(Locale.ROOT, "%d threads: median %.1f ms (%.1f to %.1f)%n", threads, median(manyMs),
                Collections.min(manyMs), Collections.max(manyMs));
        Collections.sort(ratios);
        System.out.printf(Locale.ROOT, "speed-up of %d threads over 1, paired by round: median %.2fx (quartiles %.2fx"
                + " to %.2fx)%n", threads, median(ratios), ratios.get(ratios.size() / 4),
                ratios.get((3 * ratios.size()) / 4));
    }

    private static RunConfig config(int threads) {
        return RunConfig.builder().durationMicros(RunnerBenchmark.SIMULATED_MICROS)
                .intervalMicros(RunnerBenchmark.SIMULATED_MICROS).warmupMicros(0).threads(threads).build();
    }

    private static double millis(Problem problem, SchedulerPolicy policy, RunConfig config) throws RunException {
        long t0 = System.nanoTime();
        Runner.run(problem, policy, config, RunListener.NONE);
        return (System.nanoTime() - t0) / 1e6;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}
