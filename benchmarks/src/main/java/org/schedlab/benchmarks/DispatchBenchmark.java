package org.schedlab.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.schedlab.runner.policy.Policies;

/**
 * Per-dispatch cost of each shipped policy on one dispatch vector with 10, 100, 1,000 and 10,000 ready
 * virtual CPUs: take the most urgent VMDBK, charge it a minor time slice, let the policy reprice it, put it
 * back. A policy whose decision is O(log ready) (docs/policies.md, "Hot path") grows by a few ns per tenfold;
 * the target for {@code fair} (docs/performance.md) is 10,000 ready within 2x of 100. Three forks, since a
 * fork's JIT decisions move such short operations by more than the differences measured.
 *
 * <p>How to run:
 * <pre>
 * mvn -B -q -pl benchmarks -am package -DskipTests
 * java -jar benchmarks/target/benchmarks.jar DispatchBenchmark
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(3)
public class DispatchBenchmark {

    @Param({"zvm63", "zvm64", "fair"})
    public String policy;

    @Param({"10", "100", "1000", "10000"})
    public int ready;

    private DispatchProbe probe;

    @Setup
    public void setUp() {
        probe = DispatchProbe.create(Policies.create(policy), ready, 1);
    }

    @Benchmark
    public int dispatch() {
        return probe.dispatchOnce();
    }
}
