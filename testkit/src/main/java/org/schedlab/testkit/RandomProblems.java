package org.schedlab.testkit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.schedlab.core.CpuPool;
import org.schedlab.core.Demand;
import org.schedlab.core.EngineType;
import org.schedlab.core.LimitMode;
import org.schedlab.core.LimitShare;
import org.schedlab.core.Numbers;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.RunControl;
import org.schedlab.core.Share;
import org.schedlab.core.ShareAmount;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.Srm;
import org.schedlab.core.Topology;
import org.schedlab.core.User;
import org.schedlab.core.VirtualCpu;

/**
 * Valid random problems for property tests and benchmarks: the same seed always gives the same
 * problem. They mix relative and absolute min-shares (absolute totals sometimes over 99%), limits
 * of both kinds and modes, CPU pools of both kinds, stopped virtual CPUs, several engine types with
 * SMT, CPU affinity OFF, and virtual types the partition lacks. {@link #generate} sizes the partition
 * so that demand is sometimes below, often above capacity; {@link #small} draws problems small
 * enough to run for a few seconds, with topology and SRM knobs as well.
 *
 * <p>A test kit, not part of any library's API: module {@code testkit}, which the tests and the benchmarks depend
 * on and no library jar contains.
 */
public final class RandomProblems {

    private static final SourceLocation HERE = SourceLocation.UNKNOWN;
    private static final EngineType[] SPECIALTY = {EngineType.ZIIP, EngineType.IFL, EngineType.ZAAP, EngineType.ICF};

    private RandomProblems() {
    }

    /** How often each feature appears; probabilities are per user or per virtual CPU. */
    public record Mix(int maxVcpusPerUser, double stopped, double absolute, double limit, double soft,
                      double cpuPoolMember, double affinityOff, double smt) {

        /** Every feature often enough that a few thousand small problems cover their combinations. */
        public static final Mix DEFAULT = new Mix(4, 0.1, 0.25, 0.3, 0.5, 0.3, 0.1, 0.2);

        public Mix {
            if (maxVcpusPerUser < 1 || maxVcpusPerUser > VirtualCpu.MAX_ADDRESS + 1) {
                throw new IllegalArgumentException("virtual CPUs per user must be 1.." + (VirtualCpu.MAX_ADDRESS + 1));
            }
            for (double p : new double[] {stopped, absolute, limit, soft, cpuPoolMember, affinityOff, smt}) {
                if (!(p >= 0 && p <= 1)) {
                    throw new IllegalArgumentException("a probability must be in 0..1: " + p);
                }
            }
        }
    }

    /** A problem of exactly {@code vcpus} virtual CPUs with the {@link Mix#DEFAULT} mix. */
    public static Problem generate(long seed, int vcpus) {
        return generate(seed, vcpus, Mix.DEFAULT);
    }

    /** A problem of exactly {@code vcpus} virtual CPUs (at least 1). */
    public static Problem generate(long seed, int vcpus, Mix mix) {
        if (vcpus < 1) {
            throw new IllegalArgumentException("a problem needs at least one virtual CPU");
        }
        Random random = new Random(seed);
        return populate(random, seed, vcpus, mix, partition(random, vcpus, mix));
    }

    /**
     * A problem of exactly {@code vcpus} virtual CPUs (at least 1) on a given partition, e.g. a large CP-only
     * LPAR with a multi-chip topology for runner benchmarks. Users join the partition's CPU pools as
     * {@code mix} says.
     */
    public static Problem generate(long seed, int vcpus, Mix mix, Partition partition) {
        if (vcpus < 1) {
            throw new IllegalArgumentException("a problem needs at least one virtual CPU");
        }
        return populate(new Random(seed), seed, vcpus, mix, partition);
    }

    private static Problem populate(Random random, long seed, int vcpus, Mix mix, Partition partition) {
        List<EngineType> types = partition.types();
        int expectedUsers = Math.max(1, vcpus * 2 / (mix.maxVcpusPerUser() + 1));
        // Absolute values sized so that a pool's absolute total is around 100%: sometimes over 99.
        double absoluteScale = Math.min(100, 200 / Math.max(1, expectedUsers * mix.absolute() / types.size()));

        List<User> users = new ArrayList<>();
        int left = vcpus;
        while (left > 0) {
            int count = 1 + random.nextInt(Math.min(mix.maxVcpusPerUser(), left));
            left -= count;
            users.add(user(random, users.size(), count, partition, mix, absoluteScale, false));
        }
        return new Problem("R" + Long.toUnsignedString(seed, 36).toUpperCase(Locale.ROOT), partition, users,
                RunControl.NONE, HERE);
    }

    /** What the virtual CPUs of a {@link #small} problem want. */
    public enum Demands {
        /**
         * Every virtual CPU {@code *}. Always ready, so the fluid answer is reachable by plain time-slicing
         * (each virtual CPU at most 100, each pool within capacity): a dispatcher that misses it is wrong.
         */
        ALL_UNBOUNDED,
        /** Mostly finite demands from 0 to 100, about one in five {@code *}, as {@link #generate} draws them. */
        MOSTLY_FINITE
    }

    /**
     * A small problem over the whole language, cheap enough to run for a few seconds: 1..16 logical
     * CPUs per engine type (SMT-2 on some types), several chips and nodes on some partitions, SRM
     * DSPSLICE 1..50 ms, DSPWDMETHOD REBALANCE and POLARIZATION HORIZONTAL on some, CPU pools of both
     * kinds, 1..6 users of 1..4 virtual CPUs with relative and absolute shares (absolute totals
     * sometimes over 99%), LIMITHARD and LIMITSOFT of both flavours (on some problems every limit is
     * soft, so that several users scavenge), CPU affinity OFF, virtual types the partition lacks and
     * stopped virtual CPUs. At least one virtual CPU runs. The same seed and demands always give the
     * same problem; this draws independently of {@link #generate}, whose outputs stay as they were.
     */
    public static Problem small(long seed, Demands demands) {
        Random random = new Random(seed);
        Partition partition = smallPartition(random);
        // One regime per problem, so that rarer combinations (every limit soft, mostly absolute shares)
        // come up as often as the common mix.
        boolean scavengers = random.nextDouble() < 0.25;
        Mix mix = new Mix(4, 0.1, 0.6 * random.nextDouble(), scavengers ? 0.8 : 0.4, scavengers ? 1 : 0.4,
                0.5, 0.1, 0);
        double absoluteScale = 20 + 130 * random.nextDouble();
        boolean unbounded = demands == Demands.ALL_UNBOUNDED;
        int userCount = 1 + random.nextInt(6);
        List<User> users = new ArrayList<>();
        for (int i = 0; i < userCount; i++) {
            users.add(user(random, i, 1 + random.nextInt(mix.maxVcpusPerUser()), partition, mix, absoluteScale,
                    unbounded));
        }
        if (users.stream().allMatch(u -> u.vcpus().stream().allMatch(VirtualCpu::stopped))) {
            User first = users.get(0);
            List<VirtualCpu> vcpus = new ArrayList<>(first.vcpus());
            VirtualCpu v = vcpus.get(0);
            vcpus.set(0, new VirtualCpu(v.address(), v.type(), v.demand(), false, HERE));
            users.set(0, new User(first.name(), first.shares(), first.cpuPool(), first.cpuAffinity(), vcpus, HERE));
        }
        String name = (unbounded ? "INF" : "FIN") + Long.toUnsignedString(seed, 36).toUpperCase(Locale.ROOT);
        return new Problem(name, partition, users, RunControl.NONE, HERE);
    }

    private static Partition smallPartition(Random random) {
        List<EngineType> types = new ArrayList<>();
        types.add(EngineType.CP);
        for (EngineType t : SPECIALTY) {
            if (random.nextDouble() < 0.4) {
                types.add(t);
            }
        }
        // The LPAR statement may list types in any order: nothing may rely on CP coming first.
        Collections.shuffle(types, random);
        Map<EngineType, Integer> cores = new LinkedHashMap<>();
        Map<EngineType, Integer> threads = new LinkedHashMap<>();
        for (EngineType t : types) {
            int thread = random.nextDouble() < 0.3 ? 2 : 1;
            double r = random.nextDouble();
            // Skewed small: short runs stay cheap, and few CPUs is where placement matters most.
            int logical = 1 + (int) (16 * r * r);
            cores.put(t, Math.max(1, logical / thread));
            threads.put(t, thread);
        }
        Topology topology = random.nextDouble() < 0.4
                ? new Topology(1 + random.nextInt(4), 1 + random.nextInt(3), HERE)
                : Topology.singleChip(HERE);
        Srm srm = Srm.DEFAULT;
        if (random.nextDouble() < 0.3) {
            srm = srm.withDispatchSliceMs(1 + random.nextInt(50));
        }
        if (random.nextDouble() < 0.3) {
            srm = srm.withWorkDistribution(Srm.WorkDistribution.REBALANCE);
        }
        if (random.nextDouble() < 0.1) {
            srm = srm.withPolarization(Srm.Polarization.HORIZONTAL);
        }
        List<CpuPool> cpuPools = new ArrayList<>();
        int poolCount = random.nextDouble() < 0.4 ? 1 + random.nextInt(2) : 0;
        for (int i = 0; i < poolCount; i++) {
            EngineType type = types.contains(EngineType.IFL) && random.nextBoolean() ? EngineType.IFL : EngineType.CP;
            int logical = cores.get(type) * threads.get(type);
            CpuPool.Kind kind = random.nextBoolean() ? CpuPool.Kind.LIMITHARD : CpuPool.Kind.CAPACITY;
            double value = kind == CpuPool.Kind.LIMITHARD
                    ? tenths(5 + 95 * random.nextDouble())
                    : Math.max(0.5, Math.round(logical * random.nextDouble() * 2) / 2.0);
            cpuPools.add(new CpuPool("POOL" + i, type, kind, value, HERE));
        }
        return new Partition(cores, threads, topology, srm, cpuPools, HERE);
    }

    private static Partition partition(Random random, int vcpus, Mix mix) {
        List<EngineType> types = new ArrayList<>();
        types.add(EngineType.CP);
        for (EngineType t : SPECIALTY) {
            if (random.nextBoolean()) {
                types.add(t);
            }
        }
        // Mean demand is about 55%; spread load between half and twice the capacity.
        double load = 0.5 + 1.5 * random.nextDouble();
        double logicalPerType = vcpus * 0.55 / load / types.size();
        Map<EngineType, Integer> cores = new LinkedHashMap<>();
        Map<EngineType, Integer> threads = new LinkedHashMap<>();
        for (EngineType t : types) {
            int thread = random.nextDouble() < mix.smt() ? 2 : 1;
            double spread = 0.5 + random.nextDouble();
            cores.put(t, Math.max(1, (int) Math.round(logicalPerType * spread / thread)));
            threads.put(t, thread);
        }
        List<CpuPool> cpuPools = new ArrayList<>();
        int poolCount = random.nextInt(4);
        for (int i = 0; i < poolCount; i++) {
            EngineType type = types.contains(EngineType.IFL) && random.nextBoolean() ? EngineType.IFL : EngineType.CP;
            int logical = cores.get(type) * threads.get(type);
            CpuPool.Kind kind = random.nextBoolean() ? CpuPool.Kind.LIMITHARD : CpuPool.Kind.CAPACITY;
            double value = kind == CpuPool.Kind.LIMITHARD
                    ? tenths(1 + 99 * random.nextDouble())
                    : Math.max(0.5, Math.round(logical * random.nextDouble() * 2) / 2.0);
            cpuPools.add(new CpuPool("POOL" + i, type, kind, value, HERE));
        }
        return new Partition(cores, threads, Topology.singleChip(HERE), Srm.DEFAULT, cpuPools, HERE);
    }

    static User user(Random random, int index, int count, Partition partition, Mix mix,
                             double absoluteScale, boolean unbounded) {
        List<EngineType> types = partition.types();
        List<VirtualCpu> vcpus = new ArrayList<>(count);
        List<EngineType> vcpuTypes = new ArrayList<>();
        for (int a = 0; a < count; a++) {
            // Mostly the partition's types; sometimes one it lacks, which runs simulated on CPs.
            EngineType type = random.nextDouble() < 0.9
                    ? types.get(random.nextInt(types.size()))
                    : EngineType.values()[random.nextInt(EngineType.values().length)];
            if (!vcpuTypes.contains(type)) {
                vcpuTypes.add(type);
            }
            vcpus.add(new VirtualCpu(Integer.toHexString(a), type, unbounded ? Demand.UNBOUNDED : demand(random),
                    random.nextDouble() < mix.stopped(), HERE));
        }
        List<Share> shares = new ArrayList<>();
        for (EngineType type : vcpuTypes) {
            if (random.nextDouble() < 0.8) {
                shares.add(share(random, type, mix, absoluteScale));
            }
        }
        Optional<String> cpuPool = Optional.empty();
        List<CpuPool> pools = partition.cpuPools();
        if (!pools.isEmpty() && random.nextDouble() < mix.cpuPoolMember()) {
            String name = pools.get(random.nextInt(pools.size())).name();
            // Pool names are case-insensitive: exercise that too.
            cpuPool = Optional.of(random.nextBoolean() ? name : name.toLowerCase(Locale.ROOT));
        }
        boolean affinity = random.nextDouble() >= mix.affinityOff();
        return new User(String.format(Locale.ROOT, "U%05d", index), shares, cpuPool, affinity, vcpus, HERE);
    }

    static Demand demand(Random random) {
        double r = random.nextDouble();
        if (r < 0.2) {
            return Demand.UNBOUNDED;
        }
        if (r < 0.3) {
            return Demand.of(0);
        }
        if (r < 0.35) {
            return Demand.of(100);
        }
        return Demand.of(tenths(Numbers.fractionToPercent(random.nextDouble())));
    }

    static Share share(Random random, EngineType type, Mix mix, double absoluteScale) {
        ShareAmount min = amount(random, mix, absoluteScale);
        Optional<LimitShare> limit = Optional.empty();
        if (random.nextDouble() < mix.limit()) {
            LimitMode mode = random.nextDouble() < mix.soft() ? LimitMode.SOFT : LimitMode.HARD;
            ShareAmount amount = random.nextDouble() < 0.2 ? min : amount(random, mix, absoluteScale * 2);
            limit = Optional.of(new LimitShare(amount, mode));
        }
        return new Share(type, min, limit, HERE);
    }

    private static ShareAmount amount(Random random, Mix mix, double absoluteScale) {
        if (random.nextDouble() < mix.absolute()) {
            return ShareAmount.absolute(Math.min(100, Math.max(0.1, tenths(absoluteScale * random.nextDouble()))));
        }
        // Relative values spread over their whole range, many at z/VM's default 100.
        return random.nextBoolean()
                ? ShareAmount.DEFAULT
                : ShareAmount.relative(Math.max(1, Math.round(Math.pow(10, 4 * random.nextDouble()))));
    }

    static double tenths(double value) {
        return Math.round(value * 10) / 10.0;
    }
}
