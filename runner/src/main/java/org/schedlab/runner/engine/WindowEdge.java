package org.schedlab.runner.engine;

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
    /** Steal candidates: the current pool's cores whose DV is (or was, during the pass) non-empty. */
    private final int[] candidate;
    private final boolean[] isCandidate;
    private int candidates;
    /** The buckets whose {@code bucketConsumed} is non-zero since the last edge. */
    private final int[] consumedBuckets;
    private int consumedCount;
    /** The buckets the policy may limit ({@code PolicyInstance.mayLimit}), by index; set when the policy starts. */
    private int[] limitable;

    WindowEdge(Layout l, State s, UnitDispatch cores, Meters meters, RunSlots slots) {
        this.l = l;
        this.s = s;
        this.cores = cores;
        this.meters = meters;
        this.distribution = new WorkDistribution(l, s);
        this.slots = slots;
        this.view = new EdgeView(s);
        this.stealBarrier = l.constants.stealBarrierMicros().stream().mapToLong(Long::longValue).toArray();
        this.candidate = new int[Math.max(1, l.nCores)];
        this.isCandidate = new boolean[Math.max(1, l.nCores)];
        this.consumedBuckets = new int[l.nb];
    }

    /** The policy has started: asks it once which buckets it may ever limit. */
    void start() {
        int k = 0;
        int[] may = new int[l.nb];
        for (int b = 0; b < l.nb; b++) {
            if (s.policy.mayLimit(b)) {
                may[k++] = b;
            }
        }
        limitable = java.util.Arrays.copyOf(may, k);
    }

    /**
     * The problem changed and the policy has been told: it is asked again which buckets it may limit (a bucket that
     * lost its limit comes off the list and loses its slot cap), and then, as at an edge, for the limit list, repricing
     * and slots, so the new settings hold from now on. Edge only.
     */
    void afterChange(long now) {
        int[] before = limitable;
        start();
        boolean[] still = new boolean[l.nb];
        for (int b : limitable) {
            still[b] = true;
        }
        for (int b : before) {
            if (!still[b]) {
                if (s.bucketLimited[b]) {
                    setLimited(b, false, now);
                }
                if (l.mode == DispatchMode.GLOBAL_ORDER) {
                    slots.bucketSlots(b, Integer.MAX_VALUE, now);
                }
            }
        }
        decide(now);
        if (l.mode == DispatchMode.GLOBAL_ORDER) {
            slots.cpuPoolEdge(now, 0);
        }
    }

    void edge(boolean distributionDue) {
        long now = s.windowEnd;
        account();
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
        // Only a bucket the policy may limit is ever listed or capped, so the others are not asked (in the same order).
        for (int b : limitable) {
            if (s.bucketLimited[b]) {
                meters.limited(b, len);
            }
        }
        decide(now);
        if (l.mode == DispatchMode.GLOBAL_ORDER) {
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

    /** The limit list for the next window, the repricing the policy asks for, and (GLOBAL_ORDER) the buckets' slots. */
    private void decide(long now) {
        for (int b : limitable) {
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
            for (int b : limitable) {
                if (!s.bucketLimited[b]) {
                    slots.bucketSlots(b, s.policy.runningLimit(b, view), now);
                }
            }
        }
    }

    /**
     * The bucket totals the policy sees: raw time run in the window, and VMDBKs wanting a CPU. Only VMDBKs touched
     * since the last edge can have run or changed between waiting and wanting, so only they are visited (sums of
     * integers: the order of the lists does not matter).
     */
    private void account() {
        // Only the buckets that ran in the last window hold a non-zero sum: clearing those alone leaves the same
        // zeros as clearing them all, at a cost that follows the work instead of the number of buckets.
        for (int i = 0; i < consumedCount; i++) {
            s.bucketConsumed[consumedBuckets[i]] = 0;
        }
        consumedCount = 0;
        boolean global = l.mode == DispatchMode.GLOBAL_ORDER;
        for (int u = 0; u < l.nUnits; u++) {
            int[] list = s.touched[u];
            int k = s.touchedCount[u];
            for (int i = 0; i < k; i++) {
                int v = list[i];
                s.vTouched[v] = false;
                int b = l.vBucket[v];
                long raw = s.vRawWindow[v];
                if (raw != 0) {
                    if (s.bucketConsumed[b] == 0) {
                        consumedBuckets[consumedCount++] = b;
                    }
                    s.bucketConsumed[b] += raw;
                }
                if (global && l.vCpuPool[v] >= 0) {
                    slots.used[l.vCpuPool[v]] += raw;
                }
                s.vRawWindow[v] = 0;
                boolean wanting = s.vStatus[v] != VcpuStatus.WAITING && s.vStatus[v] != VcpuStatus.ABSENT;
                if (wanting != s.vWanting[v]) {
                    s.vWanting[v] = wanting;
                    s.bucketWanting[b] += wanting ? 1 : -1;
                }
            }
            s.touchedCount[u] = 0;
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

    /**
     * Idle logical CPUs whose own DV is empty steal the head of another DV of their dispatch pool, nearest
     * first, if the head has waited at least the steal barrier for that distance. A stolen VMDBK keeps its ready
     * time, so a later idle CPU of the same pass may take it on again. The victims are looked for among the pool's
     * non-empty DVs only (listed once per pass, the thieves added as they fill), so a pass costs O(idle CPUs x
     * non-empty DVs) instead of O(idle CPUs x cores); ties go to the lowest core, as in a scan of every core.
     */
    private void steal(long now) {
        for (int c = 0; c < l.nCores; c++) {
            int p0 = l.coreDispatchPool[c];
            if (c == l.poolFirstCore[p0]) {
                if (!listReady(p0)) {
                    // Nothing waits in any DV of this pool, and steals only move VMDBKs between its DVs: no CPU of it
                    // can steal, so skip it whole. Idle logical CPUs then cost next to nothing here.
                    c += l.poolCoreCount[p0] - 1;
                    continue;
                }
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
                for (int i = 0; i < candidates; i++) {
                    int o = candidate[i];
                    if (o == c || s.dv[o].isEmpty()) {
                        continue;
                    }
                    int d = l.topology.distance(l.coreLocal[c], l.coreLocal[o]).ordinal();
                    int head = s.dv[o].top();
                    if (now - s.vReadySince[head] < stealBarrier[d]) {
                        continue;
                    }
                    long key = s.dv[o].topKey();
                    if (d < bestDist || (d == bestDist && (key < bestKey || (key == bestKey && o < victim)))) {
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
                if (!isCandidate[c]) {
                    isCandidate[c] = true;
                    candidate[candidates++] = c;
                }
                meters.stole(cpu, bestDist);
            }
        }
        clearCandidates();
    }

    /**
     * Lists the pool's non-empty DVs as steal candidates (after the last pool's); false if there are none, or if no
     * logical CPU of the pool is idle (only an idle CPU steals). Reads the DVs' mirrored sizes, not the heaps.
     */
    private boolean listReady(int pool) {
        clearCandidates();
        int first = l.poolFirstCore[pool];
        int end = first + l.poolCoreCount[pool];
        boolean idle = false;
        for (int o = first; o < end; o++) {
            if (s.unitQueued[o] != 0) {
                isCandidate[o] = true;
                candidate[candidates++] = o;
            }
            idle |= s.unitRunning[o] < l.coreThreads[o];
        }
        return idle && candidates > 0;
    }

    private void clearCandidates() {
        for (int i = 0; i < candidates; i++) {
            isCandidate[candidate[i]] = false;
        }
        candidates = 0;
    }
}
