package org.schedlab.benchmarks;

import java.util.Arrays;
import java.util.Locale;
import org.schedlab.core.Problem;
import org.schedlab.solver.PoolAllocation;
import org.schedlab.solver.RandomProblems;
import org.schedlab.solver.Solution;
import org.schedlab.solver.Solver;

/**
 * A quick wall-clock check of the solver without JMH: generates one random problem, solves it
 * {@code repetitions} times and prints the generation time and the best and median solve times.
 * The first solves include JIT warm-up, which is why the best and the median are reported, not the
 * mean.
 *
 * <p>{@code mvn -B -q -pl benchmarks -am package -DskipTests && java -cp benchmarks/target/benchmarks.jar org.schedlab.benchmarks.SolverTiming 100000 10}
 */
public final class SolverTiming {

    private SolverTiming() {
    }

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: SolverTiming <vcpus> <repetitions>");
            System.exit(2);
        }
        int vcpus = Integer.parseInt(args[0]);
        int repetitions = Integer.parseInt(args[1]);
        if (vcpus < 1 || repetitions < 1) {
            System.err.println("vcpus and repetitions must be at least 1");
            System.exit(2);
        }
        long t0 = System.nanoTime();
        Problem problem = RandomProblems.generate(42, vcpus);
        long generation = System.nanoTime() - t0;

        long[] solves = new long[repetitions];
        double checksum = 0;
        for (int r = 0; r < repetitions; r++) {
            long start = System.nanoTime();
            Solution solution = Solver.solve(problem);
            solves[r] = System.nanoTime() - start;
            // Uses the answer, so the solve cannot be optimised away.
            checksum += solution.pools().stream().mapToDouble(PoolAllocation::allocated).sum();
        }
        Arrays.sort(solves);
        System.out.printf(Locale.ROOT, "vcpus %d, users %d, repetitions %d%n", vcpus, problem.users().size(), repetitions);
        System.out.printf(Locale.ROOT, "generation %.1f ms%n", generation / 1e6);
        System.out.printf(Locale.ROOT, "solve best %.1f ms, median %.1f ms%n", solves[0] / 1e6,
                solves[repetitions / 2] / 1e6);
        System.out.printf(Locale.ROOT, "allocated per solve %.3f%n", checksum / repetitions);
    }
}
