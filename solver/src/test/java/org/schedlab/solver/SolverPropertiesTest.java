package org.schedlab.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.schedlab.core.EngineType;
import org.schedlab.core.LimitMode;
import org.schedlab.core.LimitShare;
import org.schedlab.core.Problem;
import org.schedlab.core.Share;
import org.schedlab.core.ShareKind;
import org.schedlab.core.User;
import org.schedlab.testkit.RandomProblems;

/**
 * Invariants of every answer, over thousands of generated problems: capacity, caps, limits, CPU
 * pools, no idle capacity that someone could take (maximality), weighted fairness, and that
 * LIMITSOFT scavenging only takes what would otherwise stay idle.
 */
class SolverPropertiesTest {

    private static final double EPS = 1e-9;
    private static final double SLACK = 1e-7;

    /** Counts how often each situation occurred, so a generator change cannot quietly hollow the test. */
    private final Map<String, Integer> seen = new TreeMap<>();

    @Test
    void solve_thousandsOfSmallProblems_everyInvariantHolds() {
        for (long seed = 10_000; seed < 14_000; seed++) {
            check(RandomProblems.generate(seed, 1 + (int) (seed % 40)), seed);
        }
        for (String situation : List.of("pool saturated", "pool idle", "hard limit binds", "soft limit binds",
                "scavenged", "CPU pool binds", "absolute over 99", "simulated on CP", "stopped", "fair peers")) {
            assertTrue(seen.getOrDefault(situation, 0) >= 20, () -> "too few problems with " + situation + ": " + seen);
        }
    }

    @Test
    void solve_largerProblems_everyInvariantHolds() {
        RandomProblems.Mix crowded = new RandomProblems.Mix(64, 0.1, 0.2, 0.3, 0.5, 0.3, 0.1, 0.2);
        for (long seed = 0; seed < 20; seed++) {
            check(RandomProblems.generate(seed, 3000, seed % 2 == 0 ? RandomProblems.Mix.DEFAULT : crowded), seed);
        }
    }

    private void check(Problem problem, long seed) {
        Solution s = Solver.solve(problem);
        String where = "seed " + seed;
        Sums sums = new Sums(s);

        for (PoolAllocation pool : s.pools()) {
            double sum = sums.pool.getOrDefault(pool.type(), 0.0);
            assertTrue(sum <= pool.capacity() + EPS, where + " pool " + pool.type() + " " + sum);
            assertEquals(sum, pool.allocated(), EPS, where);
            count(sum < pool.capacity() - SLACK ? "pool idle" : "pool saturated");
        }
        for (VcpuAnswer v : s.vcpus()) {
            double cap = v.placed().vcpu().demand().cap();
            if (v.stopped()) {
                assertEquals(0, v.correct(), where);
                count("stopped");
            }
            assertTrue(v.correct() >= 0 && v.correct() <= cap + EPS, where + " " + v.id() + " " + v.correct());
        }
        for (Bucket b : s.buckets()) {
            double sum = sums.bucket.get(b);
            if (b.limitMode().orElse(null) == LimitMode.HARD) {
                assertTrue(sum <= b.limit() + EPS, where + " hard limit " + b.id());
                if (sum >= b.limit() - SLACK) {
                    count("hard limit binds");
                }
            }
            if (b.virtualType() != b.pool()) {
                count("simulated on CP");
            }
        }
        sums.cpuPool.forEach((key, sum) -> {
            double cap = sums.cpuPoolCap.get(key);
            assertTrue(sum <= cap + EPS, where + " CPU pool " + key);
            if (sum >= cap - SLACK) {
                count("CPU pool binds");
            }
        });
        for (EngineType t : problem.partition().types()) {
            double absolute = s.buckets().stream().filter(b -> b.pool() == t && b.share().min().kind() == ShareKind.ABSOLUTE)
                    .mapToDouble(b -> b.share().min().value()).sum();
            if (absolute > 99) {
                count("absolute over 99");
            }
        }

        checkMaximality(s, sums, where);
        checkFairness(s, sums, where);
        checkScavenging(problem, s, sums, where);
    }

    /** Idle capacity in a pool means every virtual CPU below its cap is held by a hard limit or a CPU pool. */
    private static void checkMaximality(Solution s, Sums sums, String where) {
        for (PoolAllocation pool : s.pools()) {
            if (sums.pool.getOrDefault(pool.type(), 0.0) >= pool.capacity() - SLACK) {
                continue;
            }
            for (Bucket b : s.buckets()) {
                if (b.pool() != pool.type()) {
                    continue;
                }
                boolean held = (b.limitMode().orElse(null) == LimitMode.HARD && sums.bucket.get(b) >= b.limit() - SLACK)
                        || sums.cpuPoolBinds(b);
                for (VcpuAnswer v : sums.answers.get(b)) {
                    boolean belowCap = v.correct() < v.placed().vcpu().demand().cap() - SLACK;
                    assertTrue(!belowCap || held, where + " idle " + pool.type() + " while " + v.id() + " could rise");
                }
            }
        }
    }

    /** Virtual CPUs that nothing holds (no cap, limit or CPU pool binding) share one x/w per pool. */
    private void checkFairness(Solution s, Sums sums, String where) {
        Map<EngineType, Double> ratio = new EnumMap<>(EngineType.class);
        for (Bucket b : s.buckets()) {
            double sum = sums.bucket.get(b);
            boolean atLimit = b.hasLimit() && Math.abs(sum - b.limit()) <= SLACK;
            boolean belowSoftLimit = b.limitMode().orElse(null) == LimitMode.SOFT && sum < b.limit() - SLACK;
            if (atLimit || sums.cpuPoolBinds(b) || (b.limitMode().orElse(null) == LimitMode.HARD && sum > b.limit() - SLACK)) {
                continue;
            }
            for (VcpuAnswer v : sums.answers.get(b)) {
                if (v.correct() >= v.placed().vcpu().demand().cap() - SLACK) {
                    continue;
                }
                double r = v.correct() / b.entitlementPerVcpu();
                Double other = ratio.putIfAbsent(b.pool(), r);
                if (other != null) {
                    assertEquals(other, r, SLACK * Math.max(1, r), where + " x/w of " + v.id()
                            + (belowSoftLimit ? " (soft, below limit)" : ""));
                    count("fair peers");
                }
            }
        }
    }

    /**
     * Solving with every soft limit made hard gives the share-based phase alone. A soft bucket may end
     * above its limit only if that phase left capacity idle, and scavenging moves only soft buckets, up.
     */
    private void checkScavenging(Problem problem, Solution s, Sums sums, String where) {
        if (s.buckets().stream().noneMatch(b -> b.limitMode().orElse(null) == LimitMode.SOFT)) {
            return;
        }
        Solution hard = Solver.solve(hardened(problem));
        Sums hardSums = new Sums(hard);
        boolean scavenged = false;
        for (int i = 0; i < s.vcpus().size(); i++) {
            VcpuAnswer v = s.vcpus().get(i);
            double before = hard.vcpus().get(i).correct();
            boolean soft = !v.stopped() && v.placed().user().shareFor(v.type()).limit()
                    .map(l -> l.mode() == LimitMode.SOFT).orElse(false);
            if (soft) {
                assertTrue(v.correct() >= before - EPS, where + " scavenging lowered " + v.id());
                scavenged |= v.correct() > before + SLACK;
            } else {
                assertEquals(before, v.correct(), EPS, where + " scavenging moved " + v.id());
            }
        }
        for (Bucket b : s.buckets()) {
            if (b.limitMode().orElse(null) == LimitMode.SOFT) {
                if (sums.bucket.get(b) >= b.limit() - SLACK) {
                    count("soft limit binds");
                }
                if (sums.bucket.get(b) > b.limit() + EPS) {
                    double idleBefore = s.problem().partition().capacity(b.pool()) - hardSums.pool.get(b.pool());
                    assertTrue(idleBefore > EPS, where + " soft " + b.id() + " above limit with no idle capacity");
                }
            }
        }
        if (scavenged) {
            count("scavenged");
        }
    }

    private static Problem hardened(Problem p) {
        List<User> users = p.users().stream().map(u -> new User(u.name(),
                u.shares().stream().map(sh -> new Share(sh.type(), sh.min(),
                        sh.limit().map(l -> new LimitShare(l.amount(), LimitMode.HARD)), sh.location())).toList(),
                u.cpuPool(), u.cpuAffinity(), u.vcpus(), u.location())).toList();
        return new Problem(p.name(), p.partition(), users, p.runControl(), p.location());
    }

    private void count(String situation) {
        seen.merge(situation, 1, Integer::sum);
    }

    /** Sums of a solution by dispatch pool, bucket and CPU pool, computed from the answers alone. */
    private static final class Sums {
        final Map<EngineType, Double> pool = new EnumMap<>(EngineType.class);
        final Map<Bucket, Double> bucket = new IdentityHashMap<>();
        final Map<Bucket, List<VcpuAnswer>> answers = new IdentityHashMap<>();
        final Map<String, Double> cpuPool = new HashMap<>();
        final Map<String, Double> cpuPoolCap = new HashMap<>();

        Sums(Solution s) {
            Map<String, Bucket> byId = new HashMap<>();
            for (Bucket b : s.buckets()) {
                byId.put(b.user().key() + "/" + b.virtualType(), b);
                bucket.put(b, 0.0);
                answers.put(b, new java.util.ArrayList<>());
            }
            for (VcpuAnswer v : s.running()) {
                pool.merge(v.pool(), v.correct(), Double::sum);
                Bucket b = byId.get(v.placed().user().key() + "/" + v.type());
                bucket.merge(b, v.correct(), Double::sum);
                answers.get(b).add(v);
                Optional<String> member = v.placed().user().cpuPool();
                member.flatMap(s.problem().partition()::cpuPool).filter(cp -> cp.type() == v.pool()).ifPresent(cp -> {
                    cpuPool.merge(cp.key(), v.correct(), Double::sum);
                    cpuPoolCap.put(cp.key(), cp.cap(s.problem().partition().capacity(cp.type())));
                });
            }
        }

        boolean cpuPoolBinds(Bucket b) {
            return b.cpuPool().map(cp -> cpuPool.get(cp.key()) >= cpuPoolCap.get(cp.key()) - SLACK).orElse(false);
        }
    }
}
