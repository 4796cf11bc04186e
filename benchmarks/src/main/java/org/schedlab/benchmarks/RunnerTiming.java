package org.schedlab.runner;

import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.runner.result.VcpuSample;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.schedlab.core.Demand;
import org.schedlab.core.EngineType;
import org.schedlab.core.LimitMode;
import org.schedlab.core.LimitShare;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.RunControl;
import org.schedlab.core.Share;
import org.schedlab.core.ShareAmount;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.Srm;
import org.schedlab.core.Topology;
import org.schedlab.core.User;
import org.schedlab.core.VirtualCpu;

/**
 * Measures how fast the runner simulates a large problem: a seeded random partition of {@code vcpus}
 * virtual CPUs (4 per guest, mixed relative/absolute shares, some limits, finite and unbounded demands) on
 * {@code logicalCpus} single-threaded CPs in chips of 8 and nodes of 2 chips.
 *
 * <pre>
 * mvn -B -q -pl runner -am install -DskipTests
 * java -cp runner/target/classes:core/target/classes:solver/target/classes \
 *      org.schedlab.runner.RunnerTiming [vcpus=1000] [logicalCpus=64] [seconds=10] [threads=0] [policy=fair]
 * </pre>
 */
public final class RunnerTiming {

    private RunnerTiming() {
    }

    public static void main(String[] args) throws Exception {
        int vcpus = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int cpus = args.length > 1 ? Integer.parseInt(args[1]) : 64;
        int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        int threads = args.length > 3 ? Integer.parseInt(args[3]) : 0;
        String policy = args.length > 4 ? args[4] : "fair";
        Problem p = randomProblem(1, vcpus, cpus);
        RunConfig cfg = RunConfig.defaults().withDurationMicros(seconds * 1_000_000L)
                .withWarmupMicros(Math.min(5_000_000L, seconds * 500_000L)).withThreads(threads);
        long t0 = System.nanoTime();
        double[] total = new double[1];
        RunSummary s = Runner.run(p, Policies.create(policy), cfg, sample -> {
            for (VcpuSample v : sample.vcpus()) {
                total[0] += v.busyPct();
            }
        });
        double wall = (System.nanoTime() - t0) / 1e9;
        System.out.printf("%d VCPUs on %d logical CPUs, policy %s, threads %s: %d s simulated in %.2f s wall = %.1f"
                        + " simulated s per wall s; mean busy %.1f of %d; mean dispatch delay %.0f us%n",
                vcpus, cpus, policy, threads == 0 ? "auto" : threads, seconds, wall, seconds / wall,
                total[0] / cfg.intervalCount(), cpus * 100, s.meanDispatchDelayUs());
    }

    /** A seeded random problem: guests of 4 CP virtual CPUs on {@code cpus} CPs. */
    public static Problem randomProblem(long seed, int vcpus, int cpus) {
        SplittableRandom r = new SplittableRandom(seed);
        SourceLocation loc = SourceLocation.UNKNOWN;
        Map<EngineType, Integer> cores = new LinkedHashMap<>();
        cores.put(EngineType.CP, cpus);
        Partition part = new Partition(cores, Map.of(), new Topology(8, 2, loc), Srm.DEFAULT, List.of(), loc);
        List<User> users = new ArrayList<>();
        int left = vcpus;
        int u = 0;
        while (left > 0) {
            int k = Math.min(4, left);
            left -= k;
            ShareAmount min = r.nextInt(10) == 0 ? ShareAmount.absolute(0.1 + r.nextInt(5) / 10.0)
                    : ShareAmount.relative(50 + r.nextInt(451));
            Optional<LimitShare> limit = r.nextInt(8) == 0
                    ? Optional.of(new LimitShare(ShareAmount.absolute(1 + r.nextInt(5)),
                    r.nextBoolean() ? LimitMode.HARD : LimitMode.SOFT))
                    : Optional.empty();
            List<VirtualCpu> vs = new ArrayList<>();
            for (int i = 0; i < k; i++) {
                Demand d = r.nextInt(5) == 0 ? Demand.UNBOUNDED : Demand.of(r.nextInt(60));
                vs.add(new VirtualCpu(Integer.toHexString(i).toUpperCase(), EngineType.CP, d, false, loc));
            }
            users.add(new User(String.format("G%05d", u++), List.of(new Share(EngineType.CP, min, limit, loc)),
                    Optional.empty(), true, vs, loc));
        }
        return new Problem("RANDOM" + vcpus, part, users, RunControl.NONE, loc);
    }
}
