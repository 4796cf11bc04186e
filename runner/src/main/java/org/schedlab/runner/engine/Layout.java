package org.schedlab.runner.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.schedlab.core.CpuPool;
import org.schedlab.core.EngineType;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.Srm;
import org.schedlab.core.Topology;
import org.schedlab.runner.spi.ModelConstants;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.solver.Bucket;

/**
 * The partition laid out for one run, fixed for its length: dispatch pools (one per engine type, in LPAR
 * order), their cores and logical CPUs, the running virtual CPUs with their buckets and guests, and the
 * {@link PolicyContext} built from them. Set-up is linear in the problem size: buckets, guests and engine
 * types are looked up through maps, not scanned.
 */
final class Layout {

    /** Marks a burner with unbounded demand in {@link #vWorkPerPeriod}. */
    static final long UNBOUNDED = -1;

    final ModelConstants constants;
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
    final int[] coreThreads;
    final int[] coreFirstCpu;
    final long[] coreSlice;
    final int[] poolFirstCore;
    final int[] poolCoreCount;

    // Logical CPUs.
    final int nCpus;
    final int[] cpuCore;

    // Running virtual CPUs (Solution.running() order).
    final int n;
    final int[] vBucket;
    /** The guest (user) of each virtual CPU, numbered in order of first appearance. */
    final int[] vUser;
    final long[] vWorkPerPeriod;

    // Buckets.
    final int nb;
    final int[][] bucketVcpus;

    Layout(Problem problem, List<Bucket> buckets, long seed, long burnerPeriodMicros, double smtCapacityFactor,
           ModelConstants constants) {
        this.constants = constants;
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

        // Running virtual CPUs and their buckets: a bucket is (user, virtual CPU type).
        Map<String, Integer> bucketIndex = new HashMap<>();
        for (int b = 0; b < buckets.size(); b++) {
            Bucket bk = buckets.get(b);
            bucketIndex.putIfAbsent(bucketKey(bk.user().key(), bk.virtualType()), b);
        }
        List<Problem.Placed> running = problem.vcpus().stream().filter(p -> !p.vcpu().stopped()).toList();
        n = running.size();
        nb = buckets.size();
        vBucket = new int[n];
        vUser = new int[n];
        vWorkPerPeriod = new long[n];
        Map<String, Integer> userIndex = new HashMap<>();
        List<PolicyContext.Vcpu> infos = new ArrayList<>(n);
        int[] perBucket = new int[nb];
        for (int v = 0; v < n; v++) {
            Problem.Placed p = running.get(v);
            Integer b = bucketIndex.get(bucketKey(p.user().key(), p.vcpu().type()));
            if (b == null) {
                throw new IllegalStateException("no bucket for " + p.id());
            }
            vBucket[v] = b;
            perBucket[b]++;
            vUser[v] = userIndex.computeIfAbsent(p.user().key(), k -> userIndex.size());
            boolean unbounded = p.vcpu().demand().unbounded();
            double d = p.vcpu().demand().percent();
            vWorkPerPeriod[v] = unbounded ? UNBOUNDED
                    : Math.round(d * burnerPeriodMicros * constants.fullSpeed() / 100.0);
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
    }

    private static String bucketKey(String user, EngineType virtualType) {
        return user + '\u0000' + virtualType.name();
    }

    int dispatchPoolCount() {
        return poolFirstCore.length;
    }
}
