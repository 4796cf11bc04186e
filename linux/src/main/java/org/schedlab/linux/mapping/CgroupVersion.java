package org.schedlab.linux.mapping;

import java.util.List;

/** The two cgroup interfaces of the kernel, and the hierarchies a run uses in each. */
public enum CgroupVersion {
    /** One hierarchy per controller: {@code cpu} (weights, caps) and {@code cpuset} (CPUs) mounted apart. */
    V1(List.of(Hierarchy.CPU, Hierarchy.CPUSET)),
    /** One unified hierarchy holding both controllers; one process's threads split over a threaded subtree. */
    V2(List.of(Hierarchy.UNIFIED));

    private final List<Hierarchy> hierarchies;

    CgroupVersion(List<Hierarchy> hierarchies) {
        this.hierarchies = hierarchies;
    }

    /** The hierarchies a run makes groups in. */
    public List<Hierarchy> hierarchies() {
        return hierarchies;
    }

    /** {@code 1} or {@code 2}, as written in results. */
    public int number() {
        return this == V1 ? 1 : 2;
    }
}
