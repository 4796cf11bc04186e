package org.schedlab.linux.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.schedlab.core.EngineType;
import org.schedlab.core.InputException;
import org.schedlab.core.Problem;
import org.schedlab.linux.host.HostTopology;
import org.schedlab.linux.testing.Scenarios;

class LinuxMappingTest {

    static final String RICH = """
            LPAR CP.2 IFL.1
            CPUPOOL WEB CP LIMITHARD 50%
            PROBLEM P
            USER A CP.200-R POOL WEB
              VCPU 0 CP *
              VCPU 1 CP *
            USER B CP.100-R,30-AL
              VCPU 0 CP 40
            USER C CP.100-R IFL.300-R CPUAFFINITY OFF
              VCPU 0 CP *
              VCPU 1 IFL *
            USER D IFL.100-R
              VCPU 0 IFL 20
              VCPU 1 IFL 10 STOPPED
            RUNIT
            """;

    static final String RUN = "schedlab-42-7-1";

    static CgroupPlan plan(String text, HostTopology host, CgroupVersion v) throws InputException {
        return LinuxMapping.plan(Scenarios.problem(text), host, v, RUN, "0");
    }

    @Test
    void v1Shares_kernelConversionOfTheWeight() {
        assertEquals(1024, LinuxMapping.v1Shares(100));
        assertEquals(10, LinuxMapping.v1Shares(1));
        assertEquals(2048, LinuxMapping.v1Shares(200));
        assertEquals(102400, LinuxMapping.v1Shares(10000));
        assertEquals(1536, LinuxMapping.v1Shares(150));
        // 333 x 1024 / 100 = 3409.92: rounded to the closest, as the kernel's DIV_ROUND_CLOSEST does.
        assertEquals(3410, LinuxMapping.v1Shares(333));
        assertEquals(100, LinuxMapping.v2Weight(100));
    }

    @Test
    void bandwidth_percentOfACpu_periodAndQuota() {
        assertEquals(new LinuxMapping.Bandwidth(30_000, 100_000), LinuxMapping.bandwidth(30).orElseThrow());
        assertEquals(new LinuxMapping.Bandwidth(250_000, 100_000), LinuxMapping.bandwidth(250).orElseThrow());
        assertEquals(new LinuxMapping.Bandwidth(1_000, 100_000), LinuxMapping.bandwidth(1).orElseThrow());
        assertEquals(new LinuxMapping.Bandwidth(5_000, 1_000_000), LinuxMapping.bandwidth(0.5).orElseThrow());
        assertEquals(new LinuxMapping.Bandwidth(1_000, 1_000_000), LinuxMapping.bandwidth(0.1).orElseThrow());
        assertEquals(Optional.empty(), LinuxMapping.bandwidth(0.09));
        assertEquals(Optional.empty(), LinuxMapping.bandwidth(Double.POSITIVE_INFINITY));
        assertEquals("33333 100000", LinuxMapping.bandwidth(33.3333).orElseThrow().cpuMax());
    }

    @Test
    void assignCpus_highestCoresFirst_typesInLparOrder_ascendingWithinType() throws InputException {
        CgroupPlan p = plan(RICH, HostTopology.uniform(4, 1), CgroupVersion.V1);
        assertEquals(List.of(new LogicalCpu(0, EngineType.CP, 0, 0, 2), new LogicalCpu(1, EngineType.CP, 1, 0, 3),
                new LogicalCpu(2, EngineType.IFL, 0, 0, 1)), p.logicalCpus());
    }

    @Test
    void assignCpus_smtPartition_takesSiblingThreadsOfWholeCores() throws InputException {
        String text = "LPAR CP.1 IFL.2\nMULTITHREAD IFL.2\nPROBLEM P\nUSER A\n VCPU 0 IFL *\nRUNIT\n";
        // Cores (0,4) (1,5) (2,6) (3,7), as sysfs numbers SMT siblings on many x86 machines.
        HostTopology host = new HostTopology(List.of(List.of(0, 4), List.of(1, 5), List.of(2, 6), List.of(3, 7)));
        CgroupPlan p = plan(text, host, CgroupVersion.V1);
        assertEquals(List.of(new LogicalCpu(0, EngineType.CP, 0, 0, 3),
                new LogicalCpu(1, EngineType.IFL, 0, 0, 1), new LogicalCpu(2, EngineType.IFL, 0, 1, 5),
                new LogicalCpu(3, EngineType.IFL, 1, 0, 2), new LogicalCpu(4, EngineType.IFL, 1, 1, 6)),
                p.logicalCpus());
        assertEquals(List.of(1, 2, 5, 6), p.placements().get(0).cpus());
    }

    @Test
    void plan_v1_groupsFilesAndPlacements() throws InputException {
        CgroupPlan p = plan(RICH, HostTopology.uniform(4, 1), CgroupVersion.V1);
        String r = RUN + "/";
        assertEquals(List.of(
                "CPU " + RUN + " [cpu.shares = 262144]",
                "CPU " + r + "jvm [cpu.shares = 1024]",
                "CPU " + r + "cp []",
                "CPU " + r + "cp/cpupool.WEB [cpu.shares = 2048, cpu.cfs_period_us = 100000, cpu.cfs_quota_us = 100000]",
                "CPU " + r + "cp/cpupool.WEB/u.A [cpu.shares = 2048]",
                "CPU " + r + "cp/u.B [cpu.shares = 1024, cpu.cfs_period_us = 100000, cpu.cfs_quota_us = 60000]",
                "CPU " + r + "cp/u.C.CP [cpu.shares = 1024]",
                "CPU " + r + "cp/u.C.IFL [cpu.shares = 3072]",
                "CPU " + r + "ifl []",
                "CPU " + r + "ifl/u.D [cpu.shares = 1024]",
                "CPUSET " + RUN + " [cpuset.cpus = 1-3, cpuset.mems = 0]",
                "CPUSET " + r + "cp [cpuset.cpus = 2-3, cpuset.mems = 0]",
                "CPUSET " + r + "ifl [cpuset.cpus = 1, cpuset.mems = 0]"),
                p.groups().stream().map(g -> g.hierarchy() + " " + g.path() + " " + g.writes()).toList());
        assertEquals(List.of("A.0", "A.1", "B.0", "C.0", "C.1", "D.0"), p.placements().stream().map(VcpuPlacement::id).toList());
        assertEquals(Map.of(Hierarchy.CPU, r + "cp/u.C.IFL", Hierarchy.CPUSET, r + "cp"), p.placements().get(4).groups());
        assertEquals(Map.of(Hierarchy.CPU, r + "ifl/u.D", Hierarchy.CPUSET, r + "ifl"), p.placements().get(5).groups());
        assertEquals(List.of(
                new BucketGroup("A/CP", r + "cp/cpupool.WEB/u.A", Optional.of(r + "cp/cpupool.WEB")),
                new BucketGroup("B/CP", r + "cp/u.B", Optional.of(r + "cp/u.B")),
                new BucketGroup("C/CP", r + "cp/u.C.CP", Optional.empty()),
                new BucketGroup("C/IFL", r + "cp/u.C.IFL", Optional.empty()),
                new BucketGroup("D/IFL", r + "ifl/u.D", Optional.empty())), p.buckets());
        assertEquals(Optional.of(r + "jvm"), p.jvmGroup());
    }

    @Test
    void plan_v2_threadedSubtree() throws InputException {
        CgroupPlan p = plan(RICH, HostTopology.uniform(4, 1), CgroupVersion.V2);
        String r = RUN + "/";
        assertEquals(List.of(
                RUN + " [cpu.weight = 10000, cpuset.cpus = 1-3, cgroup.subtree_control = +cpu +cpuset]",
                r + "cp [cgroup.type = threaded, cpuset.cpus = 2-3, cgroup.subtree_control = +cpu +cpuset]",
                r + "cp/cpupool.WEB [cgroup.type = threaded, cpu.weight = 200, cpu.max = 100000 100000, "
                        + "cgroup.subtree_control = +cpu +cpuset]",
                r + "cp/cpupool.WEB/u.A [cgroup.type = threaded, cpu.weight = 200]",
                r + "cp/u.B [cgroup.type = threaded, cpu.weight = 100, cpu.max = 60000 100000]",
                r + "cp/u.C.CP [cgroup.type = threaded, cpu.weight = 100]",
                r + "cp/u.C.IFL [cgroup.type = threaded, cpu.weight = 300]",
                r + "ifl [cgroup.type = threaded, cpuset.cpus = 1, cgroup.subtree_control = +cpu +cpuset]",
                r + "ifl/u.D [cgroup.type = threaded, cpu.weight = 100]"),
                p.groups().stream().map(g -> {
                    assertEquals(Hierarchy.UNIFIED, g.hierarchy());
                    return g.path() + " " + g.writes();
                }).toList());
        assertEquals(Map.of(Hierarchy.UNIFIED, r + "cp/cpupool.WEB/u.A"), p.placements().get(0).groups());
        assertEquals(Optional.empty(), p.jvmGroup());
    }

    /** cgroup v1 refuses a child's quota above its parent's: a member's own cap above its CPU pool's is the pool's. */
    @Test
    void plan_v1_memberCapAbovePoolCap_clippedToThePool() throws InputException {
        String text = "LPAR CP.2\nCPUPOOL P CP CAPACITY 0.5\nPROBLEM X\nUSER A CP.100-R,80-AL POOL P\n VCPU 0 CP *\n"
                + "USER B CP.100-R,10-AL POOL P\n VCPU 0 CP *\nRUNIT\n";
        CgroupPlan v1 = plan(text, HostTopology.uniform(2, 1), CgroupVersion.V1);
        assertEquals(Optional.of("50000"), v1.group(Hierarchy.CPU, RUN + "/cp/cpupool.P/u.A").orElseThrow()
                .value("cpu.cfs_quota_us"));
        assertEquals(Optional.of("20000"), v1.group(Hierarchy.CPU, RUN + "/cp/cpupool.P/u.B").orElseThrow()
                .value("cpu.cfs_quota_us"));
        CgroupPlan v2 = plan(text, HostTopology.uniform(2, 1), CgroupVersion.V2);
        assertEquals(Optional.of("160000 100000"), v2.group(Hierarchy.UNIFIED, RUN + "/cp/cpupool.P/u.A").orElseThrow()
                .value("cpu.max"));
    }

    @Test
    void plan_relativeLimit_capIsTheSolversSetSLimit() throws InputException {
        // MR2's rule: RELATIVE 200 limited to RELATIVE 50 beside a RELATIVE 200: 200 x 50 / (200 + 50) = 40.
        String text = "LPAR CP.2\nPROBLEM X\nUSER A CP.200-R,50-RL\n VCPU 0 CP *\nUSER B CP.200-R\n VCPU 0 CP *\nRUNIT\n";
        CgroupPlan p = plan(text, HostTopology.uniform(2, 1), CgroupVersion.V1);
        assertEquals(Optional.of("40000"), p.group(Hierarchy.CPU, RUN + "/cp/u.A").orElseThrow().value("cpu.cfs_quota_us"));
    }

    @Test
    void plan_tooLargeForTheHost_namesTheLpar() {
        InputException e = assertThrows(InputException.class,
                () -> plan("LPAR CP.2 ZIIP.1\nPROBLEM X\nUSER A\n VCPU 0 CP *\nRUNIT\n", HostTopology.uniform(2, 1),
                        CgroupVersion.V1));
        assertEquals("t.scn:1:1: the LPAR has 3 logical CPUs (CP.2 ZIIP.1), and this machine has 2 CPUs schedlab may "
                + "use (0-1)", e.getMessage());
        InputException smt = assertThrows(InputException.class,
                () -> plan("LPAR CP.3\nPROBLEM X\nUSER A\n VCPU 0 CP *\nRUNIT\n", HostTopology.uniform(2, 2),
                        CgroupVersion.V1));
        assertEquals("t.scn:1:1: the LPAR needs 3 cores (CP.3), and this machine has 2 cores schedlab may use "
                + "(CPUs 0-3)", smt.getMessage());
    }

    @Test
    void plan_smtTheHostLacks_namesTheLpar() {
        InputException e = assertThrows(InputException.class, () -> plan(
                "LPAR CP.1\nMULTITHREAD CP.2\nPROBLEM X\nUSER A\n VCPU 0 CP *\nRUNIT\n", HostTopology.uniform(8, 1),
                CgroupVersion.V2));
        assertEquals("t.scn:1:1: MULTITHREAD CP.2 needs cores with 2 threads, and this machine's cores have 1",
                e.getMessage());
    }

    @Test
    void plan_mtOnePartitionOnSmtHost_firstThreadOfEachCore() throws InputException {
        CgroupPlan p = plan("LPAR CP.2\nPROBLEM X\nUSER A\n VCPU 0 CP *\nRUNIT\n", HostTopology.uniform(3, 2),
                CgroupVersion.V1);
        assertEquals(List.of(2, 4), p.hostCpus());
    }

    @Test
    void plan_stoppedOnlyBucket_hasNoGroup() throws InputException {
        Problem p = org.schedlab.linux.testing.Scenarios.problem(
                "LPAR CP.1\nPROBLEM X\nUSER A\n VCPU 0 CP * STOPPED\nUSER B\n VCPU 0 CP 5\nRUNIT\n");
        CgroupPlan plan = LinuxMapping.plan(p, HostTopology.uniform(1, 1), CgroupVersion.V1, RUN, "0");
        assertTrue(plan.group(Hierarchy.CPU, RUN + "/cp/u.A").isEmpty());
        assertEquals(List.of("B.0"), plan.placements().stream().map(VcpuPlacement::id).toList());
    }
}
