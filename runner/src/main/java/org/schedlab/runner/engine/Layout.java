package org.schedlab.runner.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.schedlab.core.CpuPool;
import org.schedlab.core.EngineType;
import org.schedlab.core.Numbers;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.Srm;
import org.schedlab.core.Topology;
import org.schedlab.core.User;
import org.schedlab.runner.spi.DispatchMode;
import org.schedlab.runner.spi.ModelConstants;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.solver.Bucket;

/**
 * The partition laid out for one run, fixed for its length: dispatch pools (one per engine type, in LPAR
 * order), their cores and logical CPUs, the running virtual CPUs with their buckets and guests, and the
 * {@link PolicyContext} built from them. Set-up is linear in the problem size: buckets, guests and engine
 * types are looked up through maps (keyed by the user objects, not their names), not scanned.
 */
final class Layout {

    final ModelConstants constants;
    final DispatchMode mode;
    final Topology topology;
    final Srm srm;
    final long burnerPeriodMicros;
    /** Work units per microsecond of each thread of an SMT-2 core with both threads busy. */
    final int smtSpeed;
    final PolicyContext context;

    // Cores, each with one dispatch vector.
    final int nCores;
    final int[] coreDispatchPool;
    /** The core's number within its dispatch pool: what {@link Topology} distances are computed on. */
    final int[] coreLocal;
    /**
     * Per core {@code k}, the logical CPUs of its chip, {@code [coreChipCpus[2k], coreChipCpus[2k + 1])}, and of its
     * node likewise, within its dispatch pool: the nearest-free-CPU search looks in these rings in turn.
     */
    final int[] coreChipCpus;
    final int[] coreNodeCpus;
    final int[] coreThreads;
    final int[] coreFirstCpu;
    final long[] coreSlice;
    final int[] poolFirstCore;
    final int[] poolCoreCount;

    // Logical CPUs.
    final int nCpus;
    final int[] cpuCore;
    final int[] cpuUnit;

    /*
     * Dispatch units: logical CPUs sharing one ready queue and one heap of burner period boundaries, advanced by
     * one worker inside a window. DISPATCH_VECTORS: a unit is a core (its dispatch vector), so unit index = core
     * index. GLOBAL_ORDER: a unit is a whole dispatch pool. Units are contiguous runs of logical CPUs.
     */
    final int nUnits;
    final int[] unitFirstCpu;
    final int[] unitCpus;
    final int[] unitPool;
    final long[] unitSlice;
    final int[] poolFirstUnit;
    final int[] poolUnitCount;

    // Running virtual CPUs (Solution.running() order).
    final int n;
    final int[] vBucket;
    /** The guest (user) of each virtual CPU, numbered in order of first appearance. */
    final int[] vUser;
    /** Demand in percent of one logical CPU (raw time), or {@code NaN} for an unbounded burner. */
    final double[] vDemandPct;
    /** The CPU pool (index into {@code context.cpuPools()}) of each virtual CPU's bucket, or -1. */
    final int[] vCpuPool;
    /** GLOBAL_ORDER: each CPU pool's cap in whole logical CPUs (rounded down) and its cap's fraction of one. */
    final int[] cpuPoolWhole;
    final double[] cpuPoolFraction;
    /** Each CPU pool's cap in CPUs (percent / 100). */
    final double[] cpuPoolCap;
    /** The virtual CPUs each CPU pool caps (those of its members in the dispatch pool of its type). */
    final int[][] cpuPoolVcpus;

    // Buckets.
    final int nb;
    final int[][] bucketVcpus;

    Layout(Problem problem, List<Bucket> buckets, long seed, long burnerPeriodMicros, double smtCapacityFactor,
           ModelConstants constants, DispatchMode mode) {
        this.constants = constants;
        this.mode = mode;
        this.burnerPeriodMicros = burnerPeriodMicros;
        Partition part = problem.partition();
        this.topology = part.topology();
        this.srm = part.srm();
        this.smtSpeed = (int) Math.round(constants.fullSpeed() * smtCapacityFactor / 2);

        // Dispatch pools and cores, in LPAR order.
        List<EngineType> types = part.types();
        Map<EngineType, Integer> poolOfType = new HashMap<>();
        List<PolicyContext.DispatchPool> pools = new ArrayList<>();
        int coreCount = 0;
        for (EngineType t : types) {
            coreCount += part.cores(t);
        }
        nCores = coreCount;
        coreDispatchPool = new int[nCores];
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
            poolOfType.put(t, p);
            long slice = srm.dispatchSliceMicros(part.smt(t));
            pools.add(new PolicyContext.DispatchPool(p, t, part.cores(t), part.threads(t), part.capacity(t), slice));
            poolFirstCore[p] = c;
            poolCoreCount[p] = part.cores(t);
            for (int k = 0; k < part.cores(t); k++, c++) {
                coreDispatchPool[c] = p;
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
        // A chip's cores, and a node's, are consecutive in each pool (Topology counts them by local index), so
        // their logical CPUs are one range: found by grouping consecutive cores of one pool with the same chip.
        coreChipCpus = new int[2 * nCores];
        coreNodeCpus = new int[2 * nCores];
        for (int p = 0; p < types.size(); p++) {
            int end = poolFirstCore[p] + poolCoreCount[p];
            for (int k = poolFirstCore[p], chipStart = k, nodeStart = k; k < end; k++) {
                if (k + 1 == end || topology.chipOf(coreLocal[k + 1]) != topology.chipOf(coreLocal[k])) {
                    fillRange(coreChipCpus, chipStart, k);
                    chipStart = k + 1;
                }
                if (k + 1 == end || topology.nodeOf(coreLocal[k + 1]) != topology.nodeOf(coreLocal[k])) {
                    fillRange(coreNodeCpus, nodeStart, k);
                    nodeStart = k + 1;
                }
            }
        }
        boolean global = mode == DispatchMode.GLOBAL_ORDER;
        nUnits = global ? types.size() : nCores;
        unitFirstCpu = new int[nUnits];
        unitCpus = new int[nUnits];
        unitPool = new int[nUnits];
        unitSlice = new long[nUnits];
        poolFirstUnit = new int[types.size()];
        poolUnitCount = new int[types.size()];
        cpuUnit = new int[nCpus];
        for (int u = 0; u < nUnits; u++) {
            int firstCore = global ? poolFirstCore[u] : u;
            int lastCore = global ? poolFirstCore[u] + poolCoreCount[u] - 1 : u;
            unitFirstCpu[u] = coreFirstCpu[firstCore];
            unitCpus[u] = coreFirstCpu[lastCore] + coreThreads[lastCore] - unitFirstCpu[u];
            unitPool[u] = coreDispatchPool[firstCore];
            unitSlice[u] = coreSlice[firstCore];
            for (int k = 0; k < unitCpus[u]; k++) {
                cpuUnit[unitFirstCpu[u] + k] = u;
            }
        }
        for (int p = 0; p < types.size(); p++) {
            poolFirstUnit[p] = global ? p : poolFirstCore[p];
            poolUnitCount[p] = global ? 1 : poolCoreCount[p];
        }

        // Running virtual CPUs and their buckets: a bucket is (user, virtual CPU type).
        // Buckets by user object and type: the buckets are made from this problem's users, so no user's name
        // needs upper-casing and concatenating per virtual CPU. Names are the fallback for buckets made from an
        // equal copy of the problem.
        int engineTypes = EngineType.values().length;
        Map<User, int[]> bucketsOfUser = new IdentityHashMap<>();
        for (int b = 0; b < buckets.size(); b++) {
            Bucket bk = buckets.get(b);
            int[] of = bucketsOfUser.computeIfAbsent(bk.user(), u -> filled(engineTypes, -1));
            if (of[bk.virtualType().ordinal()] < 0) {
                of[bk.virtualType().ordinal()] = b;
            }
        }
        Map<String, Integer> bucketIndex = new HashMap<>();
        List<Problem.Placed> running = problem.vcpus().stream().filter(p -> !p.vcpu().stopped()).toList();
        n = running.size();
        nb = buckets.size();
        vBucket = new int[n];
        vUser = new int[n];
        vDemandPct = new double[n];
        vCpuPool = new int[n];
        Map<User, Integer> userIndex = new IdentityHashMap<>();
        List<PolicyContext.Vcpu> infos = new ArrayList<>(n);
        int[] perBucket = new int[nb];
        for (int v = 0; v < n; v++) {
            Problem.Placed p = running.get(v);
            int[] of = bucketsOfUser.get(p.user());
            int b = of == null ? -1 : of[p.vcpu().type().ordinal()];
            if (b < 0) {
                if (bucketIndex.isEmpty()) {
                    for (int k = 0; k < buckets.size(); k++) {
                        Bucket bk = buckets.get(k);
                        bucketIndex.putIfAbsent(bucketKey(bk.user().key(), bk.virtualType()), k);
                    }
                }
                Integer named = bucketIndex.get(bucketKey(p.user().key(), p.vcpu().type()));
                if (named == null) {
                    throw new IllegalStateException("no bucket for " + p.id());
                }
                b = named;
            }
            vBucket[v] = b;
            perBucket[b]++;
            // A problem's user names are unique, so its user objects number the guests as their names would.
            vUser[v] = userIndex.computeIfAbsent(p.user(), k -> userIndex.size());
            boolean unbounded = p.vcpu().demand().unbounded();
            double d = p.vcpu().demand().percent();
            vDemandPct[v] = unbounded ? Double.NaN : d;
            infos.add(new PolicyContext.Vcpu(v, p, b, poolOfType.getOrDefault(p.pool(), -1),
                    buckets.get(b).entitlementPerVcpu(), unbounded, d));
        }
        bucketVcpus = new int[nb][];
        for (int b = 0; b < nb; b++) {
            bucketVcpus[b] = new int[perBucket[b]];
            perBucket[b] = 0;
        }
        for (int v = 0; v < n; v++) {
            bucketVcpus[vBucket[v]][perBucket[vBucket[v]]++] = v;
        }

        // CPU pool caps (DEFINE CPUPOOL): members are the buckets naming the CPU pool.
        Map<String, List<Integer>> membersOf = new HashMap<>();
        for (int b = 0; b < nb; b++) {
            Bucket bk = buckets.get(b);
            if (bk.cpuPool().isPresent()) {
                membersOf.computeIfAbsent(bk.cpuPool().get().key(), k -> new ArrayList<>()).add(b);
            }
        }
        List<PolicyContext.CpuPoolCap> caps = new ArrayList<>();
        for (CpuPool cp : part.cpuPools()) {
            List<Integer> members = membersOf.getOrDefault(cp.key(), List.of());
            Integer pool = poolOfType.get(cp.type());
            if (pool != null && !members.isEmpty()) {
                caps.add(new PolicyContext.CpuPoolCap(caps.size(), cp, pool, cp.cap(part.capacity(cp.type())), members));
            }
        }
        context = new PolicyContext(problem, buckets, infos, pools, caps, constants, seed);
        int ng = caps.size();
        cpuPoolWhole = new int[ng];
        cpuPoolFraction = new double[ng];
        cpuPoolCap = new double[ng];
        int[] capOfBucket = new int[nb];
        java.util.Arrays.fill(capOfBucket, -1);
        for (PolicyContext.CpuPoolCap g : caps) {
            double cpus = Numbers.percentToFraction(g.cap());
            cpuPoolCap[g.index()] = cpus;
            cpuPoolWhole[g.index()] = (int) Math.min(Integer.MAX_VALUE, Math.floor(cpus + Numbers.TOLERANCE));
            cpuPoolFraction[g.index()] = Math.max(0, cpus - cpuPoolWhole[g.index()]);
            for (int b : g.members()) {
                if (capOfBucket[b] < 0) {
                    capOfBucket[b] = g.index();
                }
            }
        }
        int[] perCap = new int[ng];
        for (int v = 0; v < n; v++) {
            // Only virtual CPUs of the engine type the CPU pool caps count (one dispatch unit owns them all).
            int g = capOfBucket[vBucket[v]];
            vCpuPool[v] = g >= 0 && caps.get(g).dispatchPool() == infos.get(v).dispatchPool() ? g : -1;
            if (vCpuPool[v] >= 0) {
                perCap[vCpuPool[v]]++;
            }
        }
        cpuPoolVcpus = new int[ng][];
        for (int g = 0; g < ng; g++) {
            cpuPoolVcpus[g] = new int[perCap[g]];
            perCap[g] = 0;
        }
        for (int v = 0; v < n; v++) {
            if (vCpuPool[v] >= 0) {
                cpuPoolVcpus[vCpuPool[v]][perCap[vCpuPool[v]]++] = v;
            }
        }
    }

    private static int[] filled(int length, int value) {
        int[] a = new int[length];
        java.util.Arrays.fill(a, value);
        return a;
    }

    private static String bucketKey(String user, EngineType virtualType) {
        return user + '\u0000' + virtualType.name();
    }

    int dispatchPoolCount() {
        return poolFirstCore.length;
    }

    /** Gives cores {@code first..last} the CPU range from {@code first}'s first CPU to {@code last}'s last. */
    private void fillRange(int[] ranges, int first, int last) {
        int from = coreFirstCpu[first];
        int to = coreFirstCpu[last] + coreThreads[last];
        for (int k = first; k <= last; k++) {
            ranges[2 * k] = from;
            ranges[2 * k + 1] = to;
        }
    }
}
