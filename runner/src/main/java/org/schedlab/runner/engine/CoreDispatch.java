package org.schedlab.runner.engine;

import org.schedlab.runner.spi.PolicyInstance;
import org.schedlab.runner.spi.VcpuStatus;

/**
 * Dispatching on one core inside a window: its burners' period boundaries, its threads' minor time slices,
 * work completion and preemption are all local to the core and its dispatch vector (DV), so the worker
 * owning the core advances it without looking at any other. The window edge reuses {@link #stopRunning}
 * and {@link #wake} serially.
 */
final class CoreDispatch {

    private final Layout l;
    private final State s;
    private final Burners burners;
    private final Meters meters;
    private final int fullSpeed;
    private final long dropMicros;

    CoreDispatch(Layout l, State s, Burners burners, Meters meters) {
        this.l = l;
        this.s = s;
        this.burners = burners;
        this.meters = meters;
        this.fullSpeed = l.constants.fullSpeed();
        this.dropMicros = l.constants.dropMicros();
    }

    /** Advances core {@code c} from {@code t0} to {@code t1}, event by event. */
    void advanceCore(int c, long t0, long t1) {
        final int first = l.coreFirstCpu[c];
        final int threads = l.coreThreads[c];
        final long slice = l.coreSlice[c];
        final int[] running = s.cpuRunning;
        long now = t0;
        while (true) {
            // Events due now: work done or slice used up on each thread, then burner period boundaries.
            for (int k = 0; k < threads; k++) {
                int cpu = first + k;
                int v = running[cpu];
                if (v < 0) {
                    continue;
                }
                if (burners.workDone(v)) {
                    stopRunning(cpu, v, now, true);
                } else if (s.vSliceUsed[v] >= slice) {
                    stopRunning(cpu, v, now, false);
                }
            }
            for (int v = burners.nextDue(c, now); v >= 0; v = burners.nextDue(c, now)) {
                periodBoundary(v, c, now);
            }
            dispatchFree(c, now);

            // Next event.
            long next = burners.nextBoundary(c, t1);
            int busy = 0;
            for (int k = 0; k < threads; k++) {
                if (running[first + k] >= 0) {
                    busy++;
                }
            }
            int speed = busy == 2 ? l.smtSpeed : fullSpeed;
            for (int k = 0; k < threads; k++) {
                int v = running[first + k];
                if (v < 0) {
                    continue;
                }
                long sliceEnd = now + (slice - s.vSliceUsed[v]);
                if (sliceEnd < next) {
                    next = sliceEnd;
                }
                if (!burners.unbounded(v)) {
                    long done = burners.completion(v, now, speed);
                    if (done < next) {
                        next = done;
                    }
                }
            }
            long dt = next - now;
            if (dt > 0 && busy > 0) {
                for (int k = 0; k < threads; k++) {
                    int cpu = first + k;
                    int v = running[cpu];
                    if (v >= 0) {
                        account(cpu, v, dt, speed);
                    }
                }
            }
            now = next;
            if (now >= t1) {
                return;
            }
        }
    }

    private void account(int cpu, int v, long dt, int speed) {
        s.vSliceUsed[v] += dt;
        s.vRan[v] += dt;
        s.vRawWindow[v] += dt;
        meters.ran(cpu, v, dt, burners.work(v, dt * speed));
    }

    private void periodBoundary(int v, int core, long now) {
        burners.newPeriod(v);
        if (s.vStatus[v] == VcpuStatus.WAITING) {
            wake(v, now);
            if (s.vStatus[v] == VcpuStatus.READY) {
                preemptIfMoreUrgent(core, v, now);
            }
        }
    }

    /**
     * The VMDBK becomes ready. After a short wait with its minor time slice still open it keeps its
     * dispatch priority (it never left the dispatch list); otherwise the policy prices it afresh.
     */
    void wake(int v, long now) {
        long key;
        if (s.vSliceUsed[v] > 0 && now - s.vWaitSince[v] < dropMicros) {
            key = s.dvKey[v];
        } else {
            s.vSliceUsed[v] = 0;
            key = s.policy.urgency(v, PolicyInstance.Reprice.WAKE, now);
        }
        s.vReadySince[v] = now;
        enqueue(v, key);
    }

    private void enqueue(int v, long key) {
        if (s.bucketLimited[l.vBucket[v]]) {
            s.vStatus[v] = VcpuStatus.LIMITED;
            s.dvKey[v] = key;
        } else {
            s.vStatus[v] = VcpuStatus.READY;
            s.dv[s.vHome[v]].add(v, key);
        }
    }

    /** Preemption: a newly ready VMDBK more urgent than the one running on its DV's CPU displaces it. Off under SMT-2. */
    private void preemptIfMoreUrgent(int core, int v, long now) {
        if (l.coreThreads[core] != 1) {
            return;
        }
        int cpu = l.coreFirstCpu[core];
        int r = s.cpuRunning[cpu];
        if (r >= 0 && s.dvKey[v] < s.dvKey[r]) {
            stopRunning(cpu, r, now, false);
            meters.preempted(cpu);
        }
    }

    /**
     * Takes a VMDBK off its logical CPU and charges the policy. A finished burner waits (under SMT-2, "time
     * slice early" closes the slice if at least half was used); otherwise the policy reprices it and it
     * goes back into its DV, or onto the limit list.
     */
    void stopRunning(int cpu, int v, long now, boolean workDone) {
        s.cpuRunning[cpu] = -1;
        long ran = s.vRan[v];
        s.vRan[v] = 0;
        s.policy.charged(v, ran, now);
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
     * Idle threads take the most urgent VMDBK of their core's DV. When both threads of an SMT-2 core pick
     * at once, each takes the VMDBK that last ran on it if it can (thread affinity).
     */
    private void dispatchFree(int c, long now) {
        IndexedHeap q = s.dv[c];
        if (q.isEmpty()) {
            return;
        }
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
        meters.dispatched(cpu, v, now - s.vReadySince[v], s.vLastCpu[v]);
        s.vLastCpu[v] = cpu;
    }
}
