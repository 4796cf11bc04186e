package org.schedlab.linux.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.linux.host.HostAccessException;
import org.schedlab.linux.host.HostPaths;
import org.schedlab.linux.mapping.CgroupVersion;
import org.schedlab.linux.mapping.Hierarchy;

/** Finding the hierarchies from a made-up /proc/self/mountinfo, and the one-line errors when they are unusable. */
class CgroupMountsTest {

    private static HostPaths host(Path dir, String mountinfo, String cgroup) throws Exception {
        Path self = dir.resolve("proc/self");
        Files.createDirectories(self);
        Files.writeString(self.resolve("mountinfo"), mountinfo);
        Files.writeString(self.resolve("cgroup"), cgroup);
        Files.createDirectories(dir.resolve("sys/fs/cgroup"));
        return new HostPaths(dir.resolve("proc"), dir.resolve("sys"));
    }

    @Test
    void detect_v1CpuAndCpuset_basesUnderSys(@TempDir Path dir) throws Exception {
        HostPaths p = host(dir, """
                31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
                32 31 0:29 / /sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct
                34 31 0:31 / /sys/fs/cgroup/cpuset rw,relatime - cgroup cgroup rw,cpuset
                41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
                """, "2:cpuset:/\n1:cpu,cpuacct:/batch/job7\n0::/\n");
        Files.createDirectories(dir.resolve("sys/fs/cgroup/cpu,cpuacct"));
        Files.createDirectories(dir.resolve("sys/fs/cgroup/cpuset"));
        CgroupMounts m = CgroupMounts.detect(p);
        assertEquals(CgroupVersion.V1, m.version());
        assertEquals(dir.resolve("sys/fs/cgroup/cpu,cpuacct"), m.base(Hierarchy.CPU));
        assertEquals(dir.resolve("sys/fs/cgroup/cpuset"), m.base(Hierarchy.CPUSET));
        assertEquals(dir.resolve("sys/fs/cgroup/cpu,cpuacct/batch/job7"), m.origin(Hierarchy.CPU));
        assertEquals(dir.resolve("sys/fs/cgroup/cpuset"), m.origin(Hierarchy.CPUSET));
    }

    @Test
    void detect_v2WithControllers_rootBaseAndOrigin(@TempDir Path dir) throws Exception {
        HostPaths p = host(dir, "30 23 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n",
                "0::/user.slice/session-2.scope\n");
        Path root = dir.resolve("sys/fs/cgroup");
        Files.writeString(root.resolve("cgroup.controllers"), "cpuset cpu io memory pids\n");
        Files.writeString(root.resolve("cgroup.procs"), "");
        CgroupMounts m = CgroupMounts.detect(p);
        assertEquals(CgroupVersion.V2, m.version());
        assertEquals(root, m.base(Hierarchy.UNIFIED));
        assertEquals(root.resolve("user.slice/session-2.scope"), m.origin(Hierarchy.UNIFIED));
    }

    @Test
    void detect_v2WithoutCpu_oneLineSayingWhatAndHow(@TempDir Path dir) throws Exception {
        HostPaths p = host(dir, "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n", "0::/\n");
        Path root = dir.resolve("sys/fs/cgroup/unified");
        Files.createDirectories(root);
        Files.writeString(root.resolve("cgroup.controllers"), "hugetlb\n");
        HostAccessException e = assertThrows(HostAccessException.class, () -> CgroupMounts.detect(p));
        assertEquals("cgroup v2 at " + root + " has no cpu and cpuset controllers (it has: hugetlb; another hierarchy "
                + "holds them): use a machine whose cgroup v2 has them, or cgroup v1 cpu and cpuset as root", e.getMessage());
    }

    @Test
    void detect_noHierarchy_oneLine(@TempDir Path dir) throws Exception {
        HostPaths p = host(dir, "32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu\n", "");
        HostAccessException e = assertThrows(HostAccessException.class, () -> CgroupMounts.detect(p));
        assertEquals("no cgroup hierarchy has the cpu and cpuset controllers (cgroup v1 cpu only, no cgroup v2): mount "
                + "them, e.g. mount -t cgroup2 none /sys/fs/cgroup", e.getMessage());
    }
}
