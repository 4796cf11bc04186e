package org.schedlab.runner.policy;

import java.util.Arrays;
import org.schedlab.core.Numbers;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.VcpuStatus;
import org.schedlab.runner.spi.WindowView;

/**
 * Fair's weights after readjustment for infeasible weights, as in Surplus Fair Scheduling: A. Chandra, M. Adler,
 * P. Goyal, P. Shenoy, "Surplus Fair Scheduling: A Proportional-Share CPU Scheduling Algorithm for Symmetric
 * Multiprocessors", OSDI 2000. On p logical CPUs no virtual CPU can use more than one, so a weight w_i with
 * {@code w_i / sum(w) > 1/p} is infeasible: its virtual time would run slow, it would look owed forever and the
 * order would stop meaning anything. Readjusted, the k infeasible (heaviest) ones all get
 * {@code phi = (sum of the feasible weights) / (p - k)}, the fixed point of the paper's recursive rule
 * ({@code phi_1 = sum of the rest / (p - 1)}, recurse with p - 1), so each holds exactly one CPU and the surplus goes
 * to the others by their weights.
 *
 * <p>Only the virtual CPUs that compete for the dispatch pool's CPUs take part: a bucket held by its limit, or a
 * CPU pool held by its cap, takes what its limit lets it (its CPUs are deducted from p), a donor (a virtual CPU
 * that waited recently) takes what it recently used, and a LIMITSOFT scavenger takes only leftovers; their
 * weights only order them among themselves. With no more competing virtual CPUs than
 * CPUs left, each gets one whatever its weight and nothing is readjusted.
 *
 * <p>Cost per window edge: O(buckets + virtual CPUs) for the sums, then the walk over the weights sorted once at
 * start stops at the first feasible weight (every lighter one is feasible too). Dispatch stays O(log n).
 */
final class SurplusFairWeights {

    private final PolicyContext ctx;
    private final double[] weight;
    private final double[] inverse;
    private final int[] pool;
    private final int[] bucket;
    private final double[] limitCpus;
    private final int[][] byWeight;
    private final int[] adjusted;
    private final double[] capacityCpus;
    /** Per bucket: its CPU pool if it is capped in the dispatch pool its virtual CPUs run in, else -1. */
    private final int[] cpuPoolOf;
    /** Per bucket: the dispatch pool its virtual CPUs run in, or -1. */
    private final int[] bucketPool;
    // Scratch, per edge.
    private final boolean[] bucketBinding;
    private final double[] groupWanting;
    private final double[] groupUse;
    private final double[] taken;
    private final double[] freeWeight;
    private final int[] freeCount;
    /** Raw microseconds each virtual CPU ran since the last edge (written by {@link #ran} on its worker). */
    private final long[] ranSinceEdge;
    /** Each virtual CPU's recent consumption, in CPUs (exponentially decayed, the limit list's time constant). */
    private final double[] recent;
    /** When each virtual CPU last waited at an edge (its burner had nothing to do), or a long time ago. */
    private final long[] lastWaited;
    private final double tau;
    private final WindowDecay recentDecay;

    /** @param limits per bucket, the limit the policy enforces (percent of one CPU; infinite: none) */
    SurplusFairWeights(PolicyContext ctx, double[] weight, double[] limits) {
        this.ctx = ctx;
        int n = weight.length;
        this.weight = weight;
        this.inverse = new double[n];
        this.pool = new int[n];
        this.bucket = new int[n];
        for (PolicyContext.Vcpu v : ctx.vcpus()) {
            inverse[v.index()] = 1 / weight[v.index()];
            pool[v.index()] = v.dispatchPool();
            bucket[v.index()] = v.bucket();
        }
        int nb = limits.length;
        this.limitCpus = new double[nb];
        for (int b = 0; b < nb; b++) {
            limitCpus[b] = Numbers.percentToFraction(limits[b]);
        }
        int np = ctx.dispatchPools().size();
        this.capacityCpus = new double[np];
        this.byWeight = new int[np][];
        this.adjusted = new int[np];
        for (int p = 0; p < np; p++) {
            int pp = p;
            capacityCpus[p] = Numbers.percentToFraction(ctx.dispatchPools().get(p).capacity());
            byWeight[p] = ctx.vcpus().stream().filter(v -> v.dispatchPool() == pp)
                    .sorted((a, b) -> weight[a.index()] != weight[b.index()]
                            ? Double.compare(weight[b.index()], weight[a.index()]) : Integer.compare(a.index(), b.index()))
                    .mapToInt(PolicyContext.Vcpu::index).toArray();
        }
        this.bucketPool = new int[nb];
        for (int b = 0; b < nb; b++) {
            bucketPool[b] = ctx.dispatchPoolOf(ctx.buckets().get(b).pool());
        }
        this.cpuPoolOf = new int[nb];
        Arrays.fill(cpuPoolOf, -1);
        for (PolicyContext.CpuPoolCap g : ctx.cpuPools()) {
            for (int b : g.members()) {
                if (cpuPoolOf[b] < 0 && ctx.dispatchPoolOf(ctx.buckets().get(b).pool()) == g.dispatchPool()) {
                    cpuPoolOf[b] = g.index();
                }
            }
        }
        this.bucketBinding = new boolean[nb];
        this.groupWanting = new double[ctx.cpuPools().size()];
        this.groupUse = new double[ctx.cpuPools().size()];
        this.taken = new double[np];
        this.freeWeight = new double[np];
        this.freeCount = new int[np];
        this.ranSinceEdge = new long[n];
        this.recent = new double[n];
        this.lastWaited = new long[n];
        Arrays.fill(lastWaited, Long.MIN_VALUE / 2);
        this.tau = ctx.constants().limitRateTauMicros();
        this.recentDecay = new WindowDecay(tau);
    }

    /** The virtual CPU ran {@code raw} microseconds (called from {@code charged}, on the worker owning it). */
    void ran(int v, long raw) {
        ranSinceEdge[v] += raw;
    }

    /**
     * A donor: it waited (had nothing to run) within the last time constant. Like the solver's filling, which
     * stops a virtual CPU at its demand, a donor takes what it recently used off the CPUs the others share, and
     * its weight does not count toward readjustment; readjusting on the instantaneous set instead would penalize
     * a heavy virtual CPU for the moments the donors happen to sleep.
     */
    private boolean donor(int v, long now) {
        return now - lastWaited[v] < tau;
    }

    /** 1 / phi: what virtual time advances by per raw microsecond. */
    double inverse(int v) {
        return inverse[v];
    }

    /** Readjusts for the next window, from the statuses at this edge and the limit list's latest decisions. */
    void update(WindowView w, LimitList limits) {
        long now = w.endMicros();
        double decay = recentDecay.factor(w.lengthMicros());
        for (int v = 0; v < weight.length; v++) {
            recent[v] = recent[v] * decay + (1 - decay) * ranSinceEdge[v] / (double) w.lengthMicros();
            ranSinceEdge[v] = 0;
            if (w.status(v) == VcpuStatus.WAITING) {
                lastWaited[v] = now;
            }
        }
        Arrays.fill(groupWanting, 0);
        Arrays.fill(groupUse, 0);
        Arrays.fill(taken, 0);
        Arrays.fill(freeWeight, 0);
        Arrays.fill(freeCount, 0);
        for (int b = 0; b < limitCpus.length; b++) {
            int wanting = w.wanting(b);
            bucketBinding[b] = !limits.scavenging(b) && limitCpus[b] < wanting;
            double use = Math.min(wanting, limitCpus[b]);
            if (cpuPoolOf[b] >= 0) {
                groupWanting[cpuPoolOf[b]] += wanting;
                groupUse[cpuPoolOf[b]] += use;
            } else if (bucketBinding[b]) {
                int p = bucketPool[b];
                if (p >= 0) {
                    taken[p] += use;
                }
            }
        }
        for (PolicyContext.CpuPoolCap g : ctx.cpuPools()) {
            double cap = Numbers.percentToFraction(g.cap());
            if (cap < groupWanting[g.index()]) {
                taken[g.dispatchPool()] += Math.min(cap, groupUse[g.index()]);
            } else {
                groupWanting[g.index()] = -1; // not binding: its members compete like anyone
            }
        }
        for (int v = 0; v < weight.length; v++) {
            if (!competes(v, limits, now)) {
                if (donor(v, now) && !constrained(v, limits)) {
                    taken[pool[v]] += recent[v];
                }
                continue;
            }
            VcpuStatus s = w.status(v);
            if (s == VcpuStatus.READY || s == VcpuStatus.RUNNING) {
                freeWeight[pool[v]] += weight[v];
                freeCount[pool[v]]++;
            }
        }
        for (int p = 0; p < byWeight.length; p++) {
            readjust(p, w, limits, now);
        }
    }

    private boolean competes(int v, LimitList limits, long now) {
        return !donor(v, now) && !constrained(v, limits);
    }

    /** Held by its bucket's limit or its CPU pool's cap, or a scavenger: not competing for the pool's CPUs. */
    private boolean constrained(int v, LimitList limits) {
        int b = bucket[v];
        if (limits.scavenging(b) || bucketBinding[b]) {
            return true;
        }
        int g = cpuPoolOf[b];
        return g >= 0 && groupWanting[g] >= 0;
    }

    private void readjust(int p, WindowView w, LimitList limits, long now) {
        int[] order = byWeight[p];
        for (int i = 0; i < adjusted[p]; i++) {
            inverse[order[i]] = 1 / weight[order[i]];
        }
        adjusted[p] = 0;
        double cpus = capacityCpus[p] - taken[p];
        if (freeCount[p] <= cpus + Numbers.TOLERANCE) {
            return;
        }
        double rest = freeWeight[p];
        int k = 0;
        int last = 0;
        for (int i = 0; i < order.length && cpus - k > 1; i++) {
            int v = order[i];
            VcpuStatus s = w.status(v);
            if ((s != VcpuStatus.READY && s != VcpuStatus.RUNNING) || !competes(v, limits, now)) {
                continue;
            }
            if (weight[v] * (cpus - k) <= rest) {
                break;
            }
            rest -= weight[v];
            k++;
            last = i + 1;
        }
        if (k == 0 || rest <= 0) {
            return;
        }
        double inversePhi = (cpus - k) / rest;
        for (int i = 0; i < last; i++) {
            int v = order[i];
            VcpuStatus s = w.status(v);
            if ((s == VcpuStatus.READY || s == VcpuStatus.RUNNING) && competes(v, limits, now)) {
                inverse[v] = inversePhi;
            }
        }
        adjusted[p] = last;
    }
}
