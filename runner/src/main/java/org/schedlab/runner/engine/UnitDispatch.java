package org.schedlab.runner.engine;

import org.schedlab.runner.spi.DispatchMode;
import org.schedlab.runner.spi.PolicyInstance;
import org.schedlab.runner.spi.VcpuStatus;

/**
 * Dispatching in one dispatch unit inside a window. A unit is the logical CPUs that share one ready queue: a
 * core and its dispatch vector (DV) under {@link DispatchMode#DISPATCH_VECTORS}, a whole dispatch pool under
 * {@link DispatchMode#GLOBAL_ORDER}. Its burners' period boundaries, its CPUs' minor time slices, burner
 * completion and preemption involve only the unit, so the worker owning it advances it without looking at any
 * other. The window edge reuses {@link #stopRunning} and {@link #release} serially.
 *
 * <p>Everything that changes a unit's deadline heap (dispatch, stop, preemption in both modes, SIE exits and
 * returns, lazy accounting) lives here, so no other class can leave the heap out of step with {@code cpuRunning}.
 */
final class UnitDispatch {

    private final Layout l;
    private final State s;
    private final Burners burners;
    private final Meters meters;
    private final int fullSpeed;
    private final long dropMicros;
    private final boolean global;

    private final RunSlots slots;

    UnitDispatch(Layout l, State s, Burners burners, Meters meters, RunSlots slots) {
        this.l = l;
        this.slots = slots;
        this.s = s;
        this.burners = burners;
        this.meters = meters;
        this.fullSpeed = l.constants.fullSpeed();
        this.dropMicros = l.constants.dropMicros();
        this.global = l.mode == DispatchMode.GLOBAL_ORDER;
    }

    /**
     * Advances unit {@code u} from {@code t0} to {@code t1}, event by event. Events: a running VMDBK finishes its
     * period's raw time or its minor time slice (the unit's deadline heap, in CPU order among equal times), a burner
     * period boundary, a dispatch. Running VMDBKs are accounted lazily (see {@link State#cpuSince}), so a step costs
     * O(log running) however many logical CPUs the unit has.
     */
    void advanceUnit(int u, long t0, long t1) {
        final IndexedHeap due = s.deadlines[u];
        final int[] running = s.cpuRunning;
        long now = t0;
        while (true) {
            // Events due now: run time done or slice used up, then burner period boundaries.
            while (!due.isEmpty() && due.topKey() <= now) {
                int cpu = due.top();
                int v = running[cpu];
                settle(cpu, now);
                if (burners.workDone(v)) {
                    stopRunning(cpu, v, now, true);
                } else if (burners.exitDue(v) && burners.unbounded(v)
                        && (!contended(u, v) || s.policy.keepsCpuAtSieExit(v))) {
                    // An always-ready burner leaves SIE (Diag x'0C') and nothing else could take its CPU, or the
                    // policy keeps the CPU for it: CP dispatches it again at once, so it loses no time.
                    burners.reenterSie(v);
                    if (s.vSliceUsed[v] >= l.coreSlice[l.cpuCore[cpu]]) {
                        stopRunning(cpu, v, now, false);
                    } else {
                        due.update(cpu, deadline(cpu, v));
                    }
                } else if (burners.exitDue(v)) {
                    // It left SIE to wait on its clock comparator. A slice used up at the same instant ends
                    // with it: it is priced afresh when it returns.
                    boolean sliceOver = s.vSliceUsed[v] >= l.coreSlice[l.cpuCore[cpu]];
                    stopRunning(cpu, v, now, true);
                    if (sliceOver) {
                        s.vSliceUsed[v] = 0;
                    }
                    burners.leaveSie(v, u, now);
                } else {
                    stopRunning(cpu, v, now, false);
                }
            }
            for (int v = burners.peekDue(u, now); v >= 0; v = burners.peekDue(u, now)) {
                boolean run = s.vStatus[v] == VcpuStatus.RUNNING;
                if (run) {
                    // Its new period replaces the raw time still to run: account what it ran up to now first.
                    settle(s.vLastCpu[v], now);
                }
                burners.nextPeriod(u, v);
                if (run) {
                    int cpu = s.vLastCpu[v];
                    due.update(cpu, deadline(cpu, v));
                } else if (s.vStatus[v] == VcpuStatus.WAITING && !s.vInSieWait[v]) {
                    wake(v, now);
                    if (s.vStatus[v] == VcpuStatus.READY) {
                        preemptIfMoreUrgent(u, v, now);
                    }
                }
            }
            for (int v = burners.nextSieReturn(u, now); v >= 0; v = burners.nextSieReturn(u, now)) {
                wake(v, now);
                if (s.vStatus[v] == VcpuStatus.READY) {
                    preemptIfMoreUrgent(u, v, now);
                }
            }
            dispatchFree(u, now);

            // Next event. A burner's demand and its runs between SIE exits are raw time, so they do not depend on its speed.
            long next = burners.nextBoundary(u, t1);
            if (!due.isEmpty() && due.topKey() < next) {
                next = due.topKey();
            }
            now = next;
            if (now >= t1) {
                for (int i = 0; i < due.size(); i++) {
                    settle(due.at(i), t1);
                }
                return;
            }
        }
    }

    /**
     * Whether unit {@code u} has nothing to do until {@code t1}: no CPU running, nothing ready, no burner period
     * boundary and no return from a clock-comparator wait before {@code t1}. {@link #advanceUnit} would then change
     * nothing, so an idle core costs four reads of flat per-unit arrays per window (its heaps mirror them).
     */
    boolean quiet(int u, long t1) {
        return s.unitRunning[u] == 0 && s.unitQueued[u] == 0 && s.unitNextBoundary[u] >= t1
                && s.unitNextSieReturn[u] >= t1;
    }

    /** Accounts the VMDBK running on {@code cpu} up to {@code now} at the CPU's current speed. */
    private void settle(int cpu, long now) {
        long dt = now - s.cpuSince[cpu];
        if (dt > 0) {
            account(cpu, s.cpuRunning[cpu], dt);
            s.cpuSince[cpu] = now;
        }
    }

    /** An SMT-2 sibling's speed is about to change: account its VMDBK at the old speed first. */
    private void settleSibling(int cpu, long now) {
        int core = l.cpuCore[cpu];
        if (l.coreThreads[core] == 2) {
            int sibling = 2 * l.coreFirstCpu[core] + 1 - cpu;
            if (s.cpuRunning[sibling] >= 0) {
                settle(sibling, now);
            }
        }
    }

    /** When {@code v}, settled on {@code cpu}, finishes its period's raw time, leaves SIE or ends its minor time slice. */
    private long deadline(int cpu, int v) {
        long since = s.cpuSince[cpu];
        return Math.min(since + (l.coreSlice[l.cpuCore[cpu]] - s.vSliceUsed[v]), burners.completion(v, since));
    }

    /** Work units per microsecond on {@code cpu}: SMT-2 speed when its sibling thread is busy too. */
    private int speed(int cpu) {
        int core = l.cpuCore[cpu];
        if (l.coreThreads[core] != 2) {
            return fullSpeed;
        }
        int first = l.coreFirstCpu[core];
        return s.cpuRunning[first] >= 0 && s.cpuRunning[first + 1] >= 0 ? l.smtSpeed : fullSpeed;
    }

    private void account(int cpu, int v, long dt) {
        s.touch(v);
        s.vSliceUsed[v] += dt;
        s.vRan[v] += dt;
        s.vRawWindow[v] += dt;
        burners.ran(v, dt);
        meters.ran(cpu, v, dt, dt * speed(cpu));
    }

    /**
     * The VMDBK becomes ready. After a short wait with its minor time slice still open it keeps its
     * dispatch priority (it never left the dispatch list) unless the policy prices such returns afresh;
     * otherwise the policy prices it afresh.
     */
    void wake(int v, long now) {
        long key;
        if (s.vSliceUsed[v] > 0 && now - s.vWaitSince[v] < dropMicros && s.policy.keepsPriorityOverShortWait()) {
            key = s.dvKey[v];
        } else {
            s.vSliceUsed[v] = 0;
            key = s.policy.urgency(v, PolicyInstance.Reprice.WAKE, now);
        }
        s.vReadySince[v] = now;
        enqueue(v, key);
    }

    /**
     * The VMDBK's bucket came off the limit list: it is ready again and preempts as a newly ready one does. Under
     * GLOBAL_ORDER the policy prices it afresh (its standing may have changed while it was held, e.g. a soft-limited
     * bucket let go to scavenge); under DISPATCH_VECTORS it keeps the key it was held with, as z/VM does.
     */
    void release(int v, long now) {
        enqueue(v, global ? s.policy.urgency(v, PolicyInstance.Reprice.EDGE, now) : s.dvKey[v]);
        if (s.vStatus[v] == VcpuStatus.READY) {
            preemptIfMoreUrgent(s.vHome[v], v, now);
        }
    }

    private void enqueue(int v, long key) {
        s.touch(v);
        if (s.bucketLimited[l.vBucket[v]]) {
            s.vStatus[v] = VcpuStatus.LIMITED;
            s.dvKey[v] = key;
            return;
        }
        s.vStatus[v] = VcpuStatus.READY;
        int g = global ? slots.blocking(v) : -1;
        if (g >= 0) {
            s.parked[g].add(v, key);
        } else {
            s.dv[s.vHome[v]].add(v, key);
        }
    }

    /**
     * Preemption: a newly ready VMDBK more urgent than a running one displaces it. DISPATCH_VECTORS: the one
     * running on its DV's single-threaded core (off under SMT-2, as in z/VM). GLOBAL_ORDER: the least urgent
     * running VMDBK of the pool when no logical CPU is left for it, SMT-2 included; a VMDBK parked by a group's
     * slots ({@link RunSlots}) displaces the group's least urgent running member instead.
     */
    void preemptIfMoreUrgent(int u, int v, long now) {
        if (!global) {
            if (l.coreThreads[u] != 1) {
                return;
            }
            int cpu = l.coreFirstCpu[u];
            int r = s.cpuRunning[cpu];
            if (r >= 0 && s.dvKey[v] < s.dvKey[r] && !s.policy.keepsPriorityWhenPreempted()) {
                stopRunning(cpu, r, now, false);
                meters.preempted(cpu);
            } else if (r >= 0 && s.dvKey[v] < s.dvKey[r]) {
                // Its minor time slice has not expired: it goes back into the DV with its priority and what is
                // left of its slice.
                takeOff(cpu, r, now);
                s.vReadySince[r] = now;
                enqueue(r, s.dvKey[r]);
                meters.preempted(cpu);
            }
            return;
        }
        int first = l.unitFirstCpu[u];
        int cpus = l.unitCpus[u];
        boolean parked = !s.dv[u].contains(v);
        int g = parked ? slots.parkedIn(v) : -1;
        if (!parked) {
            // The unit's deadline heap holds exactly its running CPUs.
            int free = cpus - s.deadlines[u].size();
            if (s.dv[u].size() <= free) {
                return;
            }
        }
        int victimCpu = -1;
        long worst = s.dvKey[v];
        for (int k = 0; k < cpus; k++) {
            int r = s.cpuRunning[first + k];
            if (r >= 0 && (!parked || slots.member(r, g)) && s.dvKey[r] > worst) {
                worst = s.dvKey[r];
                victimCpu = first + k;
            }
        }
        if (victimCpu >= 0) {
            stopRunning(victimCpu, s.cpuRunning[victimCpu], now, false);
            meters.preempted(victimCpu);
        }
    }

    /**
     * Takes a VMDBK off its logical CPU and charges the policy. A finished burner waits (under SMT-2, "time
     * slice early" closes the slice if at least half was used); otherwise the policy reprices it and it
     * goes back into its ready queue, or onto the limit list. A CPU pool slot it held goes to the pool's most
     * urgent parked member.
     */
    void stopRunning(int cpu, int v, long now, boolean workDone) {
        takeOff(cpu, v, now);
        if (global) {
            slots.released(v);
        }
        int core = l.cpuCore[cpu];
        if (workDone) {
            s.touch(v);
            s.vStatus[v] = VcpuStatus.WAITING;
            s.vWaitSince[v] = now;
            if (l.coreThreads[core] == 2 && s.vSliceUsed[v] * 2 >= l.coreSlice[core]) {
                s.vSliceUsed[v] = 0;
            }
        } else {
            s.vSliceUsed[v] = 0;
            s.vReadySince[v] = now;
            enqueue(v, s.policy.urgency(v, PolicyInstance.Reprice.SLICE_END, now));
        }
    }

    /** Whether a VMDBK is ready to take the CPU {@code v} would leave in unit {@code u}, or its slot. */
    private boolean contended(int u, int v) {
        return !s.dv[u].isEmpty() || global && slots.anyWaitingFor(v);
    }

    /** Accounts {@code v} up to now (its SMT-2 sibling too), frees {@code cpu} and charges the policy. */
    private void takeOff(int cpu, int v, long now) {
        settle(cpu, now);
        settleSibling(cpu, now);
        s.deadlines[l.cpuUnit[cpu]].remove(cpu);
        s.cpuRunning[cpu] = -1;
        long ran = s.vRan[v];
        s.vRan[v] = 0;
        s.policy.charged(v, ran, now);
    }

    /**
     * The policy asked to price the VMDBK afresh at the edge: a ready one re-enters its queue with the new key
     * (and may preempt), a running one keeps running under the new key unless (GLOBAL_ORDER) a waiting VMDBK is
     * now more urgent. Edge only.
     */
    void reprice(int v, long now) {
        if (s.vStatus[v] == VcpuStatus.READY) {
            s.removeReady(v);
            enqueue(v, s.policy.urgency(v, PolicyInstance.Reprice.EDGE, now));
            if (s.vStatus[v] == VcpuStatus.READY) {
                preemptIfMoreUrgent(s.vHome[v], v, now);
            }
        } else if (s.vStatus[v] == VcpuStatus.RUNNING) {
            long key = s.policy.urgency(v, PolicyInstance.Reprice.EDGE, now);
            s.dvKey[v] = key;
            // Its standing fell behind a waiting VMDBK's (a scavenger sent to the back): it yields at once rather
            // than keep its CPU for the rest of its slice.
            IndexedHeap q = s.dv[s.vHome[v]];
            if (global && !q.isEmpty() && q.topKey() < key) {
                int cpu = s.runningCpu(v);
                stopRunning(cpu, v, now, false);
                meters.preempted(cpu);
            }
        }
    }

    private void dispatchFree(int u, long now) {
        if (s.dv[u].isEmpty()) {
            return;
        }
        if (global) {
            dispatchGlobal(u, now);
        } else {
            dispatchCore(u, now);
        }
    }

    /**
     * GLOBAL_ORDER: free logical CPUs take the pool's most urgent ready VMDBKs, each on the free CPU nearest the
     * one it last ran on (that CPU itself if free: thread affinity). A VMDBK whose bucket or CPU pool has every slot
     * taken is parked until one frees ({@link RunSlots}).
     */
    private void dispatchGlobal(int u, long now) {
        int cpus = l.unitCpus[u];
        int[] running = s.cpuRunning;
        int free = cpus - s.deadlines[u].size();
        IndexedHeap q = s.dv[u];
        while (free > 0 && !q.isEmpty()) {
            int v = q.poll();
            int g = slots.blocking(v);
            if (g >= 0) {
                s.parked[g].add(v, s.dvKey[v]);
                continue;
            }
            int last = s.vLastCpu[v];
            int cpu = last >= 0 && l.cpuUnit[last] == u && running[last] < 0 ? last : nearestFree(l, running, u, last);
            if (last >= 0 && l.cpuUnit[last] == u && l.cpuCore[last] != l.cpuCore[cpu]) {
                meters.stole(cpu, distance(last, cpu));
            }
            dispatch(cpu, v, now);
            free--;
        }
    }

    /**
     * Under GLOBAL_ORDER, where a VMDBK whose last logical CPU is not free in unit {@code u} goes: the free CPU nearest
     * to the last one (same core, then chip, then node, then anywhere in the pool;
     * {@link org.schedlab.core.Topology.Distance}), the
     * lowest-numbered among equals, or the lowest-numbered free CPU if it never ran in this unit. Those rings are
     * nested ranges of CPU numbers ({@link Layout#coreChipCpus}), so the first ring with a free CPU holds the answer,
     * found without a distance per CPU of the pool. At least one CPU of the unit must be free.
     */
    static int nearestFree(Layout l, int[] running, int u, int last) {
        int first = l.unitFirstCpu[u];
        int end = first + l.unitCpus[u];
        if (last < 0 || l.cpuUnit[last] != u) {
            return lowestFree(running, first, end);
        }
        int core = l.cpuCore[last];
        int cpu = lowestFree(running, l.coreFirstCpu[core], l.coreFirstCpu[core] + l.coreThreads[core]);
        if (cpu < 0) {
            cpu = lowestFree(running, l.coreChipCpus[2 * core], l.coreChipCpus[2 * core + 1]);
        }
        if (cpu < 0) {
            cpu = lowestFree(running, l.coreNodeCpus[2 * core], l.coreNodeCpus[2 * core + 1]);
        }
        return cpu < 0 ? lowestFree(running, first, end) : cpu;
    }

    private static int lowestFree(int[] running, int from, int to) {
        for (int c = from; c < to; c++) {
            if (running[c] < 0) {
                return c;
            }
        }
        return -1;
    }

    private int distance(int cpuA, int cpuB) {
        return l.topology.distance(l.coreLocal[l.cpuCore[cpuA]], l.coreLocal[l.cpuCore[cpuB]]).ordinal();
    }

    /**
     * DISPATCH_VECTORS: idle threads take the most urgent VMDBK of their core's DV. When both threads of an
     * SMT-2 core pick at once, each takes the VMDBK that last ran on it if it can (thread affinity).
     */
    private void dispatchCore(int c, long now) {
        IndexedHeap q = s.dv[c];
        int first = l.coreFirstCpu[c];
        int[] running = s.cpuRunning;
        if (l.coreThreads[c] == 1) {
            if (running[first] < 0) {
                dispatch(first, q.poll(), now);
            }
            return;
        }
        boolean free0 = running[first] < 0;
        boolean free1 = running[first + 1] < 0;
        int[] lastCpu = s.vLastCpu;
        if (free0 && free1) {
            int a = q.poll();
            if (q.isEmpty()) {
                dispatch(lastCpu[a] == first + 1 ? first + 1 : first, a, now);
                return;
            }
            int b = q.poll();
            boolean swap = (lastCpu[a] == first + 1 || lastCpu[b] == first)
                    && !(lastCpu[a] == first || lastCpu[b] == first + 1);
            dispatch(swap ? first + 1 : first, a, now);
            dispatch(swap ? first : first + 1, b, now);
        } else if (free0) {
            dispatch(first, q.poll(), now);
        } else if (free1) {
            dispatch(first + 1, q.poll(), now);
        }
    }

    private void dispatch(int cpu, int v, long now) {
        settleSibling(cpu, now);
        s.vStatus[v] = VcpuStatus.RUNNING;
        s.cpuRunning[cpu] = v;
        s.cpuSince[cpu] = now;
        s.vRan[v] = 0;
        if (global) {
            slots.dispatched(v);
        }
        meters.dispatched(cpu, v, now - s.vReadySince[v], s.vLastCpu[v]);
        s.vLastCpu[v] = cpu;
        s.deadlines[l.cpuUnit[cpu]].add(cpu, deadline(cpu, v));
    }
}
