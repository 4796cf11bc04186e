package org.schedlab.benchmarks;

import java.util.ArrayList;
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
import org.schedlab.core.Demand;
import org.schedlab.core.EngineType;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.Srm;
import org.schedlab.core.Topology;
import org.schedlab.core.User;
import org.schedlab.core.VirtualCpu;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.RunException;
import org.schedlab.runner.RunListener;
import org.schedlab.runner.Runner;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.runner.spi.SchedulerPolicy;
import org.schedlab.testkit.RandomProblems;

/**
 * Runner scaling, and the runner against the {@link ReferenceLoop} on the same workload in the same run: wall
 * time per simulated second (score in ms; real-time factor = 1000 / score). The workload is a seeded random
 * problem ({@link RandomProblems}: guests of up to 4 virtual CPUs, mixed shares, limits, finite and unbounded
 * demands) of {@code vcpus} virtual CPUs on {@code logicalCpus} single-threaded CPs in chips of 8 and nodes
 * of 2 chips, or a seed scenario named by {@code workload} (then {@code vcpus} and {@code logicalCpus} are
 * ignored). {@code workload=light} is the random problem with every demand small and finite (see
 * {@link #workload}): more logical CPUs then only add idle ones, so its scores at 8 and at 256 logical CPUs tell
 * what idle logical CPUs cost. {@code threads = 0} is the runner's automatic choice; results are byte-identical
 * for any value. The runner/reference ratio of one parameter set is the runner's cost over a tight event loop
 * (docs/performance.md); {@link #referenceSie} is the same loop with the burners' SIE exits, which the runner's
 * burners make and the plain loop leaves out. {@code policy=floor} ({@link FloorPolicy}) is the engine alone, with a policy that
 * does nothing: what the windowed model costs before any policy work.
 *
 * <p>How to run (the full cross product takes hours here; pick with {@code -p}; bin/benchmarks has the quick
 * and full profiles):
 * <pre>
 * mvn -B -q -pl benchmarks -am package -DskipTests
 * java -jar benchmarks/target/benchmarks.jar RunnerBenchmark -p policy=fair -p vcpus=1000 -p logicalCpus=64 -p threads=1
 * java -jar benchmarks/target/benchmarks.jar RunnerBenchmark -p workload=J1 -p vcpus=10 -p logicalCpus=2 -p threads=1
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(2)
public class RunnerBenchmark {

    /** Virtual run length per benchmark operation: scores are wall time per simulated second. */
    public static final long SIMULATED_MICROS = 1_000_000L;

    /**
     * {@code random}; {@code light}, the same problem with every running virtual CPU's demand
     * {@value #LIGHT_DEMAND_PERCENT}% of a CPU, so that all of it fits on 8 logical CPUs and more logical CPUs only
     * add idle ones (the simulated work is the same on 8 and on 256); {@code idle}, the same problem with every
     * demand 0, so that nothing ever runs and a simulated second costs only the windows themselves (the
     * windowed model's floor); or a seed scenario's name ({@code J1}).
     */
    @Param({"random"})
    public String workload;

    @Param({"fair", "zvm64", "zvm63"})
    public String policy;

    @Param({"10", "100", "1000", "10000", "100000"})
    public int vcpus;

    @Param({"2", "8", "64", "256"})
    public int logicalCpus;

    @Param({"1", "2"})
    public int threads;

    private Problem problem;
    private SchedulerPolicy scheduler;
    private RunConfig config;
    private ReferenceLoop reference;
    private ReferenceLoop referenceSie;

    /** A CP-only LPAR of {@code cpus} cores, 8 per chip, 2 chips per node. */
    static Partition cpLpar(int cpus) {
        Map<EngineType, Integer> cores = new LinkedHashMap<>();
        cores.put(EngineType.CP, cpus);
        SourceLocation loc = SourceLocation.UNKNOWN;
        return new Partition(cores, Map.of(), new Topology(8, 2, loc), Srm.DEFAULT, List.of(), loc);
    }

    /** The {@code light} workload's demand per virtual CPU: 100 of them want 5 logical CPUs. */
    static final double LIGHT_DEMAND_PERCENT = 5;

    /** The problem with every virtual CPU's demand {@link #LIGHT_DEMAND_PERCENT}; shares, limits and pools kept. */
    static Problem light(Problem p) {
        return withDemand(p, LIGHT_DEMAND_PERCENT);
    }

    /** The problem with every virtual CPU's demand {@code percent}; shares, limits and pools kept. */
    static Problem withDemand(Problem p, double percent) {
        List<User> users = new ArrayList<>(p.users().size());
        for (User u : p.users()) {
            List<VirtualCpu> vcpus = new ArrayList<>(u.vcpus().size());
            for (VirtualCpu v : u.vcpus()) {
                vcpus.add(new VirtualCpu(v.address(), v.type(), Demand.of(percent), v.stopped(),
                        v.location()));
            }
            users.add(new User(u.name(), u.shares(), u.cpuPool(), u.cpuAffinity(), vcpus, u.location()));
        }
        return new Problem(p.name(), p.partition(), users, p.runControl(), p.location());
    }

    @Setup(Level.Trial)
    public void generate() {
        problem = switch (workload) {
            case "random" -> RandomProblems.generate(1, vcpus, RandomProblems.Mix.DEFAULT, cpLpar(logicalCpus));
            case "light" -> light(RandomProblems.generate(1, vcpus, RandomProblems.Mix.DEFAULT,
                    cpLpar(logicalCpus)));
            case "idle" -> withDemand(RandomProblems.generate(1, vcpus, RandomProblems.Mix.DEFAULT,
                    cpLpar(logicalCpus)), 0);
            default -> SeedScenarios.problem(workload);
        };
        scheduler = policy.equals(FloorPolicy.NAME) ? new FloorPolicy() : Policies.create(policy);
        config = RunConfig.builder().durationMicros(SIMULATED_MICROS).intervalMicros(SIMULATED_MICROS)
                .warmupMicros(0).threads(threads).build();
        reference = new ReferenceLoop(problem);
        referenceSie = new ReferenceLoop(problem, true);
    }

    /** One simulated second of the runner, set-up included. */
    @Benchmark
    public RunSummary runner() throws RunException {
        return Runner.run(problem, scheduler, config, RunListener.NONE);
    }

    /** One simulated second of the reference loop on the same burners and CPUs (policy and threads unused). */
    @Benchmark
    public double reference() {
        return reference.run(SIMULATED_MICROS);
    }

    /** {@link #reference} with the burners leaving SIE as the runner's do ({@link ReferenceLoop}). */
    @Benchmark
    public double referenceSie() {
        return referenceSie.run(SIMULATED_MICROS);
    }
}
