/**
 * A problem mapped to Linux, as pure data and without touching the machine: which host CPUs form each
 * dispatch pool ({@link org.schedlab.linux.mapping.LogicalCpu}), which cgroups to make and what to write in
 * them for cgroup v1 or v2 ({@link org.schedlab.linux.mapping.CgroupPlan}), which group each virtual CPU's
 * burner thread joins, and the statements Linux has no equivalent for, refused with their
 * {@code file:line:col} ({@link org.schedlab.linux.mapping.LinuxMapping}). docs/linux.md gives the mapping
 * statement by statement.
 */
package org.schedlab.linux.mapping;
