package org.schedlab.benchmarks;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
import org.schedlab.core.EngineType;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.Srm;
import org.schedlab.core.Topology;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.RunException;
import org.schedlab.runner.RunListener;
import org.schedlab.runner.Runner;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.runner.spi.SchedulerPolicy;
import org.schedlab.solver.RandomProblems;

/**
 * How fast the runner simulates a large problem: wall time per {@link #SIMULATED_SECONDS} simulated seconds
 * of a seeded random problem ({@link RandomProblems}, guests of up to 4 virtual CPUs, mixed shares, limits,
 * finite and unbounded demands) on {@code logicalCpus} single-threaded CPs in chips of 8 and nodes of 2
 * chips. Simulated seconds per wall second = {@value #SIMULATED_SECONDS} / score. {@code threads = 0} is the
 * runner's automatic choice; results are byte-identical for any value.
 *
 * <p>How to run (all parameter combinations take long on a small machine; pick with {@code -p}):
 * <pre>
 * mvn -B -q -pl benchmarks -am package -DskipTests
 * java -jar benchmarks/target/benchmarks.jar RunnerBenchmark -p policy=fair -p vcpus=1000 -p logicalCpus=64 -p threads=1
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
@Fork(1)
public class RunnerBenchmark {

    /** Virtual run length per benchmark operation. */
    public static final int SIMULATED_SECONDS = 2;

    @Param({"fair", "zvm64", "zvm63"})
    public String policy;

    @Param({"1000"})
    public int vcpus;

    @Param({"64"})
    public int logicalCpus;

    @Param({"1", "2"})
    public int threads;

    private Problem problem;
    private SchedulerPolicy scheduler;
    private RunConfig config;

    /** A CP-only LPAR of {@code cpus} cores, 8 per chip, 2 chips per node. */
    static Partition cpLpar(int cpus) {
        Map<EngineType, Integer> cores = new LinkedHashMap<>();
        cores.put(EngineType.CP, cpus);
        SourceLocation loc = SourceLocation.UNKNOWN;
        return new Partition(cores, Map.of(), new Topology(8, 2, loc), Srm.DEFAULT, List.of(), loc);
    }

    @Setup(Level.Trial)
    public void generate() {
        problem = RandomProblems.generate(1, vcpus, RandomProblems.Mix.DEFAULT, cpLpar(logicalCpus));
        scheduler = Policies.create(policy);
        config = RunConfig.builder().durationMicros(SIMULATED_SECONDS * 1_000_000L)
                .warmupMicros(SIMULATED_SECONDS * 250_000L).threads(threads).build();
    }

    @Benchmark
    public RunSummary run() throws RunException {
        return Runner.run(problem, scheduler, config, RunListener.NONE);
    }
}
