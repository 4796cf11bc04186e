package org.schedlab.runner.engine;

import java.util.Arrays;
import org.schedlab.runner.spi.PolicyInstance;
import org.schedlab.runner.spi.VcpuStatus;

/**
 * The mutable model state of one run, in flat arrays indexed by virtual CPU (VMDBK), core, logical CPU or
 * bucket, so the dispatch path allocates nothing. Per-core parts are written only by the worker that owns
 * the core during a window; everything else only at the window edge.
 */
final class State {

    final Layout layout;
    PolicyInstance policy;

    // Virtual CPUs.
    final int[] vHome;
    final int[] vLastCpu;
    /** Where each VMDBK is; the one definition of the states is {@link VcpuStatus}. */
    final VcpuStatus[] vStatus;
    final long[] vRemaining;
    final long[] vReadySince;
    final long[] vWaitSince;
    final long[] vSliceUsed;
    final long[] vRan;
    /** Raw microseconds run in the current window (summed per bucket at the edge). */
    final long[] vRawWindow;
    final long[] dvKey;
    final int[] dvPos;
    final long[] bdKey;
    final int[] bdPos;
    /** When a VMDBK in a burner's clock-comparator wait returns (it left SIE, see {@link Burners}), and its heap slot. */
    final long[] srKey;
    final int[] srPos;
    /** Whether the VMDBK is WAITING only for its clock comparator: it still wants the CPU. */
    final boolean[] vInSieWait;

    // Dispatch units (a core's dispatch vector, or a dispatch pool's global queue): one ready queue and one
    // heap of burner period boundaries each.
    final IndexedHeap[] dv;
    final IndexedHeap[] boundaries;
    /** Per unit: the VMDBKs in a clock-comparator wait, keyed by when they return. */
    final IndexedHeap[] sieReturns;

    // Slot groups under GLOBAL_ORDER (RunSlots: CPU pools, then buckets): slots (members that may run at once),
    // members running now, ready members parked while every slot is taken; and each CPU pool's credit.
    final int[] slots;
    final int[] groupRunning;
    final IndexedHeap[] parked;
    /** Per slot group, its parking heap's size, mirrored by the heap: the edge reads every group's each window. */
    final int[] parkedSize;
    final double[] cpuPoolCredit;

    // Logical CPUs: the VMDBK running there, or -1.
    final int[] cpuRunning;
    /**
     * Running time is accounted lazily: a running VMDBK's counters are brought up to date ({@code UnitDispatch.settle})
     * only when something reads or changes them, its speed changes, or the window ends. cpuSince: up to when the CPU's
     * VMDBK is accounted; cpuDeadline: when it finishes its period's raw time or its minor time slice, whichever
     * comes first (unchanged by settling). Per unit, a heap of its running CPUs by deadline, so an event costs
     * O(log running) instead of a scan of every CPU of the unit.
     */
    final long[] cpuSince;
    final long[] cpuDeadline;
    final int[] cpuDeadlinePos;
    final IndexedHeap[] deadlines;
    /**
     * Per dispatch unit, mirrored by its heaps after every change ({@link IndexedHeap#mirror}): how many of its CPUs
     * run, how many VMDBKs its queue holds, and its next burner boundary and return from a clock-comparator wait
     * ({@link Long#MAX_VALUE}: none). {@link UnitDispatch#quiet} reads these flat arrays for every unit at every
     * window, instead of four heap objects per unit.
     */
    final int[] unitRunning;
    final int[] unitQueued;
    final long[] unitNextBoundary;
    final long[] unitNextSieReturn;

    // Buckets.
    final boolean[] bucketLimited;
    final long[] bucketConsumed;
    /** VMDBKs not WAITING per bucket, kept up to date at each edge from the touched VMDBKs only. */
    final int[] bucketWanting;

    /*
     * VMDBKs touched since the last edge (ran, or changed between WAITING and wanting), listed per dispatch unit by
     * the worker owning the unit, so the edge's accounting visits only them instead of every VMDBK. vWanting: whether
     * bucketWanting counts the VMDBK.
     */
    final boolean[] vTouched;
    final boolean[] vWanting;
    final int[][] touched;
    final int[] touchedCount;

    // The current window (written at edges, read by workers after the barrier).
    long windowStart;
    long windowEnd;

    State(Layout l) {
        this.layout = l;
        int n = l.n;
        vHome = new int[n];
        vLastCpu = new int[n];
        vStatus = new VcpuStatus[n];
        Arrays.fill(vStatus, VcpuStatus.WAITING);
        vRemaining = new long[n];
        vReadySince = new long[n];
        vWaitSince = new long[n];
        vSliceUsed = new long[n];
        vRan = new long[n];
        vRawWindow = new long[n];
        dvKey = new long[n];
        dvPos = new int[n];
        bdKey = new long[n];
        bdPos = new int[n];
        srKey = new long[n];
        srPos = new int[n];
        vInSieWait = new boolean[n];
        Arrays.fill(dvPos, -1);
        Arrays.fill(bdPos, -1);
        Arrays.fill(srPos, -1);
        Arrays.fill(vLastCpu, -1);
        dv = new IndexedHeap[l.nUnits];
        boundaries = new IndexedHeap[l.nUnits];
        sieReturns = new IndexedHeap[l.nUnits];
        for (int k = 0; k < l.nUnits; k++) {
            dv[k] = new IndexedHeap(dvPos, dvKey, 16);
            boundaries[k] = new IndexedHeap(bdPos, bdKey, 16);
            sieReturns[k] = new IndexedHeap(srPos, srKey, 4);
        }
        // A VMDBK is in at most one ready queue or parking heap at a time, so they share its position slot.
        int groups = l.cpuPoolWhole.length + l.nb;
        slots = new int[groups];
        groupRunning = new int[groups];
        cpuPoolCredit = new double[l.cpuPoolWhole.length];
        parked = new IndexedHeap[groups];
        parkedSize = new int[groups];
        for (int g = 0; g < groups; g++) {
            parked[g] = new IndexedHeap(dvPos, dvKey, 4);
            parked[g].mirror(parkedSize, null, g);
        }
        cpuRunning = new int[l.nCpus];
        Arrays.fill(cpuRunning, -1);
        cpuSince = new long[l.nCpus];
        cpuDeadline = new long[l.nCpus];
        cpuDeadlinePos = new int[l.nCpus];
        Arrays.fill(cpuDeadlinePos, -1);
        deadlines = new IndexedHeap[l.nUnits];
        for (int k = 0; k < l.nUnits; k++) {
            deadlines[k] = new IndexedHeap(cpuDeadlinePos, cpuDeadline, l.unitCpus[k]);
        }
        unitRunning = new int[l.nUnits];
        unitQueued = new int[l.nUnits];
        unitNextBoundary = new long[l.nUnits];
        unitNextSieReturn = new long[l.nUnits];
        for (int k = 0; k < l.nUnits; k++) {
            deadlines[k].mirror(unitRunning, null, k);
            dv[k].mirror(unitQueued, null, k);
            boundaries[k].mirror(null, unitNextBoundary, k);
            sieReturns[k].mirror(null, unitNextSieReturn, k);
        }
        bucketLimited = new boolean[l.nb];
        bucketConsumed = new long[l.nb];
        bucketWanting = new int[l.nb];
        vTouched = new boolean[n];
        vWanting = new boolean[n];
        touched = new int[l.nUnits][];
        touchedCount = new int[l.nUnits];
        for (int k = 0; k < l.nUnits; k++) {
            touched[k] = new int[16];
        }
    }

    /**
     * Lists {@code v} for the next edge's accounting, in its home unit's list: only the worker owning that unit
     * touches it during a window, and the edge runs alone.
     */
    void touch(int v) {
        if (vTouched[v]) {
            return;
        }
        vTouched[v] = true;
        int u = vHome[v];
        int k = touchedCount[u];
        if (k == touched[u].length) {
            touched[u] = Arrays.copyOf(touched[u], 2 * k);
        }
        touched[u][k] = v;
        touchedCount[u] = k + 1;
    }

    /** The logical CPU running {@code v}, which must be running on a logical CPU of its home unit. */
    int runningCpu(int v) {
        int unit = vHome[v];
        int first = layout.unitFirstCpu[unit];
        for (int k = 0; k < layout.unitCpus[unit]; k++) {
            if (cpuRunning[first + k] == v) {
                return first + k;
            }
        }
        throw new IllegalStateException("running VMDBK " + v + " not on its home unit");
    }

    /** Takes a READY VMDBK out of whichever heap holds it: its unit's ready queue or a slot group's parking heap. */
    void removeReady(int v) {
        if (dv[vHome[v]].contains(v)) {
            dv[vHome[v]].remove(v);
            return;
        }
        int g = layout.vCpuPool[v];
        if (g >= 0 && parked[g].contains(v)) {
            parked[g].remove(v);
        } else {
            parked[layout.cpuPoolWhole.length + layout.vBucket[v]].remove(v);
        }
    }

    /** Moves a VMDBK's home to another core (DISPATCH_VECTORS), taking its pending burner period boundary and clock-comparator return along. */
    void moveHome(int v, int core) {
        int old = vHome[v];
        if (old == core) {
            return;
        }
        if (boundaries[old].contains(v)) {
            boundaries[old].remove(v);
            boundaries[core].add(v, bdKey[v]);
        }
        if (sieReturns[old].contains(v)) {
            sieReturns[old].remove(v);
            sieReturns[core].add(v, srKey[v]);
        }
        vHome[v] = core;
    }
}
