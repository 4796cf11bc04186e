package org.schedlab.runner.engine;

import java.util.Arrays;
import org.schedlab.core.Srm;
import org.schedlab.runner.spi.DispatchMode;
import org.schedlab.runner.spi.VcpuStatus;
import org.schedlab.runner.spi.WindowView;

/**
 * Everything that crosses dispatch units, done serially at the window edge in a fixed order: the bucket
 * totals the policy sees, the policy's own bookkeeping, limit-list changes, and under DISPATCH_VECTORS steals
 * and (when due) work distribution. Under GLOBAL_ORDER a dispatch pool has one ready queue, so there is
 * nothing to steal or distribute.
 */
final class WindowEdge {

    private final Layout l;
    private final State s;
    private final UnitDispatch cores;
    private final Meters meters;
    private final WorkDistribution distribution;
    private final RunSlots slots;
    private final WindowView view;
    /** Steal barrier per {@link org.schedlab.core.Topology.Distance} ordinal, copied from the model constants. */
    private final long[] stealBarrier;

    WindowEdge(Layout l, State s, UnitDispatch cores, Meters meters, RunSlots slots) {
        this.l = l;
        this.s = s;
        this.cores = cores;
        this.meters = meters;
        this.distribution = new WorkDistribution(l, s);
        this.slots = slots;
        this.view = new EdgeView(s);
        this.stealBarrier = l.constants.stealBarrierMicros().stream().mapToLong(Long::longValue).toArray();
    }

    void edge(boolean distributionDue) {
        long now = s.windowEnd;
        Arrays.fill(s.bucketConsumed, 0);
        Arrays.fill(s.bucketWanting, 0);
        for (int v = 0; v < l.n; v++) {
            int b = l.vBucket[v];
            s.bucketConsumed[b] += s.vRawWindow[v];
            if (l.mode == DispatchMode.GLOBAL_ORDER && l.vCpuPool[v] >= 0) {
                slots.used[l.vCpuPool[v]] += s.vRawWindow[v];
            }
            s.vRawWindow[v] = 0;
            if (s.vStatus[v] != VcpuStatus.WAITING) {
                s.bucketWanting[b]++;
            }
        }
        if (l.mode == DispatchMode.GLOBAL_ORDER) {
            // Running VMDBKs are charged for the window and priced afresh, so that their keys, which a newly ready
            // VMDBK is compared with to preempt the least urgent, are never more than a window stale.
            for (int cpu = 0; cpu < l.nCpus; cpu++) {
                int v = s.cpuRunning[cpu];
                if (v >= 0 && s.vRan[v] > 0) {
                    s.policy.charged(v, s.vRan[v], now);
                    s.vRan[v] = 0;
                    s.dvKey[v] = s.policy.urgency(v, org.schedlab.runner.spi.PolicyInstance.Reprice.EDGE, now);
                }
            }
        }
        s.policy.windowEnd(view);
        long len = s.windowEnd - s.windowStart;
        for (int b = 0; b < l.nb; b++) {
            if (s.bucketLimited[b]) {
                meters.limited(b, len);
            }
        }
        for (int b = 0; b < l.nb; b++) {
            boolean lim = s.policy.onLimitList(b, view);
            if (lim != s.bucketLimited[b]) {
                setLimited(b, lim, now);
            }
        }
        for (int b = 0; b < l.nb; b++) {
            if (!s.bucketLimited[b] && s.policy.repriceAtEdge(b, view)) {
                for (int v : l.bucketVcpus[b]) {
                    cores.reprice(v, now);
                }
            }
        }
        if (l.mode == DispatchMode.GLOBAL_ORDER) {
            for (int b = 0; b < l.nb; b++) {
                if (!s.bucketLimited[b]) {
                    slots.bucketSlots(b, s.policy.runningLimit(b, view), now);
                }
            }
            slots.cpuPoolEdge(now, len);
            return;
        }
        steal(now);
        if (distributionDue) {
            boolean rebalance = l.srm.workDistribution() == Srm.WorkDistribution.REBALANCE;
            for (int p = 0; p < l.dispatchPoolCount(); p++) {
                distribution.distribute(p, rebalance);
            }
        }
    }

    private void setLimited(int b, boolean limited, long now) {
        s.bucketLimited[b] = limited;
        for (int v : l.bucketVcpus[b]) {
            if (limited) {
                if (s.vStatus[v] == VcpuStatus.READY) {
                    s.removeReady(v);
                    s.vStatus[v] = VcpuStatus.LIMITED;
                } else if (s.vStatus[v] == VcpuStatus.RUNNING) {
                    cores.stopRunning(s.runningCpu(v), v, now, false);
                }
            } else if (s.vStatus[v] == VcpuStatus.LIMITED) {
                cores.release(v, now);
            }
        }
    }

    private boolean anyReady(int pool) {
        for (int o = l.poolFirstCore[pool]; o < l.poolFirstCore[pool] + l.poolCoreCount[pool]; o++) {
            if (!s.dv[o].isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Idle logical CPUs whose own DV is empty steal the head of another DV of their dispatch pool, nearest
     * first, if the head has waited at least the steal barrier for that distance.
     */
    private void steal(long now) {
        for (int c = 0; c < l.nCores; c++) {
            int p0 = l.coreDispatchPool[c];
            if (c == l.poolFirstCore[p0] && !anyReady(p0)) {
                // Nothing waits in any DV of this pool, and steals only move VMDBKs between its DVs: no CPU of it
                // can steal, so skip it whole. Idle logical CPUs then cost next to nothing here.
                c += l.poolCoreCount[p0] - 1;
                continue;
            }
            int first = l.coreFirstCpu[c];
            for (int k = 0; k < l.coreThreads[c]; k++) {
                int cpu = first + k;
                if (s.cpuRunning[cpu] >= 0) {
                    continue;
                }
                int idleBefore = 0;
                for (int j = 0; j < k; j++) {
                    if (s.cpuRunning[first + j] < 0) {
                        idleBefore++;
                    }
                }
                if (s.dv[c].size() > idleBefore) {
                    continue;
                }
                int victim = -1;
                int bestDist = Integer.MAX_VALUE;
                long bestKey = Long.MAX_VALUE;
                int p = l.coreDispatchPool[c];
                for (int o = l.poolFirstCore[p]; o < l.poolFirstCore[p] + l.poolCoreCount[p]; o++) {
                    if (o == c || s.dv[o].isEmpty()) {
                        continue;
                    }
                    int d = l.topology.distance(l.coreLocal[c], l.coreLocal[o]).ordinal();
                    int head = s.dv[o].top();
                    if (now - s.vReadySince[head] < stealBarrier[d]) {
                        continue;
                    }
                    long key = s.dv[o].topKey();
                    if (d < bestDist || (d == bestDist && key < bestKey)) {
                        victim = o;
                        bestDist = d;
                        bestKey = key;
                    }
                }
                if (victim < 0) {
                    continue;
                }
                int v = s.dv[victim].poll();
                s.moveHome(v, c);
                s.dv[c].add(v, s.dvKey[v]);
                meters.stole(cpu, bestDist);
            }
        }
    }
}
