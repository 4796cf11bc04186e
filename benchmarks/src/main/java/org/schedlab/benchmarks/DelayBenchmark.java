package org.schedlab.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.schedlab.core.Problem;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.RunException;
import org.schedlab.runner.RunListener;
import org.schedlab.runner.Runner;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.runner.spi.SchedulerPolicy;

/**
 * How users compare policies: for each seed scenario under each policy, the simulated dispatch delay (mean
 * over all dispatches, and the mean of the virtual CPUs' 99th percentiles, in simulated microseconds) as JMH
 * secondary results next to the wall time per simulated second (the score, in ms). Each operation is a run of
 * {@value #SECONDS} simulated seconds with {@value #WARMUP_SECONDS} s of warm-up (seed 1, one thread); the
 * delays are the same in every operation, so their error columns are 0.
 *
 * <p>How to run:
 * <pre>
 * mvn -B -q -pl benchmarks -am package -DskipTests
 * java -jar benchmarks/target/benchmarks.jar DelayBenchmark
 * java -jar benchmarks/target/benchmarks.jar DelayBenchmark -p scenario=J1 -p policy=zvm63,fair
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(2)
public class DelayBenchmark {

    static final int SECONDS = 10;
    static final int WARMUP_SECONDS = 2;

    @Param({"AL1", "J1", "J2", "J3", "MR2", "MZ0", "SL3"})
    public String scenario;

    @Param({"zvm63", "zvm64", "fair"})
    public String policy;

    private Problem problem;
    private SchedulerPolicy scheduler;
    private RunConfig config;
    /**
     * How many values JMH adds up into the one it prints: it sums an {@code EVENTS} counter over the measurement
     * iterations, the forks and the threads (a J1 delay of 987 us printed as 1,974 with {@code -i 2}), so each
     * reported value is this fraction of the delay and the sum is the delay itself.
     */
    private double summed;

    /** The simulated delays of the last run: secondary results. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Delays {
        /** Mean dispatch delay over all dispatches after the warm-up, simulated us. */
        public double meanDelayUs;
        /** Mean over the virtual CPUs of each one's 99th percentile dispatch delay, simulated us. */
        public double p99DelayUs;
    }

    @Setup(Level.Trial)
    public void load(BenchmarkParams params) {
        summed = (double) Math.max(1, params.getForks()) * params.getMeasurement().getCount() * params.getThreads();
        problem = SeedScenarios.problem(scenario);
        scheduler = Policies.create(policy);
        config = RunConfig.builder().durationMicros(SECONDS * 1_000_000L).intervalMicros(1_000_000L)
                .warmupMicros(WARMUP_SECONDS * 1_000_000L).threads(1).build();
    }

    /** A run of {@value #SECONDS} simulated seconds; the score is per simulated second. */
    @Benchmark
    @OperationsPerInvocation(SECONDS)
    public RunSummary run(Delays delays) throws RunException {
        RunSummary s = Runner.run(problem, scheduler, config, RunListener.NONE);
        delays.meanDelayUs = s.meanDispatchDelayUs() / summed;
        delays.p99DelayUs = s.vcpuDelays().stream().mapToLong(RunSummary.DelayStats::p99Us).average().orElse(0)
                / summed;
        return s;
    }
}
