package org.schedlab.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.List;
import java.util.Locale;
import org.schedlab.core.Problem;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.engine.Dispatcher;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.spi.ModelConstants;
import org.schedlab.runner.spi.SchedulerPolicy;
import org.schedlab.solver.Bucket;
import org.schedlab.solver.Entitlements;
import org.schedlab.testkit.RandomProblems;

/**
 * The runner's set-up time and memory per virtual CPU, which JMH does not measure: for a seeded random problem
 * of {@code vcpus} virtual CPUs on {@code logicalCpus} CPs it times the set-up (entitlements, the partition's
 * layout, the policy's start) and reports the heap the started run holds, after a full GC, minus the heap
 * holding only the problem and its buckets, divided by the number of virtual CPUs. Everything a run keeps for
 * its whole length is allocated at set-up, so this is the run's resident footprint.
 *
 * <p>Each virtual CPU's delay histogram is empty at set-up and grows to at most 1,040 bytes as the run
 * goes (docs/runner.md, "Delay statistics"); add that for a long run's worst case.
 *
 * <p>How to run (bin/benchmarks runs it after the JMH benchmarks):
 * <pre>
 * mvn -B -q -pl benchmarks -am package -DskipTests
 * java -Xmx2g -cp benchmarks/target/benchmarks.jar org.schedlab.benchmarks.Footprint 100000 64 zvm63 zvm64 fair
 * </pre>
 */
public final class Footprint {

    private Footprint() {
    }

    public static void main(String[] args) {
        if (args.length < 3) {
            System.err.println("usage: Footprint <vcpus> <logicalCpus> <policy>...");
            System.exit(2);
        }
        int vcpus = Integer.parseInt(args[0]);
        int cpus = Integer.parseInt(args[1]);
        Problem problem = RandomProblems.generate(1, vcpus, RandomProblems.Mix.DEFAULT, RunnerBenchmark.cpLpar(cpus));
        List<Bucket> warm = Entitlements.of(problem);
        System.out.printf(Locale.ROOT, "%d virtual CPUs (%d running), %d logical CPUs%n", vcpus,
                warm.stream().mapToInt(b -> b.running().size()).sum(), cpus);
        for (int p = 2; p < args.length; p++) {
            SchedulerPolicy policy = Policies.create(args[p]);
            // Twice: the first pass includes class loading and JIT compilation of the set-up code.
            for (int pass = 0; pass < 2; pass++) {
                long base = usedAfterGc();
                long t0 = System.nanoTime();
                Dispatcher d = setUp(problem, policy);
                long setUp = System.nanoTime() - t0;
                long used = usedAfterGc() - base;
                if (pass == 1) {
                    System.out.printf(Locale.ROOT, "%-6s set-up %7.1f ms, run state %8.1f bytes per virtual CPU%n",
                            args[p], setUp / 1e6, (double) used / vcpus);
                }
                // Keeps the run alive through the second measurement of the heap.
                if (d.unitCount() < 0) {
                    throw new AssertionError();
                }
            }
        }
    }

    /** What {@code Runner.run} does before the first window. */
    static Dispatcher setUp(Problem problem, SchedulerPolicy policy) {
        RunConfig c = RunConfig.defaults();
        List<Bucket> buckets = Entitlements.of(problem);
        Dispatcher d = new Dispatcher(problem, buckets, policy.spec(), c.seed(), c.burnerPeriodMicros(),
                c.smtCapacityFactor(), ModelConstants.DEFAULT, policy.dispatchMode());
        d.start(policy.start(d.context()));
        return d;
    }

    private static long usedAfterGc() {
        MemoryMXBean m = ManagementFactory.getMemoryMXBean();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return m.getHeapMemoryUsage().getUsed();
    }
}
