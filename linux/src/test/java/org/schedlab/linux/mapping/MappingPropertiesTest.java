package org.schedlab.linux.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.schedlab.core.CpuPool;
import org.schedlab.core.Diagnostic;
import org.schedlab.core.EngineType;
import org.schedlab.core.InputException;
import org.schedlab.core.Problem;
import org.schedlab.linux.host.CpuList;
import org.schedlab.linux.host.HostTopology;
import org.schedlab.solver.Bucket;
import org.schedlab.solver.Entitlements;
import org.schedlab.testkit.RandomProblems;

/**
 * Random problems of the mappable language (relative shares, hard limits of both kinds, CPU pools, SMT, CPU
 * affinity off, stopped virtual CPUs) map to consistent plans: weights in proportion to the RELATIVE shares, caps
 * equal to the solver's limits, one disjoint cpuset per dispatch pool, every running virtual CPU in its bucket's
 * group.
 */
class MappingPropertiesTest {

    private static final RandomProblems.Mix MAPPABLE = new RandomProblems.Mix(4, 0.1, 0, 0.4, 0, 0.3, 0.15, 0.3);
    private static final HostTopology HOST = HostTopology.uniform(2048, 2);
    private static final String RUN = "schedlab-9-9-9";

    @ParameterizedTest
    @EnumSource(CgroupVersion.class)
    void randomProblems_mapToConsistentPlans(CgroupVersion version) {
        int planned = 0;
        int limited = 0;
        int pooled = 0;
        for (long seed = 1; seed <= 600; seed++) {
            Problem p = RandomProblems.generate(seed, 1 + (int) (seed % 40), MAPPABLE);
            CgroupPlan plan;
            try {
                plan = LinuxMapping.plan(p, HOST, version, RUN, "0");
            } catch (InputException e) {
                for (Diagnostic d : e.diagnostics()) {
                    assertTrue(d.message().contains("below the smallest cap the kernel enforces")
                            || d.message().contains("weight holds"), "seed " + seed + ": " + d);
                }
                continue;
            }
            planned++;
            Check c = new Check(p, plan, version, seed);
            c.tree();
            c.cpus();
            limited += c.buckets();
            pooled += c.cpuPools();
            c.placements();
        }
        assertTrue(planned >= 500, "most random problems map: " + planned);
        assertTrue(limited >= 100 && pooled >= 50, "limits " + limited + ", pooled buckets " + pooled);
    }

    private record Check(Problem problem, CgroupPlan plan, CgroupVersion v, long seed) {

        Hierarchy cpuH() {
            return v == CgroupVersion.V1 ? Hierarchy.CPU : Hierarchy.UNIFIED;
        }

        Hierarchy cpusetH() {
            return v == CgroupVersion.V1 ? Hierarchy.CPUSET : Hierarchy.UNIFIED;
        }

        String where() {
            return "seed " + seed + " v" + v.number();
        }

        void tree() {
            for (Hierarchy h : v.hierarchies()) {
                Set<String> seen = new HashSet<>();
                for (GroupSpec g : plan.groups(h)) {
                    assertTrue(g.path().equals(RUN) || g.path().startsWith(RUN + "/"), where() + ": " + g.path());
                    g.parent().ifPresent(parent -> assertTrue(seen.contains(parent), where() + ": parent of " + g.path()));
                    assertTrue(seen.add(g.path()), where() + ": twice " + g.path());
                }
            }
        }

        void cpus() {
            List<LogicalCpu> cpus = plan.logicalCpus();
            int logical = 0;
            for (EngineType t : problem.partition().types()) {
                logical += problem.partition().logicalCpus(t);
            }
            assertEquals(logical, cpus.size(), where());
            assertEquals(cpus.size(), new HashSet<>(plan.hostCpus()).size(), where() + ": a host CPU used twice");
            for (LogicalCpu c : cpus) {
                LogicalCpu first = cpus.stream().filter(o -> o.type() == c.type() && o.core() == c.core()).findFirst()
                        .orElseThrow();
                assertEquals(HOST.coreOf(first.hostCpu()), HOST.coreOf(c.hostCpu()), where() + ": threads of a core");
            }
            Set<Integer> all = new HashSet<>();
            for (EngineType t : problem.partition().types()) {
                plan.group(cpusetH(), RUN + "/" + t.name().toLowerCase(Locale.ROOT)).ifPresent(g -> {
                    List<Integer> set = CpuList.parse(g.value("cpuset.cpus").orElseThrow());
                    assertEquals(plan.hostCpus(t).stream().sorted().toList(), set, where() + ": cpuset of " + t);
                    for (int cpu : set) {
                        assertTrue(all.add(cpu), where() + ": pools overlap at CPU " + cpu);
                    }
                });
            }
            assertEquals(all, new HashSet<>(CpuList.parse(plan.group(cpusetH(), RUN).orElseThrow().value("cpuset.cpus")
                    .orElseThrow())), where() + ": the run group's cpuset is its pools'");
        }

        double weight(GroupSpec g) {
            return Double.parseDouble(g.value(v == CgroupVersion.V1 ? "cpu.shares" : "cpu.weight").orElseThrow());
        }

        /** The cap written in a group, percent of one CPU, or -1 when none. */
        double cap(GroupSpec g) {
            if (v == CgroupVersion.V1) {
                return g.value("cpu.cfs_quota_us").map(q -> 100.0 * Long.parseLong(q)
                        / Long.parseLong(g.value("cpu.cfs_period_us").orElseThrow())).orElse(-1.0);
            }
            return g.value("cpu.max").map(m -> {
                String[] f = m.split(" ");
                return 100.0 * Long.parseLong(f[0]) / Long.parseLong(f[1]);
            }).orElse(-1.0);
        }

        /** Each bucket: weight in proportion to its share, cap the solver's limit (the pool's when v1 clips). */
        int buckets() {
            List<Bucket> buckets = Entitlements.of(problem);
            assertEquals(buckets.size(), plan.buckets().size(), where());
            int limited = 0;
            for (int i = 0; i < buckets.size(); i++) {
                Bucket b = buckets.get(i);
                BucketGroup bg = plan.buckets().get(i);
                assertEquals(b.id(), bg.id(), where());
                GroupSpec g = plan.group(cpuH(), bg.path()).orElseThrow();
                double r = b.share().min().value();
                double w = weight(g);
                if (v == CgroupVersion.V1) {
                    assertTrue(Math.abs(w - r * 1024 / 100) <= 0.5, where() + ": " + b.id() + " shares " + w + " for " + r);
                } else {
                    assertEquals(r, w, where());
                }
                double cap = cap(g);
                if (b.hasLimit()) {
                    limited++;
                    double expected = b.limit();
                    if (v == CgroupVersion.V1 && b.cpuPool().isPresent()) {
                        CpuPool pool = b.cpuPool().get();
                        expected = Math.min(expected, cap(plan.group(cpuH(), bg.cap().orElseThrow().equals(bg.path())
                                ? g.parent().orElseThrow() : bg.cap().get()).orElseThrow()));
                        assertTrue(pool.cap(problem.partition().capacity(pool.type())) > 0, where());
                    }
                    double period = expected >= 1 ? 100_000 : 1_000_000;
                    assertEquals(expected, cap, 100.0 * 0.5 / period + 1e-9, where() + ": cap of " + b.id());
                    assertEquals(bg.path(), bg.cap().orElseThrow(), where());
                } else {
                    assertEquals(-1.0, cap, where() + ": " + b.id() + " has no limit");
                }
            }
            return limited;
        }

        /** Each CPU pool with members: its group's weight is the members' shares added up, its cap the pool's. */
        int cpuPools() {
            Map<String, Double> shares = new HashMap<>();
            int members = 0;
            for (Bucket b : Entitlements.of(problem)) {
                if (b.cpuPool().isPresent()) {
                    shares.merge(b.cpuPool().get().key(), b.share().min().value(), Double::sum);
                    members++;
                    BucketGroup bg = plan.buckets().stream().filter(x -> x.id().equals(b.id())).findFirst().orElseThrow();
                    String poolPath = RUN + "/" + b.pool().name().toLowerCase(Locale.ROOT) + "/cpupool."
                            + b.cpuPool().get().name();
                    assertEquals(poolPath, bg.path().substring(0, bg.path().lastIndexOf('/')), where());
                }
            }
            for (CpuPool p : problem.partition().cpuPools()) {
                String path = RUN + "/" + p.type().name().toLowerCase(Locale.ROOT) + "/cpupool." + p.name();
                if (!shares.containsKey(p.key())) {
                    assertTrue(plan.group(cpuH(), path).isEmpty(), where() + ": a CPU pool without members has no group");
                    continue;
                }
                GroupSpec g = plan.group(cpuH(), path).orElseThrow();
                double r = shares.get(p.key());
                assertTrue(Math.abs(weight(g) - (v == CgroupVersion.V1 ? r * 1024 / 100 : r)) <= 0.5, where());
                double expected = p.cap(problem.partition().capacity(p.type()));
                assertEquals(expected, cap(g), 100.0 * 0.5 / (expected >= 1 ? 100_000 : 1_000_000) + 1e-9, where());
            }
            return members;
        }

        void placements() {
            List<Problem.Placed> running = new ArrayList<>();
            for (Problem.Placed pl : problem.vcpus()) {
                if (!pl.vcpu().stopped()) {
                    running.add(pl);
                }
            }
            assertEquals(running.size(), plan.placements().size(), where());
            for (int i = 0; i < running.size(); i++) {
                VcpuPlacement pl = plan.placements().get(i);
                assertEquals(i, pl.index());
                assertEquals(running.get(i).id(), pl.id(), where());
                String bucket = running.get(i).user().name() + "/" + running.get(i).vcpu().type();
                BucketGroup bg = plan.buckets().stream().filter(b -> b.id().equals(bucket)).findFirst().orElseThrow();
                assertEquals(bg.path(), pl.groups().get(cpuH()), where() + ": " + pl.id());
                assertEquals(plan.hostCpus(pl.pool()).stream().sorted().toList(), pl.cpus(), where());
                if (v == CgroupVersion.V1) {
                    assertEquals(RUN + "/" + pl.pool().name().toLowerCase(Locale.ROOT), pl.groups().get(Hierarchy.CPUSET));
                }
            }
        }
    }
}
