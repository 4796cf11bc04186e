/**
 * Carrying out a {@link org.schedlab.linux.mapping.CgroupPlan} on the machine: finding the cgroup hierarchies
 * ({@link org.schedlab.linux.cgroup.CgroupMounts}), making and removing one run's groups for cgroup v1
 * ({@link org.schedlab.linux.cgroup.CgroupV1}) or v2 ({@link org.schedlab.linux.cgroup.CgroupV2}), putting
 * threads in them, and sweeping the groups of runs that were killed ({@link org.schedlab.linux.cgroup.RunGroup}).
 * Every group a run makes lies under one group named {@code schedlab-PID-START-N}; nothing else is ever
 * written or removed. All file access goes through {@link org.schedlab.linux.cgroup.CgroupFs}, so tests run on
 * a temporary directory that behaves like a cgroup mount.
 */
package org.schedlab.linux.cgroup;
