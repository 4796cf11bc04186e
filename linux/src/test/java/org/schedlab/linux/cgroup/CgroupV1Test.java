package org.schedlab.linux.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.core.InputException;
import org.schedlab.linux.host.HostTopology;
import org.schedlab.linux.mapping.CgroupPlan;
import org.schedlab.linux.mapping.CgroupVersion;
import org.schedlab.linux.mapping.LinuxMapping;
import org.schedlab.linux.testing.Scenarios;
import org.schedlab.linux.testing.TempCgroupFs;

/** cgroup v1 on a temporary directory laid out like the cpu and cpuset mounts: exactly what is written, and undone. */
class CgroupV1Test {

    private static final String TEXT = """
            LPAR CP.2 IFL.1
            CPUPOOL WEB CP LIMITHARD 50%
            PROBLEM P
            USER A CP.200-R POOL WEB
              VCPU 0 CP *
            USER B CP.100-R,30-AL
              VCPU 0 CP 40
            USER D IFL.100-R
              VCPU 0 IFL 20
            RUNIT
            """;

    private static final String RUN = "schedlab-42-7-1";

    static CgroupPlan plan(CgroupVersion v, String mems) throws InputException {
        return LinuxMapping.plan(Scenarios.problem(TEXT), HostTopology.uniform(4, 1), v, RUN, mems);
    }

    @Test
    void create_writesEveryFileInOrder(@TempDir Path dir) throws Exception {
        TempCgroupFs fs = TempCgroupFs.v1(dir);
        CgroupBackend b = CgroupBackend.of(fs.v1Mounts(), fs, 42);
        assertEquals("0", b.mems());
        b.create(plan(CgroupVersion.V1, b.mems()));
        String r = RUN;
        assertEquals(List.of(
                "mkdir cpu/" + r, "cpu/" + r + "/cpu.shares=262144",
                "mkdir cpu/" + r + "/jvm", "cpu/" + r + "/jvm/cpu.shares=1024",
                "mkdir cpu/" + r + "/cp",
                "mkdir cpu/" + r + "/cp/cpupool.WEB", "cpu/" + r + "/cp/cpupool.WEB/cpu.shares=2048",
                "cpu/" + r + "/cp/cpupool.WEB/cpu.cfs_period_us=100000", "cpu/" + r + "/cp/cpupool.WEB/cpu.cfs_quota_us=100000",
                "mkdir cpu/" + r + "/cp/cpupool.WEB/u.A", "cpu/" + r + "/cp/cpupool.WEB/u.A/cpu.shares=2048",
                "mkdir cpu/" + r + "/cp/u.B", "cpu/" + r + "/cp/u.B/cpu.shares=1024",
                "cpu/" + r + "/cp/u.B/cpu.cfs_period_us=100000", "cpu/" + r + "/cp/u.B/cpu.cfs_quota_us=60000",
                "mkdir cpu/" + r + "/ifl", "mkdir cpu/" + r + "/ifl/u.D", "cpu/" + r + "/ifl/u.D/cpu.shares=1024",
                "mkdir cpuset/" + r, "cpuset/" + r + "/cpuset.cpus=1-3", "cpuset/" + r + "/cpuset.mems=0",
                "mkdir cpuset/" + r + "/cp", "cpuset/" + r + "/cp/cpuset.cpus=2-3", "cpuset/" + r + "/cp/cpuset.mems=0",
                "mkdir cpuset/" + r + "/ifl", "cpuset/" + r + "/ifl/cpuset.cpus=1", "cpuset/" + r + "/ifl/cpuset.mems=0"),
                fs.log());
        assertEquals("2048\n", Files.readString(dir.resolve("cpu/" + r + "/cp/cpupool.WEB/u.A/cpu.shares")));
        assertEquals(List.of(RUN), b.runGroups());
    }

    @Test
    void attachAdoptAndRemove_threadsPlacedThenReturnedHome(@TempDir Path dir) throws Exception {
        TempCgroupFs fs = TempCgroupFs.v1(dir);
        Files.writeString(dir.resolve("cpu/tasks"), "500\n501\n502\n");
        Files.writeString(dir.resolve("cpuset/tasks"), "500\n501\n502\n");
        CgroupBackend b = CgroupBackend.of(fs.v1Mounts(), fs, 42);
        CgroupPlan plan = plan(CgroupVersion.V1, "0");
        b.create(plan);
        b.adopt(plan, List.of(500L));
        b.attach(plan.placements().get(0), 501);
        b.attach(plan.placements().get(2), 502);
        assertEquals("500\n", Files.readString(dir.resolve("cpu/" + RUN + "/jvm/tasks")));
        assertEquals("501\n", Files.readString(dir.resolve("cpu/" + RUN + "/cp/cpupool.WEB/u.A/tasks")));
        assertEquals("501\n", Files.readString(dir.resolve("cpuset/" + RUN + "/cp/tasks")));
        assertEquals("502\n", Files.readString(dir.resolve("cpu/" + RUN + "/ifl/u.D/tasks")));
        assertEquals("502\n", Files.readString(dir.resolve("cpuset/" + RUN + "/ifl/tasks")));
        assertEquals("", Files.readString(dir.resolve("cpu/tasks")));

        // Threads still inside (a burner stopping late, the JVM's own) go back before the groups go.
        b.remove(RUN);
        assertEquals(List.of(), fs.groups());
        assertEquals(List.of("500", "501", "502"), Files.readAllLines(dir.resolve("cpu/tasks")).stream().sorted().toList());
        assertEquals(List.of("500", "501", "502"), Files.readAllLines(dir.resolve("cpuset/tasks")).stream().sorted()
                .toList());
        b.remove(RUN);
    }

    @Test
    void create_kernelRefusesAValue_undoesWhatItMadeAndNamesTheFile(@TempDir Path dir) throws Exception {
        TempCgroupFs fs = TempCgroupFs.v1(dir);
        CgroupPlan plan = plan(CgroupVersion.V1, "0");
        // A kernel without CFS bandwidth control has no cpu.cfs_quota_us: the group for B cannot be capped.
        CgroupFs noQuota = new CgroupFs() {
            @Override
            public void mkdir(Path group) throws IOException {
                fs.mkdir(group);
                Files.deleteIfExists(group.resolve("cpu.cfs_quota_us"));
            }

            @Override
            public void write(Path file, String value) throws IOException {
                fs.write(file, value);
            }

            @Override
            public String read(Path file) throws IOException {
                return fs.read(file);
            }

            @Override
            public void rmdir(Path group) throws IOException {
                fs.rmdir(group);
            }

            @Override
            public List<Path> children(Path group) throws IOException {
                return fs.children(group);
            }
        };
        CgroupBackend b = CgroupBackend.of(fs.v1Mounts(), noQuota, 42);
        IOException e = assertThrows(IOException.class, () -> b.create(plan));
        assertEquals("cannot write '100000' to " + dir.resolve("cpu/" + RUN + "/cp/cpupool.WEB/cpu.cfs_quota_us") + ": "
                + dir.resolve("cpu/" + RUN + "/cp/cpupool.WEB/cpu.cfs_quota_us"), e.getMessage());
        assertEquals(List.of(), fs.groups());
    }

    @Test
    void remove_leavesOtherGroupsAlone(@TempDir Path dir) throws Exception {
        TempCgroupFs fs = TempCgroupFs.v1(dir);
        fs.mkdir(dir.resolve("cpu/docker"));
        fs.mkdir(dir.resolve("cpuset/schedlab-notes"));
        CgroupBackend b = CgroupBackend.of(fs.v1Mounts(), fs, 42);
        b.create(plan(CgroupVersion.V1, "0"));
        b.remove(RUN);
        assertEquals(List.of("cpu/docker", "cpuset/schedlab-notes"), fs.groups());
        assertTrue(b.runGroups().isEmpty());
    }
}
