package org.schedlab.runner.policy;

import java.util.List;
import java.util.Map;
import org.schedlab.runner.spi.DispatchMode;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.PolicyInstance;
import org.schedlab.runner.spi.PolicyOption;
import org.schedlab.runner.spi.SchedulerPolicy;
import org.schedlab.runner.spi.VcpuStatus;
import org.schedlab.runner.spi.WindowView;
import org.schedlab.solver.Bucket;

/**
 * This project's correct policy: weighted fair queueing on virtual time. Each virtual CPU's virtual time
 * advances by its raw consumption divided by its weight (its part of its bucket's entitlement); the
 * dispatch vectors order by virtual time, so every dispatch is a heap operation: O(log ready VMDBKs).
 *
 * <p>Forgetting rule: a virtual CPU waking from a wait is placed no further than one minor time slice of
 * its own weight behind the pool's virtual clock (the least virtual time of the pool's dispatchable virtual
 * CPUs at the last window edge). So a donor that slept keeps the head start it is owed for one slice but
 * cannot bank idle time, and old consumption is forgotten at the rate the pool moves on. Hard limits, soft
 * limits (held only while the pool's other VMDBKs could fill every logical CPU) and CPU pools go through the
 * {@link LimitList}.
 *
 * <p>Multiprocessor: fair asks for {@link DispatchMode#GLOBAL_ORDER}, one virtual-time ordered queue per
 * dispatch pool, so the least-served VMDBKs meet the CPUs that free first. A weight that would entitle one
 * virtual CPU to more than one logical CPU is infeasible on p CPUs; fair readjusts it as Surplus Fair
 * Scheduling does (A. Chandra, M. Adler, P. Goyal, P. Shenoy, "Surplus Fair Scheduling: A Proportional-Share
 * CPU Scheduling Algorithm for Symmetric Multiprocessors", OSDI 2000, weight readjustment): over the pool's
 * dispatchable VMDBKs by weight, descending, while {@code w_1 / sum(w) > 1/p} the first gets
 * {@code phi_1 = (sum of the rest) / (p - 1)} and the rule recurses on the rest with {@code p - 1}. Virtual
 * time then advances by {@code raw / phi}, so such a VMDBK keeps one CPU and its surplus goes by the others'
 * weights, instead of its inflated virtual clock letting it run less than one CPU.
 */
public final class FairPolicy implements SchedulerPolicy {

    public static final String NAME = "fair";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public PolicyInstance start(PolicyContext context) {
        return new Instance(context);
    }

    @Override
    public DispatchMode dispatchMode() {
        return DispatchMode.GLOBAL_ORDER;
    }

    @Override
    public SchedulerPolicy withOptions(Map<String, String> options) {
        FairSettings.parse(options);
        return this;
    }

    @Override
    public List<PolicyOption> options() {
        return FairSettings.OPTIONS;
    }

    private static final class Instance implements PolicyInstance {
        /** Virtual time units per microsecond/weight: keeps sub-microsecond precision in a long key. */
        private static final double SCALE = 1024;

        private final PolicyContext ctx;
        private final double[] vt;
        private final double[] weight;
        /** 1 / phi: the readjusted weight's inverse, what virtual time advances by per raw microsecond. */
        private final double[] inverseWeight;
        /** Per dispatch pool, its virtual CPUs by weight, heaviest first (ties by index): the readjustment's walk. */
        private final int[][] byWeight;
        /** Per dispatch pool, how many of {@link #byWeight}'s leading entries carry a readjusted weight now. */
        private final int[] adjusted;
        private final int[] logicalCpus;
        /** Scratch for {@link #windowEnd}: the weight of the dispatchable virtual CPUs per dispatch pool. */
        private final double[] poolWeight;
        private final double[] lag;
        private final int[] pool;
        private final double[] poolClock;
        /** Scratch for {@link #windowEnd}: the least virtual time per dispatch pool this window. */
        private final double[] poolMin;
        private final LimitList limits;

        Instance(PolicyContext ctx) {
            this.ctx = ctx;
            int n = ctx.vcpus().size();
            vt = new double[n];
            weight = new double[n];
            inverseWeight = new double[n];
            lag = new double[n];
            pool = new int[n];
            for (PolicyContext.Vcpu v : ctx.vcpus()) {
                int i = v.index();
                weight[i] = Math.max(v.weight(), 1e-6);
                inverseWeight[i] = 1 / weight[i];
                pool[i] = v.dispatchPool();
                lag[i] = ctx.dispatchPools().get(v.dispatchPool()).sliceMicros() * inverseWeight[i];
            }
            int np = ctx.dispatchPools().size();
            poolClock = new double[np];
            poolMin = new double[np];
            poolWeight = new double[np];
            adjusted = new int[np];
            logicalCpus = new int[np];
            byWeight = new int[np][];
            for (int p = 0; p < np; p++) {
                int pp = p;
                logicalCpus[p] = ctx.dispatchPools().get(p).logicalCpus();
                byWeight[p] = ctx.vcpus().stream().filter(v -> v.dispatchPool() == pp)
                        .sorted((a, b) -> a.weight() != b.weight() ? Double.compare(b.weight(), a.weight())
                                : Integer.compare(a.index(), b.index()))
                        .mapToInt(PolicyContext.Vcpu::index).toArray();
            }
            List<Bucket> buckets = ctx.buckets();
            double[] lim = new double[buckets.size()];
            for (int b = 0; b < lim.length; b++) {
                lim[b] = buckets.get(b).limit();
            }
            limits = new LimitList(ctx, lim, LimitList.SoftRule.OTHERS_FILL_POOL);
        }

        @Override
        public long urgency(int v, Reprice why, long now) {
            if (why == Reprice.WAKE) {
                double floor = poolClock[pool[v]] - lag[v];
                if (vt[v] < floor) {
                    vt[v] = floor;
                }
            }
            return (long) (vt[v] * SCALE);
        }

        @Override
        public void charged(int v, long rawMicros, long now) {
            vt[v] += rawMicros * inverseWeight[v];
        }

        @Override
        public void windowEnd(WindowView w) {
            int pools = poolClock.length;
            double[] min = poolMin;
            java.util.Arrays.fill(min, Double.POSITIVE_INFINITY);
            java.util.Arrays.fill(poolWeight, 0);
            for (int v = 0; v < vt.length; v++) {
                VcpuStatus s = w.status(v);
                if (s == VcpuStatus.READY || s == VcpuStatus.RUNNING) {
                    min[pool[v]] = Math.min(min[pool[v]], vt[v]);
                    poolWeight[pool[v]] += weight[v];
                }
            }
            for (int p = 0; p < pools; p++) {
                if (min[p] != Double.POSITIVE_INFINITY && min[p] > poolClock[p]) {
                    poolClock[p] = min[p];
                }
                readjust(p, w);
            }
            limits.windowEnd(w);
        }

        /**
         * Surplus Fair Scheduling's weight readjustment for dispatch pool {@code p} (see the class comment).
         * Weights are sorted once; the walk stops at the first dispatchable VMDBK whose weight is feasible, since
         * every lighter one is feasible too. O(VMDBKs skipped + adjusted) per edge.
         */
        private void readjust(int p, WindowView w) {
            int[] order = byWeight[p];
            for (int i = 0; i < adjusted[p]; i++) {
                inverseWeight[order[i]] = 1 / weight[order[i]];
            }
            double rest = poolWeight[p];
            int cpus = logicalCpus[p];
            int last = 0;
            for (int i = 0; i < order.length && cpus > 1; i++) {
                int v = order[i];
                VcpuStatus s = w.status(v);
                if (s != VcpuStatus.READY && s != VcpuStatus.RUNNING) {
                    continue;
                }
                if (weight[v] * cpus <= rest) {
                    break;
                }
                rest -= weight[v];
                cpus--;
                inverseWeight[v] = rest > 0 ? cpus / rest : 1 / weight[v];
                last = i + 1;
            }
            adjusted[p] = last;
        }

        @Override
        public boolean onLimitList(int bucket, WindowView w) {
            return limits.onLimitList(bucket);
        }
    }
}
