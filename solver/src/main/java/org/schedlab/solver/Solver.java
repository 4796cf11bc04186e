package org.schedlab.solver;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.schedlab.core.CpuPool;
import org.schedlab.core.EngineType;
import org.schedlab.core.LimitMode;
import org.schedlab.core.Partition;
import org.schedlab.core.Phase;
import org.schedlab.core.Problem;

/**
 * Computes the correct CPU consumption of every virtual CPU of a problem (docs/solver.md):
 * entitlements and limits per bucket ({@link Entitlements}), then a progressive filling in which
 * LIMITSOFT acts as LIMITHARD, then a second filling in which the LIMITSOFT buckets' virtual CPUs
 * scavenge what is left. Both fillings are exact and event-driven ({@link ProgressiveFilling}).
 */
public final class Solver {

    private Solver() {
    }

    /**
     * The answer for {@code problem} as it stands at the start. For a problem that changes while it runs
     * that is its first phase only; {@link #solvePhases} answers every phase.
     */
    public static Solution solve(Problem problem) {
        Prepared prepared = new Prepared(problem);
        double[] x = prepared.fill();
        Entitlements.Layout layout = prepared.layout;
        Partition partition = problem.partition();
        double[] allocated = new double[EngineType.values().length];
        for (int i = 0; i < prepared.fillIndex.length; i++) {
            if (prepared.fillIndex[i] >= 0) {
                allocated[layout.pool(i).ordinal()] += x[prepared.fillIndex[i]];
            }
        }
        List<VcpuAnswer> answers = new AnswerList(layout, prepared.fillIndex, x);
        List<PoolAllocation> pools = new ArrayList<>();
        for (EngineType type : partition.types()) {
            pools.add(new PoolAllocation(type, partition.capacity(type), allocated[type.ordinal()]));
        }
        return new Solution(problem, pools, layout.buckets(), answers);
    }

    /**
     * The answer for every phase of {@code problem}: {@link #solve} of each phase's problem. A static problem
     * is solved once, as {@link #solve} solves it.
     */
    public static PhasedSolution solvePhases(Problem problem) {
        List<PhaseSolution> phases = new ArrayList<>(problem.timeline().size() + 1);
        for (Phase phase : problem.phases()) {
            phases.add(new PhaseSolution(phase, solve(phase.problem())));
        }
        return new PhasedSolution(problem, problem.runningVcpus(), phases);
    }

    /**
     * Lays a problem out once, to be solved again for other demands of its running virtual CPUs: what a scheduler
     * that allocates by observed demand needs at every change of it. Everything but the demands (buckets,
     * entitlements, limits, pools, the filling's groups) is built here once; {@link Prepared#correct} then runs
     * the same two fillings {@link #solve} runs, so it gives exactly the {@code correct} figures {@code solve} gives
     * for the problem with those demands. Not thread-safe: one caller at a time.
     */
    public static Prepared prepare(Problem problem) {
        return new Prepared(problem);
    }

    /** See {@link Solver#prepare}. */
    public static final class Prepared {

        private final Entitlements.Layout layout;
        private final ProgressiveFilling filling;
        private final double[] hardCaps;
        private final double[] scavengingCaps;
        private final boolean[] scavenging;
        private final boolean anyScavenger;
        /** Per virtual CPU in file order, its index in the filling (running virtual CPUs in file order), or -1. */
        private final int[] fillIndex;

        private Prepared(Problem problem) {
            Entitlements.Layout layout = Entitlements.layout(problem);
            List<Bucket> buckets = layout.buckets();
            Partition partition = problem.partition();

            // One filling holds every dispatch pool: their groups are disjoint, so a shared level gives
            // each pool the answer a filling of its own would. Groups: dispatch pools, limited buckets,
            // CPU pools. Each has a cap for the share-based phase and one for scavenging.
            // Every virtual CPU joins its dispatch pool, and maybe its bucket's limit and a CPU pool.
            int running = 0;
            int joins = 0;
            for (int b = 0; b < buckets.size(); b++) {
                Bucket bucket = buckets.get(b);
                int size = bucket.running().size();
                running += size;
                joins += size * (1 + (bucket.hasLimit() ? 1 : 0) + (bucket.cpuPool().isPresent() ? 1 : 0));
            }
            ProgressiveFilling.Builder builder = new ProgressiveFilling.Builder(running, joins);
            int limited = 0;
            for (int b = 0; b < buckets.size(); b++) {
                limited += buckets.get(b).hasLimit() ? 1 : 0;
            }
            int maxGroups = partition.types().size() + limited + partition.cpuPools().size();
            double[] hardCaps = new double[maxGroups];
            double[] scavengingCaps = new double[maxGroups];
            int[] dispatchGroup = new int[EngineType.values().length];
            for (EngineType type : partition.types()) {
                int g = builder.addGroup();
                dispatchGroup[type.ordinal()] = g;
                hardCaps[g] = scavengingCaps[g] = partition.capacity(type);
            }
            int[] bucketGroup = new int[buckets.size()];
            boolean[] softBucket = new boolean[buckets.size()];
            for (int b = 0; b < buckets.size(); b++) {
                Bucket bucket = buckets.get(b);
                bucketGroup[b] = -1;
                if (bucket.hasLimit()) {
                    softBucket[b] = bucket.share().limit().orElseThrow().mode() == LimitMode.SOFT;
                    int g = builder.addGroup();
                    bucketGroup[b] = g;
                    hardCaps[g] = bucket.limit();
                    // A soft limit no longer holds once its bucket is scavenging.
                    scavengingCaps[g] = softBucket[b] ? Double.POSITIVE_INFINITY : bucket.limit();
                }
            }
            Map<String, Integer> cpuPoolGroup = new HashMap<>();

            // Filling indices follow file order over the running virtual CPUs.
            int[] fillIndex = new int[layout.size()];
            boolean[] scavenging = new boolean[running];
            boolean anyScavenger = false;
            for (int i = 0; i < layout.size(); i++) {
                int b = layout.bucketOf(i);
                fillIndex[i] = -1;
                if (b < 0) {
                    continue;
                }
                Bucket bucket = buckets.get(b);
                int v = builder.addVcpu(bucket.entitlementPerVcpu(), layout.vcpu(i).demand().cap());
                fillIndex[i] = v;
                scavenging[v] = softBucket[b];
                anyScavenger |= scavenging[v];
                builder.join(v, dispatchGroup[bucket.pool().ordinal()]);
                if (bucketGroup[b] >= 0) {
                    builder.join(v, bucketGroup[b]);
                }
                if (bucket.cpuPool().isPresent()) {
                    CpuPool pool = bucket.cpuPool().get();
                    Integer g = cpuPoolGroup.get(pool.key());
                    if (g == null) {
                        g = builder.addGroup();
                        hardCaps[g] = scavengingCaps[g] = pool.cap(partition.capacity(pool.type()));
                        cpuPoolGroup.put(pool.key(), g);
                    }
                    builder.join(v, g);
                }
            }
            this.layout = layout;
            this.filling = builder.build();
            this.hardCaps = hardCaps;
            this.scavengingCaps = scavengingCaps;
            this.scavenging = scavenging;
            this.anyScavenger = anyScavenger;
            this.fillIndex = fillIndex;
        }

        /** How many virtual CPUs run (are not stopped): the length of {@link #correct}'s arrays. */
        public int running() {
            return filling.vcpus();
        }

        /**
         * The correct consumption of each running virtual CPU, in file order, for these demands.
         *
         * @param demand per running virtual CPU in file order, its demand in percent of one CPU (100 for {@code *},
         *               as {@link org.schedlab.core.Demand#cap()} gives it)
         */
        public double[] correct(double[] demand) {
            if (demand.length != running()) {
                throw new IllegalArgumentException(
                        "expected " + running() + " demands, one per running virtual CPU, got " + demand.length);
            }
            for (int v = 0; v < demand.length; v++) {
                filling.setCap(v, demand[v]);
            }
            return fill();
        }

        private double[] fill() {
            double[] x = filling.fill(null, null, hardCaps);
            if (anyScavenger) {
                x = filling.fill(x, scavenging, scavengingCaps);
            }
            return x;
        }
    }
}
