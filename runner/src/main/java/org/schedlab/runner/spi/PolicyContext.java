package org.schedlab.runner.spi;

import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import org.schedlab.core.CpuPool;
import org.schedlab.core.EngineType;
import org.schedlab.core.Problem;
import org.schedlab.solver.Bucket;

/**
 * What a policy knows before a run starts: the problem, its share buckets with the correct entitlements
 * and limits, every running virtual CPU, the dispatch pools and CPU pool caps, and the model's constants.
 * Indexes are stable for the run.
 *
 * <p>A problem that changes while it runs (its {@code AT} blocks) numbers every virtual CPU (VMDBK) and share bucket
 * that exists at some instant of the run: {@link #vcpus()} lists them all, each {@link Vcpu#present()} or not now,
 * {@link #buckets()} likewise (a bucket none of whose virtual CPUs is present does not exist now, and its record is
 * as it last stood), and {@link #problem()} is the problem as it stands now, with no changes of its own: a policy
 * never sees the future. The present virtual CPUs, in index order, are {@code problem()}'s running ones in its order.
 * {@link PolicyInstance#changed} brings a new context at every change. For a static problem every virtual CPU is
 * present, and {@code problem()} is the problem.
 *
 * <p>Words: a <em>dispatch pool</em> is the logical CPUs of one {@link EngineType} (a processor type); a
 * <em>CPU pool</em> is a {@code DEFINE CPUPOOL} group whose members are capped together.
 */
public record PolicyContext(Problem problem, List<Bucket> buckets, List<Vcpu> vcpus, List<DispatchPool> dispatchPools,
                            List<CpuPoolCap> cpuPools, ModelConstants constants, long seed) {

    public PolicyContext {
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(constants, "constants");
        buckets = List.copyOf(buckets);
        vcpus = List.copyOf(vcpus);
        dispatchPools = List.copyOf(dispatchPools);
        cpuPools = List.copyOf(cpuPools);
    }

    /** Length of a window of virtual time: how often {@link PolicyInstance#windowEnd} is called. */
    public long windowMicros() {
        return constants.windowMicros();
    }

    /**
     * A running virtual CPU.
     *
     * @param bucket       index into {@link #buckets()}
     * @param dispatchPool index into {@link #dispatchPools()}
     * @param weight       its part of its bucket's entitlement (percent of one logical CPU)
     * @param present      whether it exists now: always, in a static problem; in one that changes, whether its user
     *                     is logged on and it is not stopped (otherwise {@code placed}, {@code weight} and
     *                     {@code demand} are as they last stood)
     */
    public record Vcpu(int index, Problem.Placed placed, int bucket, int dispatchPool, double weight, boolean unbounded,
                       double demand, boolean present) {
        public Vcpu {
            Objects.requireNonNull(placed, "placed");
        }

        /** A virtual CPU of a static problem: always present. */
        public Vcpu(int index, Problem.Placed placed, int bucket, int dispatchPool, double weight, boolean unbounded,
                    double demand) {
            this(index, placed, bucket, dispatchPool, weight, unbounded, demand, true);
        }
    }

    /**
     * A dispatch pool: the logical CPUs of one engine type.
     *
     * @param sliceMicros the minor time slice in this pool
     */
    public record DispatchPool(int index, EngineType type, int cores, int threads, double capacity, long sliceMicros) {
        public DispatchPool {
            Objects.requireNonNull(type, "type");
        }

        public int logicalCpus() {
            return cores * threads;
        }
    }

    /**
     * A CPU pool ({@code DEFINE CPUPOOL}) capping its member buckets together.
     *
     * @param dispatchPool index into {@link #dispatchPools()} of the engine type the CPU pool caps
     * @param cap          percent of one logical CPU the members may use together
     * @param members      bucket indexes
     */
    public record CpuPoolCap(int index, CpuPool cpuPool, int dispatchPool, double cap, List<Integer> members) {
        public CpuPoolCap {
            Objects.requireNonNull(cpuPool, "cpuPool");
            members = List.copyOf(members);
        }
    }

    /** An independent random stream for one virtual CPU: the same for the same seed, index and stream number. */
    public SplittableRandom random(int vcpu, long stream) {
        return Seeds.random(seed, vcpu, stream);
    }

    /** The index of the CPU pool cap a bucket belongs to, or -1. Set-up only: a linear scan. */
    public int cpuPoolOf(int bucket) {
        for (CpuPoolCap g : cpuPools) {
            if (g.members().contains(bucket)) {
                return g.index();
            }
        }
        return -1;
    }

    /** The dispatch pool of an engine type, or -1 if the partition has none of that type. */
    public int dispatchPoolOf(EngineType type) {
        for (DispatchPool p : dispatchPools) {
            if (p.type() == type) {
                return p.index();
            }
        }
        return -1;
    }
}
