package org.schedlab.solver;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.RandomAccess;
import java.util.function.Function;
import org.schedlab.core.CpuPool;
import org.schedlab.core.EngineType;
import org.schedlab.core.Numbers;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.Share;
import org.schedlab.core.ShareAmount;
import org.schedlab.core.ShareKind;
import org.schedlab.core.User;
import org.schedlab.core.VirtualCpu;

/**
 * The entitlement and limit step of the solver on its own: a problem's share buckets with each
 * bucket's entitlement and limit (docs/solver.md, "Entitlement, per dispatch pool" and "Limits").
 *
 * <p>Rules as implemented, beyond what the report says:
 * <ul>
 *   <li>A bucket exists only if it has a running virtual CPU: a (user, type) whose virtual CPUs are
 *       all STOPPED takes no entitlement and does not appear in any pool's sums (project rule).</li>
 *   <li>A bucket's {@link Bucket#cpuPool()} is its user's CPU pool only when that CPU pool caps the
 *       bucket, that is when the bucket dispatches in the CPU pool's type; a member's virtual CPUs in
 *       other dispatch pools are not capped by it.</li>
 *   <li>Buckets are listed in file order of their first running virtual CPU.</li>
 * </ul>
 */
public final class Entitlements {

    private static final double ABSOLUTE_CEILING = 99;

    private Entitlements() {
    }

    /** The buckets of {@code problem} in file order of each bucket's first running virtual CPU. */
    public static List<Bucket> of(Problem problem) {
        return layout(problem).buckets();
    }

    /**
     * The entitlements of min-shares competing for {@code capacity}, in the order given: the same rule as
     * {@link #of(Problem)} applied to any set of buckets. A policy modelling z/VM 6.3 applies it to the
     * wrong set (only the users on the dispatch list), which is why it is public.
     */
    public static double[] of(double capacity, List<ShareAmount> mins) {
        double absolute = 0;
        double relative = 0;
        for (ShareAmount m : mins) {
            if (m.kind() == ShareKind.ABSOLUTE) {
                absolute += m.value();
            } else {
                relative += m.value();
            }
        }
        PoolShares shares = new PoolShares(capacity, absolute, relative);
        double[] out = new double[mins.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = shares.entitlement(mins.get(i));
        }
        return out;
    }

    /**
     * The entitlement of {@code min} competing for {@code capacity} in a set whose absolute and relative
     * min-shares add up to {@code absoluteSum} and {@code relativeSum} ({@code min} included): what
     * {@link #of(double, List)} gives {@code min}, for a caller that keeps the sums of a growing set instead of
     * rebuilding the set (linear instead of quadratic).
     */
    public static double entitlement(double capacity, double absoluteSum, double relativeSum, ShareAmount min) {
        return new PoolShares(capacity, absoluteSum, relativeSum).entitlement(min);
    }

    /**
     * The buckets, and every virtual CPU of the problem in file order (as {@link Problem#vcpus()}
     * gives them) with the index of its bucket, or -1 when it is stopped. The solver needs the
     * second part to put answers back in order without looking virtual CPUs up by value (two users
     * may hold equal VirtualCpu records).
     */
    static Layout layout(Problem problem) {
        Partition partition = problem.partition();
        int types = EngineType.values().length;
        List<User> users = problem.users();
        int vcpuCount = 0;
        for (int u = 0; u < users.size(); u++) {
            vcpuCount += users.get(u).vcpus().size();
        }
        // Each virtual CPU's user and dispatch pool as numbers, not as a Placed record each, so that a large solve
        // does not keep a million records alive for every young collection during it to copy. Layout.placed()
        // makes the records when read.
        int[] userStart = new int[users.size() + 1];
        int[] userOf = new int[vcpuCount];
        byte[] poolOfVcpu = new byte[vcpuCount];
        int[] bucketOf = new int[vcpuCount];
        int placedCount = 0;
        // Two passes over the users, so that a million virtual CPUs cost no draft object per bucket: the first
        // numbers the buckets and adds up each pool's shares, the second makes the buckets with their
        // entitlements. Per-user scratch arrays are cleared after each user.
        int[] bucketOfType = new int[types];
        // A virtual CPU's dispatch pool depends on its type only, not on which of the user's it is.
        EngineType[] poolOf = new EngineType[types];
        double[] absoluteSum = new double[types];
        double[] relativeSum = new double[types];
        int bucketCount = 0;
        Arrays.fill(bucketOfType, -1);
        for (int u = 0; u < users.size(); u++) {
            User user = users.get(u);
            List<VirtualCpu> vcpus = user.vcpus();
            userStart[u] = placedCount;
            for (int k = 0; k < vcpus.size(); k++) {
                VirtualCpu vcpu = vcpus.get(k);
                int type = vcpu.type().ordinal();
                if (poolOf[type] == null) {
                    poolOf[type] = problem.dispatchPool(user, vcpu);
                }
                EngineType pool = poolOf[type];
                int file = placedCount++;
                userOf[file] = u;
                poolOfVcpu[file] = (byte) pool.ordinal();
                if (vcpu.stopped()) {
                    bucketOf[file] = -1;
                    continue;
                }
                if (bucketOfType[type] < 0) {
                    bucketOfType[type] = bucketCount++;
                    ShareAmount min = minShare(user, vcpu.type());
                    if (min.kind() == ShareKind.ABSOLUTE) {
                        absoluteSum[pool.ordinal()] += min.value();
                    } else {
                        relativeSum[pool.ordinal()] += min.value();
                    }
                }
                bucketOf[file] = bucketOfType[type];
            }
            Arrays.fill(bucketOfType, -1);
            Arrays.fill(poolOf, null);
        }
        userStart[users.size()] = placedCount;
        PoolShares[] pools = new PoolShares[types];
        for (EngineType t : EngineType.values()) {
            pools[t.ordinal()] = new PoolShares(partition.capacity(t), absoluteSum[t.ordinal()],
                    relativeSum[t.ordinal()]);
        }

        // Few distinct CPU pool names, many members: look each name up once.
        Map<String, Optional<CpuPool>> cpuPools = new HashMap<>();
        Function<String, Optional<CpuPool>> cpuPoolNamed = name -> cpuPools.computeIfAbsent(name, partition::cpuPool);
        Bucket[] buckets = new Bucket[bucketCount];
        EngineType[] all = EngineType.values();
        int[] count = new int[types];
        VirtualCpu[][] running = new VirtualCpu[types][4];
        int file = 0;
        for (int u = 0; u < users.size(); u++) {
            User user = users.get(u);
            List<VirtualCpu> vcpus = user.vcpus();
            int first = file;
            for (int k = 0; k < vcpus.size(); k++, file++) {
                VirtualCpu vcpu = vcpus.get(k);
                int b = bucketOf[file];
                if (b < 0) {
                    continue;
                }
                int type = vcpu.type().ordinal();
                if (count[type] == running[type].length) {
                    running[type] = Arrays.copyOf(running[type], count[type] * 2);
                }
                running[type][count[type]++] = vcpu;
                bucketOfType[type] = b;
            }
            Optional<CpuPool> cpuPool = user.cpuPool().flatMap(cpuPoolNamed);
            for (int type = 0; type < types; type++) {
                int b = bucketOfType[type];
                if (b < 0) {
                    continue;
                }
                EngineType virtualType = all[type];
                EngineType pool = all[poolOfVcpu[first + firstOfType(vcpus, virtualType)]];
                Share share = user.shareFor(virtualType);
                PoolShares shares = pools[pool.ordinal()];
                double entitlement = shares.entitlement(share.min());
                double limit = share.limit().isPresent()
                        ? shares.limit(share.min(), share.limit().get().amount())
                        : Double.POSITIVE_INFINITY;
                // A guest whose virtual CPUs are all this bucket's (most have one) lends it its own list.
                int n = count[type];
                List<VirtualCpu> list = n == vcpus.size() ? vcpus
                        : n == 1 ? List.of(running[type][0])
                        : n == 2 ? List.of(running[type][0], running[type][1])
                        : List.of(Arrays.copyOf(running[type], n));
                buckets[b] = new Bucket(user, virtualType, pool, share, list,
                        cpuPool.isPresent() && cpuPool.get().type() == pool ? cpuPool : Optional.empty(),
                        entitlement, limit);
                Arrays.fill(running[type], 0, n, null);
                count[type] = 0;
                bucketOfType[type] = -1;
            }
        }
        return new Layout(List.of(buckets), users, userStart, userOf, poolOfVcpu, bucketOf);
    }

    /** {@code user.shareFor(type).min()} without making the default share when the user has none. */
    private static ShareAmount minShare(User user, EngineType type) {
        List<Share> shares = user.shares();
        for (int i = 0; i < shares.size(); i++) {
            if (shares.get(i).type() == type) {
                return shares.get(i).min();
            }
        }
        return ShareAmount.DEFAULT;
    }

    /** The position in {@code vcpus} of the first one of {@code type}. */
    private static int firstOfType(List<VirtualCpu> vcpus, EngineType type) {
        for (int k = 0; ; k++) {
            if (vcpus.get(k).type() == type) {
                return k;
            }
        }
    }

    /** Buckets plus every virtual CPU in file order with its bucket index (-1 when stopped). */
    static final class Layout {
        private static final EngineType[] TYPES = EngineType.values();

        private final List<Bucket> buckets;
        private final List<User> users;
        /** User u's virtual CPUs are {@code userStart[u] .. userStart[u + 1])} in file order. */
        private final int[] userStart;
        private final int[] userOf;
        private final byte[] pool;
        private final int[] bucketOf;
        private final List<Problem.Placed> placed;

        Layout(List<Bucket> buckets, List<User> users, int[] userStart, int[] userOf, byte[] pool, int[] bucketOf) {
            this.buckets = buckets;
            this.users = users;
            this.userStart = userStart;
            this.userOf = userOf;
            this.pool = pool;
            this.bucketOf = bucketOf;
            this.placed = new PlacedList();
        }

        List<Bucket> buckets() {
            return buckets;
        }

        /** Every virtual CPU in file order, as {@link Problem#vcpus()} lists them; each record made when read. */
        List<Problem.Placed> placed() {
            return placed;
        }

        int size() {
            return userOf.length;
        }

        VirtualCpu vcpu(int fileIndex) {
            int u = userOf[fileIndex];
            return users.get(u).vcpus().get(fileIndex - userStart[u]);
        }

        EngineType pool(int fileIndex) {
            return TYPES[pool[fileIndex]];
        }

        int bucketOf(int fileIndex) {
            return bucketOf[fileIndex];
        }

        private final class PlacedList extends AbstractList<Problem.Placed> implements RandomAccess {
            @Override
            public Problem.Placed get(int i) {
                Objects.checkIndex(i, userOf.length);
                return new Problem.Placed(users.get(userOf[i]), vcpu(i), pool(i));
            }

            @Override
            public int size() {
                return userOf.length;
            }
        }
    }

    /**
     * One dispatch pool's share totals. Keeping the sums lets a RELATIVE limit's set-S calculation
     * run in O(1) per bucket: set S differs from the pool's shares in one bucket only.
     */
    private record PoolShares(double capacity, double absoluteSum, double relativeSum) {

        double entitlement(ShareAmount min) {
            return entitlement(min, absoluteSum, relativeSum);
        }

        /** The bucket's cap in percent of one logical CPU; may be below its entitlement. */
        double limit(ShareAmount min, ShareAmount limit) {
            if (limit.kind() == ShareKind.ABSOLUTE) {
                // Unlike a min-share, an absolute limit is not scaled to 99%: it is a cap, not a promise.
                return Numbers.percentToFraction(capacity * limit.value());
            }
            // Set S: this bucket's min-share replaced by RELATIVE l, every other bucket unchanged.
            double absolute = absoluteSum;
            double relative = relativeSum + limit.value();
            if (min.kind() == ShareKind.ABSOLUTE) {
                absolute = Math.max(0, absolute - min.value());
            } else {
                relative -= min.value();
            }
            return entitlement(limit, absolute, relative);
        }

        private double entitlement(ShareAmount share, double absolute, double relative) {
            if (share.kind() == ShareKind.ABSOLUTE) {
                // Absolute promises beyond 99% are scaled down so relative users keep 1% (project rule).
                double scale = absolute > ABSOLUTE_CEILING ? ABSOLUTE_CEILING / absolute : 1;
                return Numbers.percentToFraction(capacity * share.value() * scale);
            }
            double promised = Numbers.percentToFraction(capacity * Math.min(absolute, ABSOLUTE_CEILING));
            return (capacity - promised) * share.value() / relative;
        }
    }
}
