package org.schedlab.linux.mapping;

/** A cgroup hierarchy: a v1 controller's own mount, or the v2 unified one. */
public enum Hierarchy {
    /** cgroup v1 {@code cpu}: {@code cpu.shares}, {@code cpu.cfs_quota_us}, {@code cpu.cfs_period_us}. */
    CPU("cpu"),
    /** cgroup v1 {@code cpuset}: {@code cpuset.cpus}, {@code cpuset.mems}. */
    CPUSET("cpuset"),
    /** cgroup v2: {@code cpu.weight}, {@code cpu.max}, {@code cpuset.cpus} in one tree. */
    UNIFIED("unified");

    private final String label;

    Hierarchy(String label) {
        this.label = label;
    }

    /** The controller's name for v1, {@code unified} for v2. */
    public String label() {
        return label;
    }
}
