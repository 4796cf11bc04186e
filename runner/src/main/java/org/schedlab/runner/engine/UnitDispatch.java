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

    /** Advances unit {@code u} from {@code t0} to {@code t1}, event by event. */
    void advanceUnit(int u, long t0, long t1) {
        final int first = l.unitFirstCpu[u];
        final int cpus = l.unitCpus[u];
        final long slice = l.unitSlice[u];
        final int[] running = s.cpuRunning;
        long now = t0;
        while (true) {
            // Events due now: run time done or slice used up on each CPU, then burner period boundaries.
            for (int k = 0; k < cpus; k++) {
                int cpu = first + k;
                int v = running[cpu];
                if (v < 0) {
                    continue;
                }
                if (burners.workDone(v)) {
                    stopRunning(cpu, v, now, true);
                } else if (burners.exitDue(v)) {
                    // It left SIE to wait on its clock comparator. A slice used up at the same instant ends
                    // with it: it is priced afresh when it returns.
                    boolean sliceOver = s.vSliceUsed[v] >= slice;
                    stopRunning(cpu, v, now, true);
                    if (sliceOver) {
                        s.vSliceUsed[v] = 0;
                    }
                    burners.leaveSie(v, u, now);
                } else if (s.vSliceUsed[v] >= slice) {
                    stopRunning(cpu, v, now, false);
                }
            }
            for (int v = burners.nextDue(u, now); v >= 0; v = burners.nextDue(u, now)) {
                if (s.vStatus[v] == VcpuStatus.WAITING && !s.vInSieWait[v]) {
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
            for (int k = 0; k < cpus; k++) {
                int v = running[first + k];
                if (v < 0) {
                    continue;
                }
                long sliceEnd = now + (slice - s.vSliceUsed[v]);
                if (sliceEnd < next) {
                    next = sliceEnd;
                }
                long done = burners.completion(v, now);
                if (done < next) {
                    next = done;
                }
            }
            long dt = next - now;
            if (dt > 0) {
                for (int k = 0; k < cpus; k++) {
                    int cpu = first + k;
                    int v = running[cpu];
                    if (v >= 0) {
                        account(cpu, v, dt);
                    }
                }
            }
            now = next;
            if (now >= t1) {
                return;
            }
        }
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
                s.cpuRunning[cpu] = -1;
                long ran = s.vRan[r];
                s.vRan[r] = 0;
                s.policy.charged(r, ran, now);
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
            int free = 0;
            for (int k = 0; k < cpus; k++) {
                if (s.cpuRunning[first + k] < 0) {
                    free++;
                }
            }
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
        s.cpuRunning[cpu] = -1;
        long ran = s.vRan[v];
        s.vRan[v] = 0;
        s.policy.charged(v, ran, now);
        if (global) {
            slots.released(v);
        }
        int core = l.cpuCore[cpu];
        if (workDone) {
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
        int first = l.unitFirstCpu[u];
        int cpus = l.unitCpus[u];
        int[] running = s.cpuRunning;
        int free = 0;
        for (int k = 0; k < cpus; k++) {
            if (running[first + k] < 0) {
                free++;
            }
        }
        IndexedHeap q = s.dv[u];
        while (free > 0 && !q.isEmpty()) {
            int v = q.poll();
            int g = slots.blocking(v);
            if (g >= 0) {
                s.parked[g].add(v, s.dvKey[v]);
                continue;
            }
            int last = s.vLastCpu[v];
            int cpu = -1;
            if (last >= 0 && l.cpuUnit[last] == u && running[last] < 0) {
                cpu = last;
            } else {
                int best = Integer.MAX_VALUE;
                for (int k = 0; k < cpus; k++) {
                    int c = first + k;
                    if (running[c] >= 0) {
                        continue;
                    }
                    int d = last < 0 || l.cpuUnit[last] != u ? 0 : distance(last, c);
                    if (d < best) {
                        best = d;
                        cpu = c;
                    }
                }
            }
            if (last >= 0 && l.cpuUnit[last] == u && l.cpuCore[last] != l.cpuCore[cpu]) {
                meters.stole(cpu, distance(last, cpu));
            }
            dispatch(cpu, v, now);
            free--;
        }
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
        s.vStatus[v] = VcpuStatus.RUNNING;
        s.cpuRunning[cpu] = v;
        s.vRan[v] = 0;
        if (global) {
            slots.dispatched(v);
        }
        meters.dispatched(cpu, v, now - s.vReadySince[v], s.vLastCpu[v]);
        s.vLastCpu[v] = cpu;
    }
}
