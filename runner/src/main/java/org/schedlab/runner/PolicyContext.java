package org.schedlab.runner;

import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import org.schedlab.core.CpuPool;
import org.schedlab.core.EngineType;
import org.schedlab.core.Problem;
import org.schedlab.solver.Bucket;

/**
 * What a policy knows before a run starts: the problem, its share buckets with the correct entitlements
 * and limits, every running virtual CPU, the dispatch pools and CPU pools. Indexes are stable for the run.
 */
public record PolicyContext(Problem problem, List<Bucket> buckets, List<Vcpu> vcpus, List<Pool> pools,
                            List<GroupCap> cpuPools, long windowMicros, long seed) {

    public PolicyContext {
        Objects.requireNonNull(problem, "problem");
        buckets = List.copyOf(buckets);
        vcpus = List.copyOf(vcpus);
        pools = List.copyOf(pools);
        cpuPools = List.copyOf(cpuPools);
        if (windowMicros <= 0) {
            throw new IllegalArgumentException("window must be positive");
        }
    }

    /**
     * A running virtual CPU.
     *
     * @param bucket index into {@link #buckets()}
     * @param pool   index into {@link #pools()}
     * @param weight its part of its bucket's entitlement (percent of one logical CPU)
     */
    public record Vcpu(int index, Problem.Placed placed, int bucket, int pool, double weight, boolean unbounded,
                       double demand) {
        public Vcpu {
            Objects.requireNonNull(placed, "placed");
        }
    }

    /**
     * A dispatch pool: the logical CPUs of one engine type.
     *
     * @param sliceMicros the minor time slice in this pool
     */
    public record Pool(int index, EngineType type, int cores, int threads, double capacity, long sliceMicros) {
        public Pool {
            Objects.requireNonNull(type, "type");
        }

        public int logicalCpus() {
            return cores * threads;
        }
    }

    /**
     * A CPU pool ({@code DEFINE CPUPOOL}) limiting its member buckets together.
     *
     * @param cap     percent of one logical CPU the members may use together
     * @param members bucket indexes
     */
    public record GroupCap(int index, CpuPool cpuPool, int pool, double cap, List<Integer> members) {
        public GroupCap {
            Objects.requireNonNull(cpuPool, "cpuPool");
            members = List.copyOf(members);
        }
    }

    /** An independent random stream for one virtual CPU: the same for the same seed, index and stream number. */
    public SplittableRandom random(int vcpu, long stream) {
        return Seeds.random(seed, vcpu, stream);
    }

    /** The CPU pool a bucket belongs to, or -1. */
    public int cpuPoolOf(int bucket) {
        for (GroupCap g : cpuPools) {
            if (g.members().contains(bucket)) {
                return g.index();
            }
        }
        return -1;
    }
}
