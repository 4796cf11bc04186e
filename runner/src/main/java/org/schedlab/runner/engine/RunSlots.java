package org.schedlab.runner.engine;

import org.schedlab.core.Numbers;
import org.schedlab.runner.spi.VcpuStatus;

/**
 * Slots: how many virtual CPUs of a group may run at once, under GLOBAL_ORDER. A group is a CPU pool (indexes
 * {@code [0, cpuPools)}) or a share bucket ({@code cpuPools + bucket}). Members beyond the slots wait parked in the
 * group's own heap, in urgency order, and the most urgent hold the slots, so members split what the group may use
 * by their weights, as the solver's filling does (a member entitled to a whole CPU keeps one, the others take
 * turns), and the rest of the pool sees a steady number of CPUs taken instead of bursts. z/VM instead puts a whole
 * group on the limit list at once, which shares it equally among the members running when it is let go;
 * DISPATCH_VECTORS keeps that.
 *
 * <ul>
 *   <li>A CPU pool capped at C logical CPUs has floor(C) slots, plus one while its credit lasts when C has a
 *   fraction. The credit is the limit list's (grows at the cap's rate, shrinks by what the members ran, capped at
 *   {@link org.schedlab.runner.spi.ModelConstants#limitBurstMicros()} worth), so the fractional slot's duty cycle
 *   makes up the fraction.</li>
 *   <li>A bucket's slots are the policy's answer ({@code PolicyInstance.runningLimit}), asked each edge.</li>
 * </ul>
 *
 * <p>Slot counts change only at the window edge (serially). Between edges the unit owning the group's dispatch
 * pool parks a member it would dispatch beyond the slots ({@link #blocking}), and a member that stops hands its
 * slot to the group's most urgent parked member ({@link #released}).
 */
final class RunSlots {

    private final Layout l;
    private final State s;
    private final int cpuPools;
    private final double[] burst;
    /** Raw microseconds each CPU pool's members ran in the window just ended. */
    final long[] used;
    private UnitDispatch units;

    RunSlots(Layout l, State s) {
        this.l = l;
        this.s = s;
        this.cpuPools = l.cpuPoolWhole.length;
        this.burst = new double[cpuPools];
        this.used = new long[cpuPools];
        java.util.Arrays.fill(s.slots, Integer.MAX_VALUE);
        for (int g = 0; g < cpuPools; g++) {
            burst[g] = l.cpuPoolCap[g] * l.constants.limitBurstMicros();
            s.cpuPoolCredit[g] = burst[g];
            s.slots[g] = cpuPoolSlots(g);
        }
    }

    void bind(UnitDispatch units) {
        this.units = units;
    }

    private int cpuPoolSlots(int g) {
        return l.cpuPoolWhole[g] + (l.cpuPoolFraction[g] > Numbers.TOLERANCE && s.cpuPoolCredit[g] >= 0 ? 1 : 0);
    }

    private int bucketGroup(int v) {
        return cpuPools + l.vBucket[v];
    }

    /** The group whose slots are all taken that keeps {@code v} from running now, or -1. */
    int blocking(int v) {
        int b = bucketGroup(v);
        if (s.groupRunning[b] >= s.slots[b]) {
            return b;
        }
        int g = l.vCpuPool[v];
        return g >= 0 && s.groupRunning[g] >= s.slots[g] ? g : -1;
    }

    /** The group holding a parked {@code v}. */
    int parkedIn(int v) {
        int g = l.vCpuPool[v];
        return g >= 0 && s.parked[g].contains(v) ? g : bucketGroup(v);
    }

    boolean member(int v, int group) {
        return group < cpuPools ? l.vCpuPool[v] == group : l.vBucket[v] == group - cpuPools;
    }

    private int[] members(int group) {
        return group < cpuPools ? l.cpuPoolVcpus[group] : l.bucketVcpus[group - cpuPools];
    }

    void dispatched(int v) {
        s.groupRunning[bucketGroup(v)]++;
        if (l.vCpuPool[v] >= 0) {
            s.groupRunning[l.vCpuPool[v]]++;
        }
    }

    /** Whether a VMDBK is parked waiting for a slot {@code v} holds (in its bucket or its CPU pool). */
    boolean anyWaitingFor(int v) {
        int g = l.vCpuPool[v];
        return !s.parked[bucketGroup(v)].isEmpty() || g >= 0 && !s.parked[g].isEmpty();
    }

    /** {@code v} stopped running: each of its groups hands the slot to its most urgent parked member. */
    void released(int v) {
        release(bucketGroup(v));
        if (l.vCpuPool[v] >= 0) {
            release(l.vCpuPool[v]);
        }
    }

    private void release(int g) {
        s.groupRunning[g]--;
        if (!s.parked[g].isEmpty() && s.groupRunning[g] < s.slots[g]) {
            int w = s.parked[g].poll();
            s.dv[s.vHome[w]].add(w, s.dvKey[w]);
        }
    }

    /** Credits and debits each CPU pool for the window and sets its slots. Edge only. */
    void cpuPoolEdge(long now, long len) {
        for (int g = 0; g < cpuPools; g++) {
            s.cpuPoolCredit[g] = Math.min(burst[g], s.cpuPoolCredit[g] + l.cpuPoolCap[g] * len - used[g]);
            used[g] = 0;
            setSlots(g, cpuPoolSlots(g), now);
        }
    }

    /** Bucket {@code b} may run {@code slots} virtual CPUs at once from now on. Edge only. */
    void bucketSlots(int b, int slots, long now) {
        setSlots(cpuPools + b, Math.max(0, slots), now);
    }

    /**
     * Stops the least urgent running members beyond the new slots; then re-ranks the waiting ones, so that the
     * most urgent wait in the ready queue for the free slots and the others stay parked (a member queued earlier
     * must not hold a slot's place ahead of a more urgent parked one).
     */
    private void setSlots(int g, int target, long now) {
        if (s.slots[g] == target && s.parkedSize[g] == 0) {
            return;
        }
        s.slots[g] = target;
        int[] members = members(g);
        while (s.groupRunning[g] > target) {
            int victim = -1;
            for (int v : members) {
                if (s.vStatus[v] == VcpuStatus.RUNNING && (victim < 0 || s.dvKey[v] > s.dvKey[victim])) {
                    victim = v;
                }
            }
            units.stopRunning(s.runningCpu(victim), victim, now, false);
        }
        for (int v : members) {
            if (s.vStatus[v] == VcpuStatus.READY && s.dv[s.vHome[v]].contains(v)) {
                s.dv[s.vHome[v]].remove(v);
                s.parked[g].add(v, s.dvKey[v]);
            }
        }
        int queued = 0;
        while (!s.parked[g].isEmpty() && s.groupRunning[g] + queued < target) {
            int v = s.parked[g].poll();
            s.dv[s.vHome[v]].add(v, s.dvKey[v]);
            queued++;
            units.preemptIfMoreUrgent(s.vHome[v], v, now);
        }
    }
}
