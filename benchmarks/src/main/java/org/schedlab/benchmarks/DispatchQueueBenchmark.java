package org.schedlab.benchmarks;

import java.util.Arrays;
import java.util.SplittableRandom;
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
import org.schedlab.runner.engine.IndexedHeap;

/**
 * The yardstick for {@link DispatchBenchmark}: the dispatch vector alone, with no policy. The runner's heap
 * ({@link IndexedHeap}) holds {@code ready} virtual CPUs with seeded random relative shares; a dispatch takes the
 * least key and puts the virtual CPU back with its key advanced by a slice divided by its share (weighted fair
 * queueing's virtual time, which is what fair's keys do). What any policy's decision pays for the queue at that
 * size; the rest of {@link DispatchBenchmark}'s figure is the policy. Three forks, as there.
 *
 * <p>How to run:
 * <pre>
 * mvn -B -q -pl benchmarks -am package -DskipTests
 * java -jar benchmarks/target/benchmarks.jar DispatchQueueBenchmark
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(3)
public class DispatchQueueBenchmark {

    @Param({"10", "100", "1000", "10000"})
    public int ready;

    private IndexedHeap dv;
    private long[] key;
    private long[] step;

    @Setup
    public void setUp() {
        SplittableRandom r = new SplittableRandom(1);
        int[] pos = new int[ready];
        Arrays.fill(pos, -1);
        key = new long[ready];
        step = new long[ready];
        dv = new IndexedHeap(pos, key, ready);
        for (int v = 0; v < ready; v++) {
            step[v] = 1_000_000_000L / (1 + r.nextInt(1000));
            dv.add(v, r.nextLong(step[v]));
        }
    }

    /** One dispatch: returns the virtual CPU that ran. */
    @Benchmark
    public int dispatch() {
        int v = dv.poll();
        dv.add(v, key[v] + step[v]);
        return v;
    }
}
