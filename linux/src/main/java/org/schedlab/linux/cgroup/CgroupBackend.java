package org.schedlab.linux.cgroup;

import java.io.IOException;
import java.util.List;
import org.schedlab.linux.mapping.CgroupPlan;
import org.schedlab.linux.mapping.CgroupVersion;
import org.schedlab.linux.mapping.VcpuPlacement;

/**
 * One cgroup version's way of carrying out a plan: {@link CgroupV1} or {@link CgroupV2}, made by
 * {@link #of(CgroupMounts, CgroupFs, long)}.
 */
public interface CgroupBackend {

    CgroupVersion version();

    CgroupMounts mounts();

    /** What cgroup v1 {@code cpuset.mems} must hold in a new group: the base's own memory nodes. */
    String mems() throws IOException;

    /**
     * Makes the plan's groups, parents first, writing their values as it goes; the run group must not exist.
     * On failure what was made is removed again and the exception names the file and the value.
     */
    void create(CgroupPlan plan) throws IOException;

    /**
     * Moves this process's threads {@code tids} into the plan's group for the JVM ({@link CgroupPlan#jvmGroup()}),
     * after {@link #create}; nothing for cgroup v2, whose {@code create} moved the whole process already.
     */
    void adopt(CgroupPlan plan, List<Long> tids) throws IOException;

    /** Puts thread {@code tid} of this process into the groups of {@code placement}. */
    void attach(VcpuPlacement placement, long tid) throws IOException;

    /**
     * Removes the run group {@code runGroup} and every group under it, bottom up; tasks still in them are moved out
     * first (this process back to where it was). A group already gone is no error.
     */
    void remove(String runGroup) throws IOException;

    /** The names under the base(s) that are run groups ({@link RunGroupName}), of any process. */
    List<String> runGroups() throws IOException;

    /** The {@code cpu.stat} text of a group of the cpu controller's hierarchy ({@code path} as in the plan). */
    String cpuStat(String path) throws IOException;

    /** The backend for {@code mounts}' version; {@code pid} is this process. */
    static CgroupBackend of(CgroupMounts mounts, CgroupFs fs, long pid) {
        return mounts.version() == CgroupVersion.V1 ? new CgroupV1(mounts, fs) : new CgroupV2(mounts, fs, pid);
    }
}
