package org.schedlab.benchmarks;

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
import org.schedlab.solver.RandomProblems;
import org.schedlab.solver.Solution;
import org.schedlab.solver.Solver;

/**
 * Time to solve one random problem (entitlements, limits, both fillings, answers) by its number
 * of virtual CPUs. The problem is generated once per trial, outside the measurement.
 *
 * <p>How to run: mvn -B -q -pl benchmarks -am package -DskipTests && java -jar benchmarks/target/benchmarks.jar SolverBenchmark
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
public class SolverBenchmark {

    @Param({"1000", "10000", "100000"})
    public int vcpus;

    private Problem problem;

    @Setup(Level.Trial)
    public void generate() {
        problem = RandomProblems.generate(42, vcpus);
    }

    @Benchmark
    public Solution solve() {
        return Solver.solve(problem);
    }
}
