package org.schedlab.runner.policy;

import java.util.List;
import java.util.Map;
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
 * {@link LimitList}; the runner's work distribution, dealing VMDBKs over the dispatch vectors in urgency order,
 * keeps the multiprocessor close to the single fluid answer.
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
        private final double[] inverseWeight;
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
            inverseWeight = new double[n];
            lag = new double[n];
            pool = new int[n];
            for (PolicyContext.Vcpu v : ctx.vcpus()) {
                int i = v.index();
                inverseWeight[i] = 1 / Math.max(v.weight(), 1e-6);
                pool[i] = v.dispatchPool();
                lag[i] = ctx.dispatchPools().get(v.dispatchPool()).sliceMicros() * inverseWeight[i];
            }
            poolClock = new double[ctx.dispatchPools().size()];
            poolMin = new double[poolClock.length];
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
            for (int v = 0; v < vt.length; v++) {
                VcpuStatus s = w.status(v);
                if (s == VcpuStatus.READY || s == VcpuStatus.RUNNING) {
                    min[pool[v]] = Math.min(min[pool[v]], vt[v]);
                }
            }
            for (int p = 0; p < pools; p++) {
                if (min[p] != Double.POSITIVE_INFINITY && min[p] > poolClock[p]) {
                    poolClock[p] = min[p];
                }
            }
            limits.windowEnd(w);
        }

        @Override
        public boolean onLimitList(int bucket, WindowView w) {
            return limits.onLimitList(bucket);
        }
    }
}
