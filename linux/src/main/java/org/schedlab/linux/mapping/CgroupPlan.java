package org.schedlab.linux.mapping;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.schedlab.core.EngineType;

/**
 * What a run makes: groups and values for one cgroup version, where each burner thread goes, and which host
 * CPUs stand for the partition's logical CPUs. Pure data: {@code org.schedlab.linux.cgroup} carries it out.
 *
 * @param runGroup    the one group under each hierarchy's base that holds every other group of the run
 * @param groups      every group to make, parents before children, per hierarchy in {@link CgroupVersion#hierarchies()}
 *                    order
 * @param placements  one per running virtual CPU, in {@code Solution.running()} order
 * @param buckets     one per share bucket, in the solver's bucket order
 * @param logicalCpus every logical CPU of the partition, in partition order
 * @param jvmGroup    cgroup v1: the group in the cpu hierarchy for the JVM's other threads (its VM thread, garbage
 *                    collector, compilers, and the thread measuring the run), so that they share the run group's
 *                    top weight: a safepoint stops every burner until the VM thread has run. Empty for v2, where the
 *                    whole process sits in the run group.
 */
public record CgroupPlan(CgroupVersion version, String runGroup, List<GroupSpec> groups,
                         List<VcpuPlacement> placements, List<BucketGroup> buckets, List<LogicalCpu> logicalCpus,
                         Optional<String> jvmGroup) {

    public CgroupPlan {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(runGroup, "runGroup");
        Objects.requireNonNull(jvmGroup, "jvmGroup");
        groups = List.copyOf(groups);
        placements = List.copyOf(placements);
        buckets = List.copyOf(buckets);
        logicalCpus = List.copyOf(logicalCpus);
    }

    /** The groups of one hierarchy, parents first. */
    public List<GroupSpec> groups(Hierarchy h) {
        return groups.stream().filter(g -> g.hierarchy() == h).toList();
    }

    /** The group at {@code path} in {@code h}. */
    public Optional<GroupSpec> group(Hierarchy h, String path) {
        return groups.stream().filter(g -> g.hierarchy() == h && g.path().equals(path)).findFirst();
    }

    /** The host CPUs of the partition's dispatch pool {@code type}, in logical CPU order. */
    public List<Integer> hostCpus(EngineType type) {
        return logicalCpus.stream().filter(c -> c.type() == type).map(LogicalCpu::hostCpu).toList();
    }

    /** Every host CPU of the partition, in logical CPU order. */
    public List<Integer> hostCpus() {
        return logicalCpus.stream().map(LogicalCpu::hostCpu).toList();
    }
}
