package org.schedlab.linux.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.linux.mapping.CgroupPlan;
import org.schedlab.linux.mapping.CgroupVersion;
import org.schedlab.linux.testing.TempCgroupFs;

/**
 * cgroup v2 on a temporary directory laid out like the unified mount: the threaded subtree, the process moved in
 * and back, and the delegated case where the base holds the process.
 */
class CgroupV2Test {

    private static final String RUN = "schedlab-42-7-1";

    @Test
    void create_asRoot_threadedSubtreeAndTheProcessMovedIn(@TempDir Path dir) throws Exception {
        TempCgroupFs fs = TempCgroupFs.v2(dir);
        Files.writeString(dir.resolve("unified/cgroup.procs"), "42\n");
        CgroupBackend b = CgroupBackend.of(fs.v2Mounts(), fs, 42);
        CgroupPlan plan = CgroupV1Test.plan(CgroupVersion.V2, "");
        b.create(plan);
        String r = "unified/" + RUN;
        assertEquals(List.of(
                "mkdir " + r, r + "/cpu.weight=10000", r + "/cpuset.cpus=1-3", r + "/cgroup.subtree_control=+cpu +cpuset",
                "mkdir " + r + "/cp", r + "/cp/cgroup.type=threaded", r + "/cp/cpuset.cpus=2-3",
                r + "/cp/cgroup.subtree_control=+cpu +cpuset",
                "mkdir " + r + "/cp/cpupool.WEB", r + "/cp/cpupool.WEB/cgroup.type=threaded",
                r + "/cp/cpupool.WEB/cpu.weight=200", r + "/cp/cpupool.WEB/cpu.max=100000 100000",
                r + "/cp/cpupool.WEB/cgroup.subtree_control=+cpu +cpuset",
                "mkdir " + r + "/cp/cpupool.WEB/u.A", r + "/cp/cpupool.WEB/u.A/cgroup.type=threaded",
                r + "/cp/cpupool.WEB/u.A/cpu.weight=200",
                "mkdir " + r + "/cp/u.B", r + "/cp/u.B/cgroup.type=threaded", r + "/cp/u.B/cpu.weight=100",
                r + "/cp/u.B/cpu.max=60000 100000",
                "mkdir " + r + "/ifl", r + "/ifl/cgroup.type=threaded", r + "/ifl/cpuset.cpus=1",
                r + "/ifl/cgroup.subtree_control=+cpu +cpuset",
                "mkdir " + r + "/ifl/u.D", r + "/ifl/u.D/cgroup.type=threaded", r + "/ifl/u.D/cpu.weight=100",
                r + "/cgroup.procs=42"), fs.log());

        b.adopt(plan, List.of(43L));
        b.attach(plan.placements().get(0), 44);
        assertEquals("44\n", Files.readString(dir.resolve(r + "/cp/cpupool.WEB/u.A/cgroup.threads")));

        fs.exited(44);
        b.remove(RUN);
        assertEquals(List.of(), fs.groups());
        assertEquals("42\n", Files.readString(dir.resolve("unified/cgroup.procs")));
        assertEquals(List.of(r + "/cgroup.subtree_control=-cpu -cpuset", "unified/cgroup.procs=42", "rmdir " + r),
                fs.log().subList(fs.log().size() - 3, fs.log().size()));
    }

    @Test
    void create_rootWithoutTheControllers_refusedUntouched(@TempDir Path dir) throws Exception {
        TempCgroupFs fs = TempCgroupFs.v2(dir);
        Files.writeString(dir.resolve("unified/cgroup.subtree_control"), "memory pids\n");
        CgroupBackend b = CgroupBackend.of(fs.v2Mounts(), fs, 42);
        IOException e = assertThrows(IOException.class, () -> b.create(CgroupV1Test.plan(CgroupVersion.V2, "")));
        Path control = dir.resolve("unified/cgroup.subtree_control");
        assertEquals("the cpu and cpuset controllers are not enabled in " + control + " (it has: memory pids); enable "
                + "them: echo '+cpu +cpuset' > " + control, e.getMessage());
        assertEquals(List.of(), fs.log());
    }

    /** A user's delegated scope holds the process: it moves into the run group before the scope enables cpu. */
    @Test
    void create_delegatedScope_processMovesFirstAndControllersGoBackOff(@TempDir Path dir) throws Exception {
        TempCgroupFs fs = TempCgroupFs.v2(dir);
        Path root = dir.resolve("unified");
        fs.mkdir(root.resolve("user"));
        Path scope = root.resolve("user/run.scope");
        fs.mkdir(scope);
        fs.write(scope.resolve("cgroup.procs"), "42");
        CgroupBackend b = CgroupBackend.of(org.schedlab.linux.cgroup.CgroupMounts.v2(root, scope, scope), fs, 42);
        int before = fs.log().size();
        b.create(CgroupV1Test.plan(CgroupVersion.V2, ""));
        String r = "unified/user/run.scope/" + RUN;
        assertEquals(List.of("mkdir " + r, r + "/cgroup.procs=42", "unified/user/run.scope/cgroup.subtree_control=+cpu +cpuset",
                r + "/cpu.weight=10000"), fs.log().subList(before, before + 4));
        b.remove(RUN);
        List<String> log = fs.log();
        assertEquals(List.of(r + "/cgroup.subtree_control=-cpu -cpuset",
                "unified/user/run.scope/cgroup.subtree_control=-cpu -cpuset", "unified/user/run.scope/cgroup.procs=42",
                "rmdir " + r), log.subList(log.size() - 4, log.size()));
        assertEquals(List.of("unified/user", "unified/user/run.scope"), fs.groups());
    }
}
