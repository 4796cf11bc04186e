package org.schedlab.benchmarks;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.schedlab.core.Problem;
import org.schedlab.core.Share;
import org.schedlab.core.User;
import org.schedlab.core.VirtualCpu;
import org.schedlab.solver.Solution;
import org.schedlab.solver.Solver;
import org.schedlab.testkit.RandomProblems;

/**
 * Solver scaling, against its yardstick in the same run: {@code solve} is the time to solve one seeded random
 * problem (entitlements, limits, both fillings, answers) of {@code vcpus} virtual CPUs, generated once per
 * trial outside the measurement; {@code sortDoubles} copies and sorts as many random doubles. The targets
 * (docs/performance.md): solve within 3x of sort at 1,000,000, GC included (average time over many operations
 * includes the collections they cause), and under 200 B allocated per virtual CPU: run with {@code -prof gc} and
 * divide {@code gc.alloc.rate.norm} by {@code vcpus}. {@code readProblem} is a floor for any solver: one pass over
 * what it must read of the problem (each user's shares, CPU pool and virtual CPUs, each virtual CPU's type, demand
 * and state), with nothing computed but a checksum and nothing allocated. It tells how much of the solve's time
 * the input alone accounts for.
 *
 * <p>How to run:
 * <pre>
 * mvn -B -q -pl benchmarks -am package -DskipTests
 * java -jar benchmarks/target/benchmarks.jar SolverBenchmark -prof gc
 * java -jar benchmarks/target/benchmarks.jar SolverBenchmark -p vcpus=1000000 -prof gc
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 2, jvmArgsAppend = "-Xmx3g")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SolverBenchmark {

    @Param({"100", "1000", "10000", "100000", "1000000"})
    public int vcpus;

    private Problem problem;
    private double[] doubles;

    @Setup(Level.Trial)
    public void generate() {
        problem = RandomProblems.generate(42, vcpus);
        SplittableRandom r = new SplittableRandom(42);
        doubles = new double[vcpus];
        for (int i = 0; i < vcpus; i++) {
            doubles[i] = r.nextDouble();
        }
    }

    @Benchmark
    public Solution solve() {
        return Solver.solve(problem);
    }

    /** The input's floor: read every field of the problem the solver reads, and nothing else. */
    @Benchmark
    public double readProblem() {
        // Indexed loops, as the solver's layout reads the problem: an iterator per list would allocate.
        double sum = 0;
        List<User> users = problem.users();
        for (int u = 0; u < users.size(); u++) {
            User user = users.get(u);
            List<Share> shares = user.shares();
            for (int k = 0; k < shares.size(); k++) {
                Share share = shares.get(k);
                sum += share.min().value() + (share.limit().isPresent() ? 1 : 0);
            }
            sum += user.cpuPool().isPresent() ? 1 : 0;
            List<VirtualCpu> vcpus = user.vcpus();
            for (int k = 0; k < vcpus.size(); k++) {
                VirtualCpu v = vcpus.get(k);
                sum += v.demand().percent() + v.type().ordinal() + (v.stopped() ? 1 : 0);
            }
        }
        return sum;
    }

    /** The yardstick: sorting one double per virtual CPU (a copy each time, so every sort starts unsorted). */
    @Benchmark
    public double[] sortDoubles() {
        double[] d = doubles.clone();
        Arrays.sort(d);
        return d;
    }
}
