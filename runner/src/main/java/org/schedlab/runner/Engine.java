package org.schedlab.runner;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.schedlab.core.EngineType;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.Srm;
import org.schedlab.core.Topology;
import org.schedlab.solver.Bucket;

/**
 * The z/VM CP dispatching model for one run. All state lives in flat arrays indexed by virtual CPU
 * (VMDBK), core or logical CPU, so the dispatch path allocates nothing.
 *
 * <p>Time advances in synchronous <em>windows</em> of virtual time ({@link #WINDOW_MICROS}). Inside a window
 * every core advances on its own: its burners' period boundaries, its threads' minor time slices, work
 * completion and preemption are all local to the core and its dispatch vector (DV). Everything that crosses
 * DVs (steals, work distribution, limit-list changes, the policy's shared bookkeeping) happens at the window
 * edge, serially, in a fixed order. Which worker thread advanced which core therefore cannot change any
 * result; that is the determinism argument (docs/runner.md).
 */
final class Engine implements WindowView {

    /** Length of a synchronous window of virtual time. */
    static final long WINDOW_MICROS = 250;
    /** RESHUFFLE redistributes ready VMDBKs over the DVs this often (virtual time). */
    static final long RESHUFFLE_MICROS = 5_000;
    /** REBALANCE (SRM DSPWDMETHOD REBALANCE) runs every 2 s, as in HCPHIPTM. */
    static final long REBALANCE_MICROS = 2_000_000;
    /** A VMDBK that waits longer than this drops from the dispatch list and is repriced when it returns. */
    static final long DROP_MICROS = 300_000;
    /**
     * Steal barriers by {@link Topology.Distance}: how long the victim DV's head must have waited before an
     * idle logical CPU at that distance may take it. SAME_CORE never steals (the threads share the DV).
     */
    static final long[] STEAL_BARRIER_MICROS = {0, 0, 1_000, 4_000};
    /** Work units per microsecond of a thread running alone (MT1 speed). */
    static final int FULL_SPEED = 1000;

    private static final byte WAITING = 0;
    private static final byte READY = 1;
    private static final byte RUNNING = 2;
    private static final byte LIMITED = 3;
    private static final long UNBOUNDED = -1;

    private final RunConfig config;
    private final String policyName;
    private final PolicyContext context;
    private PolicyInstance policy;

    // Virtual CPUs (running ones, in Solution.running() order).
    private final int n;
    private final int[] vBucket;
    private final int[] vUser;
    private final int[] vHome;
    private final int[] vLastCpu;
    private final byte[] vStatus;
    private final long[] vWorkPerPeriod;
    private final long[] vRemaining;
    private final long[] vReadySince;
    private final long[] vWaitSince;
    private final long[] vSliceUsed;
    private final long[] vRan;
    private final long[] vRawInterval;
    private final long[] vWorkInterval;
    private final long[] vRawWindow;
    private final DelayHistogram[] vDelay;
    private final long[] dvKey;
    private final int[] dvPos;
    private final long[] bdKey;
    private final int[] bdPos;

    // Buckets.
    private final int nb;
    private final int[][] bucketVcpus;
    private final boolean[] bucketLimited;
    private final long[] bucketConsumed;
    private final int[] bucketWanting;
    private final long[] bucketLimitedMicros;

    // Cores, each with one dispatch vector and one heap of burner period boundaries.
    private final int nCores;
    private final int[] corePool;
    private final int[] coreLocal;
    private final int[] coreThreads;
    private final int[] coreFirstCpu;
    private final long[] coreSlice;
    private final IndexedHeap[] dv;
    private final IndexedHeap[] boundaries;
    private final int[] poolFirstCore;
    private final int[] poolCoreCount;
    private final Topology topology;
    private final Srm srm;
    private final int smtSpeed;

    // Logical CPUs.
    private final int nCpus;
    private final int[] cpuCore;
    private final int[] cpuRunning;
    private final long[] cpuBusy;
    private final long[] cpuSteals;
    private final long[] cpuPreemptions;
    private final long[] cpuDispatches;
    private final long[] cpuAffinityMisses;

    // Window state (written at edges, read by workers after the barrier).
    private long windowStart;
    private long windowEnd;
    private boolean measuring;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    // Scratch for work distribution.
    private int[] scratch;
    private int[] scratch2;

    Engine(Problem problem, List<Bucket> buckets, SchedulerPolicy factory, RunConfig config) {
        this.config = config;
        this.policyName = factory.spec();
        Partition part = problem.partition();
        this.topology = part.topology();
        this.srm = part.srm();
        this.smtSpeed = (int) Math.round(FULL_SPEED * config.smtCapacityFactor() / 2);

        // Pools and cores, in LPAR order.
        List<EngineType> types = part.types();
        List<PolicyContext.Pool> pools = new ArrayList<>();
        int coreCount = 0;
        for (EngineType t : types) {
            coreCount += part.cores(t);
        }
        nCores = coreCount;
        corePool = new int[nCores];
        coreLocal = new int[nCores];
        coreThreads = new int[nCores];
        coreFirstCpu = new int[nCores];
        coreSlice = new long[nCores];
        poolFirstCore = new int[types.size()];
        poolCoreCount = new int[types.size()];
        int c = 0;
        int cpu = 0;
        for (int p = 0; p < types.size(); p++) {
            EngineType t = types.get(p);
            long slice = srm.dispatchSliceMicros(part.smt(t));
            pools.add(new PolicyContext.Pool(p, t, part.cores(t), part.threads(t), part.capacity(t), slice));
            poolFirstCore[p] = c;
            poolCoreCount[p] = part.cores(t);
            for (int k = 0; k < part.cores(t); k++, c++) {
                corePool[c] = p;
                coreLocal[c] = k;
                coreThreads[c] = part.threads(t);
                coreFirstCpu[c] = cpu;
                coreSlice[c] = slice;
                cpu += part.threads(t);
            }
        }
        nCpus = cpu;
        cpuCore = new int[nCpus];
        for (int k = 0; k < nCores; k++) {
            for (int th = 0; th < coreThreads[k]; th++) {
                cpuCore[coreFirstCpu[k] + th] = k;
            }
        }
        cpuRunning = new int[nCpus];
        java.util.Arrays.fill(cpuRunning, -1);
        cpuBusy = new long[nCpus];
        cpuSteals = new long[nCpus * 4];
        cpuPreemptions = new long[nCpus];
        cpuDispatches = new long[nCpus];
        cpuAffinityMisses = new long[nCpus];

        // Running virtual CPUs and their buckets.
        List<Problem.Placed> running = problem.vcpus().stream().filter(p -> !p.vcpu().stopped()).toList();
        n = running.size();
        nb = buckets.size();
        vBucket = new int[n];
        vUser = new int[n];
        vHome = new int[n];
        vLastCpu = new int[n];
        vStatus = new byte[n];
        vWorkPerPeriod = new long[n];
        vRemaining = new long[n];
        vReadySince = new long[n];
        vWaitSince = new long[n];
        vSliceUsed = new long[n];
        vRan = new long[n];
        vRawInterval = new long[n];
        vWorkInterval = new long[n];
        vRawWindow = new long[n];
        vDelay = new DelayHistogram[n];
        dvKey = new long[n];
        dvPos = new int[n];
        bdKey = new long[n];
        bdPos = new int[n];
        java.util.Arrays.fill(dvPos, -1);
        java.util.Arrays.fill(bdPos, -1);
        java.util.Arrays.fill(vLastCpu, -1);
        List<PolicyContext.Vcpu> infos = new ArrayList<>();
        List<String> userKeys = new ArrayList<>();
        int[] perBucket = new int[nb];
        for (int v = 0; v < n; v++) {
            Problem.Placed p = running.get(v);
            int b = bucketOf(buckets, p);
            vBucket[v] = b;
            perBucket[b]++;
            String uk = p.user().key();
            int u = userKeys.indexOf(uk);
            if (u < 0) {
                u = userKeys.size();
                userKeys.add(uk);
            }
            vUser[v] = u;
            vDelay[v] = new DelayHistogram();
            boolean unbounded = p.vcpu().demand().unbounded();
            double d = p.vcpu().demand().percent();
            vWorkPerPeriod[v] = unbounded ? UNBOUNDED : Math.round(d * config.burnerPeriodMicros() * FULL_SPEED / 100.0);
            infos.add(new PolicyContext.Vcpu(v, p, b, types.indexOf(p.pool()), buckets.get(b).entitlementPerVcpu(),
                    unbounded, d));
        }
        bucketVcpus = new int[nb][];
        for (int b = 0; b < nb; b++) {
            bucketVcpus[b] = new int[perBucket[b]];
            perBucket[b] = 0;
        }
        for (int v = 0; v < n; v++) {
            bucketVcpus[vBucket[v]][perBucket[vBucket[v]]++] = v;
        }
        bucketLimited = new boolean[nb];
        bucketConsumed = new long[nb];
        bucketWanting = new int[nb];
        bucketLimitedMicros = new long[nb];

        // CPU pools (group caps).
        List<PolicyContext.GroupCap> caps = new ArrayList<>();
        for (var cp : part.cpuPools()) {
            List<Integer> members = new ArrayList<>();
            for (int b = 0; b < nb; b++) {
                Bucket bk = buckets.get(b);
                if (bk.cpuPool().isPresent() && bk.cpuPool().get().key().equals(cp.key())) {
                    members.add(b);
                }
            }
            int pool = types.indexOf(cp.type());
            if (pool >= 0 && !members.isEmpty()) {
                caps.add(new PolicyContext.GroupCap(caps.size(), cp, pool, cp.cap(part.capacity(cp.type())), members));
            }
        }
        context = new PolicyContext(problem, buckets, infos, pools, caps, WINDOW_MICROS, config.seed());

        dv = new IndexedHeap[nCores];
        boundaries = new IndexedHeap[nCores];
        for (int k = 0; k < nCores; k++) {
            dv[k] = new IndexedHeap(dvPos, dvKey, 16);
            boundaries[k] = new IndexedHeap(bdPos, bdKey, 16);
        }
        scratch = new int[Math.max(16, n)];
        scratch2 = new int[Math.max(16, n)];
    }

    private static int bucketOf(List<Bucket> buckets, Problem.Placed p) {
        for (int b = 0; b < buckets.size(); b++) {
            Bucket bk = buckets.get(b);
            if (bk.user().key().equals(p.user().key()) && bk.virtualType() == p.vcpu().type()) {
                return b;
            }
        }
        throw new IllegalStateException("no bucket for " + p.id());
    }

    PolicyContext context() {
        return context;
    }

    int vcpuCount() {
        return n;
    }

    int coreCount() {
        return nCores;
    }

    Throwable failure() {
        return failure.get();
    }

    void fail(Throwable t) {
        failure.compareAndSet(null, t);
    }

    // ------------------------------------------------------------------ start

    /** Policy start, initial homes (a guest's VCPUs dealt together) and burner phases. */
    void start(PolicyInstance instance) {
        this.policy = instance;
        int[] next = new int[poolFirstCore.length];
        int[] homes = new int[nCores];
        int[] lastUserCore = new int[n + 1];
        java.util.Arrays.fill(lastUserCore, -1);
        for (int v = 0; v < n; v++) {
            int p = context.vcpus().get(v).pool();
            int home;
            // Threads of one SMT core share a DV: a guest's second VCPU joins its first one's core.
            int prev = lastUserCore[vUser[v]];
            if (prev >= 0 && corePool[prev] == p && coreThreads[prev] == 2 && homes[prev] < 2) {
                home = prev;
            } else {
                home = poolFirstCore[p] + next[p] % poolCoreCount[p];
                next[p]++;
            }
            vHome[v] = home;
            homes[home]++;
            lastUserCore[vUser[v]] = home;
            long w = vWorkPerPeriod[v];
            if (w == UNBOUNDED) {
                wake(v, 0);
            } else if (w > 0) {
                long phase = context.random(v, 0).nextLong(config.burnerPeriodMicros());
                vStatus[v] = WAITING;
                vWaitSince[v] = 0;
                boundaries[home].add(v, phase);
            }
        }
    }

    // ------------------------------------------------------------------ window phase (per core)

    void beginWindow(long start, long end, boolean measure) {
        windowStart = start;
        windowEnd = end;
        measuring = measure;
    }

    /** Advances cores {@code [from, to)} through the current window. Called from worker threads. */
    void advanceCores(int from, int to) {
        try {
            for (int c = from; c < to; c++) {
                advanceCore(c, windowStart, windowEnd);
            }
        } catch (Throwable t) {
            fail(t);
        }
    }

    private void advanceCore(int c, long t0, long t1) {
        final int first = coreFirstCpu[c];
        final int threads = coreThreads[c];
        final long slice = coreSlice[c];
        final IndexedHeap bh = boundaries[c];
        long now = t0;
        while (true) {
            // Events due now: work done or slice used up on each thread, then burner period boundaries.
            for (int k = 0; k < threads; k++) {
                int cpu = first + k;
                int v = cpuRunning[cpu];
                if (v < 0) {
                    continue;
                }
                if (vWorkPerPeriod[v] != UNBOUNDED && vRemaining[v] <= 0) {
                    stopRunning(cpu, v, now, true);
                } else if (vSliceUsed[v] >= slice) {
                    stopRunning(cpu, v, now, false);
                }
            }
            while (!bh.isEmpty() && bh.topKey() <= now) {
                int v = bh.top();
                bh.update(v, bdKey[v] + config.burnerPeriodMicros());
                periodBoundary(v, c, now);
            }
            dispatchFree(c, now);

            // Next event.
            long next = t1;
            if (!bh.isEmpty() && bh.topKey() < next) {
                next = bh.topKey();
            }
            int busy = 0;
            for (int k = 0; k < threads; k++) {
                if (cpuRunning[first + k] >= 0) {
                    busy++;
                }
            }
            int speed = busy == 2 ? smtSpeed : FULL_SPEED;
            for (int k = 0; k < threads; k++) {
                int v = cpuRunning[first + k];
                if (v < 0) {
                    continue;
                }
                long sliceEnd = now + (slice - vSliceUsed[v]);
                if (sliceEnd < next) {
                    next = sliceEnd;
                }
                if (vWorkPerPeriod[v] != UNBOUNDED) {
                    long done = now + (vRemaining[v] + speed - 1) / speed;
                    if (done < next) {
                        next = done;
                    }
                }
            }
            long dt = next - now;
            if (dt > 0 && busy > 0) {
                for (int k = 0; k < threads; k++) {
                    int cpu = first + k;
                    int v = cpuRunning[cpu];
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
        vSliceUsed[v] += dt;
        vRan[v] += dt;
        vRawInterval[v] += dt;
        vRawWindow[v] += dt;
        if (measuring) {
            cpuBusy[cpu] += dt;
        }
        long work = dt * speed;
        if (vWorkPerPeriod[v] != UNBOUNDED) {
            long rem = vRemaining[v];
            vRemaining[v] = rem - work;
            work = Math.min(work, Math.max(0, rem));
        }
        vWorkInterval[v] += work;
    }

    /** A burner period starts: last period's unfinished work is dropped, this period's demand is due. */
    private void periodBoundary(int v, int core, long now) {
        vRemaining[v] = vWorkPerPeriod[v];
        if (vStatus[v] == WAITING) {
            wake(v, now);
            if (vStatus[v] == READY) {
                preemptIfMoreUrgent(core, v, now);
            }
        }
    }

    /**
     * The VMDBK becomes ready. After a short wait with its minor time slice still open it keeps its
     * dispatch priority (it never left the dispatch list); otherwise the policy prices it afresh.
     */
    private void wake(int v, long now) {
        long key;
        if (vSliceUsed[v] > 0 && now - vWaitSince[v] < DROP_MICROS) {
            key = dvKey[v];
        } else {
            vSliceUsed[v] = 0;
            key = policy.urgency(v, PolicyInstance.Reprice.WAKE, now);
        }
        vReadySince[v] = now;
        enqueue(v, key);
    }

    private void enqueue(int v, long key) {
        if (bucketLimited[vBucket[v]]) {
            vStatus[v] = LIMITED;
            dvKey[v] = key;
        } else {
            vStatus[v] = READY;
            dv[vHome[v]].add(v, key);
        }
    }

    /** Preemption: a newly ready VMDBK more urgent than the one running on its DV's CPU displaces it. Off under SMT-2. */
    private void preemptIfMoreUrgent(int core, int v, long now) {
        if (coreThreads[core] != 1) {
            return;
        }
        int cpu = coreFirstCpu[core];
        int r = cpuRunning[cpu];
        if (r >= 0 && dvKey[v] < dvKey[r]) {
            stopRunning(cpu, r, now, false);
            if (measuring) {
                cpuPreemptions[cpu]++;
            }
        }
    }

    /**
     * Takes a VMDBK off its logical CPU and charges the policy. A finished burner waits (under SMT-2, "time
     * slice early" closes the slice if at least half was used); otherwise the policy reprices it and it
     * goes back into its DV, or onto the limit list.
     */
    private void stopRunning(int cpu, int v, long now, boolean workDone) {
        cpuRunning[cpu] = -1;
        long ran = vRan[v];
        vRan[v] = 0;
        policy.charged(v, ran, now);
        int core = cpuCore[cpu];
        if (workDone) {
            vStatus[v] = WAITING;
            vWaitSince[v] = now;
            if (coreThreads[core] == 2 && vSliceUsed[v] * 2 >= coreSlice[core]) {
                vSliceUsed[v] = 0;
            }
        } else {
            vSliceUsed[v] = 0;
            vReadySince[v] = now;
            enqueue(v, policy.urgency(v, PolicyInstance.Reprice.SLICE_END, now));
        }
    }

    /**
     * Idle threads take the most urgent VMDBK of their core's DV. When both threads of an SMT-2 core pick
     * at once, each takes the VMDBK that last ran on it if it can (thread affinity).
     */
    private void dispatchFree(int c, long now) {
        IndexedHeap q = dv[c];
        if (q.isEmpty()) {
            return;
        }
        int first = coreFirstCpu[c];
        if (coreThreads[c] == 1) {
            if (cpuRunning[first] < 0) {
                dispatch(first, q.poll(), now);
            }
            return;
        }
        boolean free0 = cpuRunning[first] < 0;
        boolean free1 = cpuRunning[first + 1] < 0;
        if (free0 && free1) {
            int a = q.poll();
            if (q.isEmpty()) {
                dispatch(vLastCpu[a] == first + 1 ? first + 1 : first, a, now);
                return;
            }
            int b = q.poll();
            boolean swap = (vLastCpu[a] == first + 1 || vLastCpu[b] == first)
                    && !(vLastCpu[a] == first || vLastCpu[b] == first + 1);
            dispatch(swap ? first + 1 : first, a, now);
            dispatch(swap ? first : first + 1, b, now);
        } else if (free0) {
            dispatch(first, q.poll(), now);
        } else if (free1) {
            dispatch(first + 1, q.poll(), now);
        }
    }

    private void dispatch(int cpu, int v, long now) {
        vStatus[v] = RUNNING;
        cpuRunning[cpu] = v;
        vRan[v] = 0;
        int last = vLastCpu[v];
        if (measuring) {
            vDelay[v].record(now - vReadySince[v]);
            cpuDispatches[cpu]++;
            if (last >= 0 && last != cpu && cpuCore[last] == cpuCore[cpu]) {
                cpuAffinityMisses[cpu]++;
            }
        }
        vLastCpu[v] = cpu;
    }

    // ------------------------------------------------------------------ window edge (serial)

    /** Everything that crosses dispatch vectors, in a fixed order. */
    void edge(boolean reshuffleDue) {
        long now = windowEnd;
        java.util.Arrays.fill(bucketConsumed, 0);
        java.util.Arrays.fill(bucketWanting, 0);
        for (int v = 0; v < n; v++) {
            int b = vBucket[v];
            bucketConsumed[b] += vRawWindow[v];
            vRawWindow[v] = 0;
            if (vStatus[v] != WAITING) {
                bucketWanting[b]++;
            }
        }
        policy.windowEnd(this);
        long len = windowEnd - windowStart;
        for (int b = 0; b < nb; b++) {
            if (measuring && bucketLimited[b]) {
                bucketLimitedMicros[b] += len;
            }
        }
        for (int b = 0; b < nb; b++) {
            boolean lim = policy.onLimitList(b, this);
            if (lim != bucketLimited[b]) {
                setLimited(b, lim, now);
            }
        }
        steal(now);
        if (reshuffleDue) {
            for (int p = 0; p < poolFirstCore.length; p++) {
                distribute(p, srm.workDistribution() == Srm.WorkDistribution.REBALANCE);
            }
        }
    }

    private void setLimited(int b, boolean limited, long now) {
        bucketLimited[b] = limited;
        for (int v : bucketVcpus[b]) {
            if (limited) {
                if (vStatus[v] == READY) {
                    dv[vHome[v]].remove(v);
                    vStatus[v] = LIMITED;
                } else if (vStatus[v] == RUNNING) {
                    int cpu = runningCpu(v);
                    stopRunning(cpu, v, now, false);
                }
            } else if (vStatus[v] == LIMITED) {
                vStatus[v] = READY;
                dv[vHome[v]].add(v, dvKey[v]);
            }
        }
    }

    private int runningCpu(int v) {
        int core = vHome[v];
        for (int k = 0; k < coreThreads[core]; k++) {
            if (cpuRunning[coreFirstCpu[core] + k] == v) {
                return coreFirstCpu[core] + k;
            }
        }
        throw new IllegalStateException("running VMDBK " + v + " not on its home core");
    }

    /**
     * Idle logical CPUs whose own DV is empty steal the head of another DV of their pool, nearest first,
     * if the head has waited at least the steal barrier for that distance.
     */
    private void steal(long now) {
        for (int c = 0; c < nCores; c++) {
            int first = coreFirstCpu[c];
            for (int k = 0; k < coreThreads[c]; k++) {
                int cpu = first + k;
                if (cpuRunning[cpu] >= 0) {
                    continue;
                }
                int idleBefore = 0;
                for (int j = 0; j < k; j++) {
                    if (cpuRunning[first + j] < 0) {
                        idleBefore++;
                    }
                }
                if (dv[c].size() > idleBefore) {
                    continue;
                }
                int victim = -1;
                int bestDist = Integer.MAX_VALUE;
                long bestKey = Long.MAX_VALUE;
                int p = corePool[c];
                for (int o = poolFirstCore[p]; o < poolFirstCore[p] + poolCoreCount[p]; o++) {
                    if (o == c || dv[o].isEmpty()) {
                        continue;
                    }
                    int d = topology.distance(coreLocal[c], coreLocal[o]).ordinal();
                    int head = dv[o].top();
                    if (now - vReadySince[head] < STEAL_BARRIER_MICROS[d]) {
                        continue;
                    }
                    long key = dv[o].topKey();
                    if (d < bestDist || (d == bestDist && key < bestKey)) {
                        victim = o;
                        bestDist = d;
                        bestKey = key;
                    }
                }
                if (victim < 0) {
                    continue;
                }
                int v = dv[victim].poll();
                moveHome(v, c);
                dv[c].add(v, dvKey[v]);
                if (measuring) {
                    cpuSteals[cpu * 4 + bestDist]++;
                }
            }
        }
    }

    private void moveHome(int v, int core) {
        int old = vHome[v];
        if (old == core) {
            return;
        }
        if (boundaries[old].contains(v)) {
            boundaries[old].remove(v);
            boundaries[core].add(v, bdKey[v]);
        }
        vHome[v] = core;
    }

    /**
     * Work distribution. RESHUFFLE: take every ready VMDBK of the pool out of its DV, most urgent first, and
     * deal it to the core with the fewest VMDBKs (running plus dealt); among equals, the core whose running
     * VMDBK is least urgent (so the most urgent waiters meet the CPUs that will free soonest for them), then
     * the core already holding the same guest, then the same chip. REBALANCE (runs rarely) prefers the guest's
     * core before urgency, keeping guests in one place.
     */
    private void distribute(int pool, boolean rebalance) {
        int from = poolFirstCore[pool];
        int to = from + poolCoreCount[pool];
        if (to - from < 2) {
            return;
        }
        int k = 0;
        for (int c = from; c < to; c++) {
            k = dv[c].drainTo(scratch, k);
        }
        if (k == 0) {
            return;
        }
        sortByKey(scratch, scratch2, k);
        int cores = to - from;
        int[] count = new int[cores];
        long[] need = new long[cores];
        int[] anchor = new int[n > 0 ? n : 1];
        java.util.Arrays.fill(anchor, -1);
        for (int c = from; c < to; c++) {
            long worst = Long.MIN_VALUE;
            for (int t = 0; t < coreThreads[c]; t++) {
                int r = cpuRunning[coreFirstCpu[c] + t];
                if (r < 0) {
                    worst = Long.MAX_VALUE;
                } else {
                    count[c - from]++;
                    worst = Math.max(worst, dvKey[r]);
                    anchor[vUser[r]] = c;
                }
            }
            need[c - from] = worst;
        }
        for (int i = 0; i < k; i++) {
            int v = scratch[i];
            int a = anchor[vUser[v]];
            int best = -1;
            for (int c = from; c < to; c++) {
                if (best < 0 || better(c, best, from, count, need, a, rebalance)) {
                    best = c;
                }
            }
            count[best - from]++;
            anchor[vUser[v]] = best;
            moveHome(v, best);
            dv[best].add(v, dvKey[v]);
        }
    }

    private boolean better(int c, int best, int from, int[] count, long[] need, int anchor, boolean rebalance) {
        int ci = c - from;
        int bi = best - from;
        if (count[ci] * coreThreads[best] != count[bi] * coreThreads[c]) {
            return count[ci] * coreThreads[best] < count[bi] * coreThreads[c];
        }
        if (rebalance && anchor >= 0 && (c == anchor) != (best == anchor)) {
            return c == anchor;
        }
        if (need[ci] != need[bi]) {
            return need[ci] > need[bi];
        }
        if (anchor >= 0) {
            if ((c == anchor) != (best == anchor)) {
                return c == anchor;
            }
            int chip = topology.chipOf(coreLocal[anchor]);
            boolean cc = topology.chipOf(coreLocal[c]) == chip;
            boolean bc = topology.chipOf(coreLocal[best]) == chip;
            if (cc != bc) {
                return cc;
            }
        }
        return false;
    }

    /** Stable merge sort of VMDBK indexes by (DV key, index). */
    private void sortByKey(int[] a, int[] tmp, int len) {
        for (int width = 1; width < len; width *= 2) {
            for (int lo = 0; lo < len - width; lo += 2 * width) {
                int mid = lo + width;
                int hi = Math.min(lo + 2 * width, len);
                int i = lo;
                int j = mid;
                int o = lo;
                while (i < mid && j < hi) {
                    int x = a[i];
                    int y = a[j];
                    if (dvKey[y] < dvKey[x] || (dvKey[y] == dvKey[x] && y < x)) {
                        tmp[o++] = y;
                        j++;
                    } else {
                        tmp[o++] = x;
                        i++;
                    }
                }
                while (i < mid) {
                    tmp[o++] = a[i++];
                }
                while (j < hi) {
                    tmp[o++] = a[j++];
                }
                System.arraycopy(tmp, lo, a, lo, hi - lo);
            }
        }
    }

    // ------------------------------------------------------------------ WindowView

    @Override
    public long startMicros() {
        return windowStart;
    }

    @Override
    public long endMicros() {
        return windowEnd;
    }

    @Override
    public long consumedMicros(int bucket) {
        return bucketConsumed[bucket];
    }

    @Override
    public int wanting(int bucket) {
        return bucketWanting[bucket];
    }

    @Override
    public VcpuStatus status(int vcpu) {
        return switch (vStatus[vcpu]) {
            case READY -> VcpuStatus.READY;
            case RUNNING -> VcpuStatus.RUNNING;
            case LIMITED -> VcpuStatus.LIMITED;
            default -> VcpuStatus.WAITING;
        };
    }

    @Override
    public boolean limited(int bucket) {
        return bucketLimited[bucket];
    }

    // ------------------------------------------------------------------ results

    IntervalSample takeInterval(int index, long start, long end) {
        long len = end - start;
        List<VcpuSample> out = new ArrayList<>(n);
        for (int v = 0; v < n; v++) {
            double busy = vRawInterval[v] * 100.0 / len;
            double mt1 = vWorkInterval[v] * 100.0 / ((double) len * FULL_SPEED);
            double etr = vWorkInterval[v] / (1000.0 * FULL_SPEED);
            out.add(new VcpuSample(busy, mt1, etr));
            vRawInterval[v] = 0;
            vWorkInterval[v] = 0;
        }
        return new IntervalSample(index, start, end, out);
    }

    RunSummary summary(long measuredMicros) {
        List<RunSummary.DelayStats> delays = new ArrayList<>(n);
        long sum = 0;
        long count = 0;
        for (int v = 0; v < n; v++) {
            // A VMDBK still ready (or on the limit list) at the end is still waiting: its open wait counts, so a
            // starved virtual CPU shows one huge delay instead of none.
            if (measuring && (vStatus[v] == READY || vStatus[v] == LIMITED)) {
                vDelay[v].record(windowEnd - vReadySince[v]);
                vReadySince[v] = windowEnd;
            }
            delays.add(vDelay[v].stats());
            sum += vDelay[v].sum();
            count += vDelay[v].count();
        }
        List<RunSummary.LogicalCpuStats> cpus = new ArrayList<>(nCpus);
        for (int cpu = 0; cpu < nCpus; cpu++) {
            int core = cpuCore[cpu];
            Map<Topology.Distance, Long> steals = new EnumMap<>(Topology.Distance.class);
            for (Topology.Distance d : Topology.Distance.values()) {
                steals.put(d, cpuSteals[cpu * 4 + d.ordinal()]);
            }
            cpus.add(new RunSummary.LogicalCpuStats(cpu, context.pools().get(corePool[core]).type(), coreLocal[core],
                    cpu - coreFirstCpu[core], cpuBusy[cpu] * 100.0 / measuredMicros, steals, cpuPreemptions[cpu],
                    cpuDispatches[cpu], cpuAffinityMisses[cpu]));
        }
        List<RunSummary.BucketStats> bs = new ArrayList<>(nb);
        for (int b = 0; b < nb; b++) {
            bs.add(new RunSummary.BucketStats(context.buckets().get(b).id(), bucketLimitedMicros[b] * 100.0 / measuredMicros));
        }
        return new RunSummary(delays, cpus, bs, count == 0 ? 0 : (double) sum / count);
    }

    String policyName() {
        return policyName;
    }
}
