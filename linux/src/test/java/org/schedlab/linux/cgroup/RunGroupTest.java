package org.schedlab.linux.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.linux.host.HostPaths;
import org.schedlab.linux.mapping.CgroupVersion;
import org.schedlab.linux.testing.TempCgroupFs;

class RunGroupTest {

    /** A /proc with the given processes: pid to start time (field 22 of stat). */
    static HostPaths proc(Path dir, long[][] processes) throws Exception {
        Path proc = dir.resolve("proc");
        for (long[] p : processes) {
            Path d = proc.resolve(Long.toString(p[0]));
            Files.createDirectories(d);
            // pid (comm with a space) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime
            // stime cutime cstime priority nice threads itrealvalue starttime ...
            Files.writeString(d.resolve("stat"), p[0] + " (java (x)) S 1 1 1 0 -1 0 0 0 0 0 0 0 0 0 20 0 30 0 "
                    + p[1] + " 100 200\n");
        }
        Files.createDirectories(dir.resolve("sys"));
        return new HostPaths(proc, dir.resolve("sys"));
    }

    @Test
    void name_parseAndFormat_roundTrip() {
        RunGroupName n = new RunGroupName(1234, 98765, 3);
        assertEquals("schedlab-1234-98765-3", n.toString());
        assertEquals(Optional.of(n), RunGroupName.parse("schedlab-1234-98765-3"));
        for (String other : List.of("schedlab", "schedlab-1-2", "schedlab-1-2-3-4", "schedlab-a-2-3", "xschedlab-1-2-3",
                "schedlab-1-2-3 ", "schedlab-0-1-1", "schedlab-99999999999999999999-1-1")) {
            assertEquals(Optional.empty(), RunGroupName.parse(other), other);
        }
        assertTrue(RunGroupName.next(5, 6).sequence() < RunGroupName.next(5, 6).sequence());
    }

    /**
     * A run killed with SIGKILL leaves its groups: the next run's sweep removes those whose process is gone, or is
     * another process under a reused pid, and leaves live runs' and everything else alone.
     */
    @Test
    void sweep_removesOnlyDeadRunsGroups(@TempDir Path dir) throws Exception {
        TempCgroupFs fs = TempCgroupFs.v1(dir.resolve("cg"));
        // 100 runs (start 5000), 200 is alive but started at 7000 (pid reused), 300 is gone.
        HostPaths paths = proc(dir, new long[][] {{100, 5000}, {200, 7000}});
        CgroupBackend b = CgroupBackend.of(fs.v1Mounts(), fs, 100);
        Path cpu = dir.resolve("cg/cpu");
        for (String name : List.of("schedlab-100-5000-1", "schedlab-200-6000-1", "schedlab-300-1-2", "schedlab-keep",
                "system.slice")) {
            fs.mkdir(cpu.resolve(name));
        }
        fs.mkdir(cpu.resolve("schedlab-300-1-2/cp"));
        fs.mkdir(cpu.resolve("schedlab-300-1-2/cp/u.A"));
        // A task left in the dead run's group (the burners are gone with the process; this stands for anything).
        fs.write(cpu.resolve("schedlab-300-1-2/cp/u.A/tasks"), "777");
        fs.mkdir(dir.resolve("cg/cpuset/schedlab-300-1-2"));

        List<String> swept = RunGroup.sweep(b, paths);

        assertEquals(List.of("schedlab-200-6000-1", "schedlab-300-1-2"), swept);
        assertEquals(List.of("cpu/schedlab-100-5000-1", "cpu/schedlab-keep", "cpu/system.slice"), fs.groups());
        assertEquals("777\n", Files.readString(cpu.resolve("tasks")));
    }

    @Test
    void create_thenClose_removesEverything(@TempDir Path dir) throws Exception {
        TempCgroupFs fs = TempCgroupFs.v1(dir);
        CgroupBackend b = CgroupBackend.of(fs.v1Mounts(), fs, 42);
        try (RunGroup g = RunGroup.create(b, CgroupV1Test.plan(CgroupVersion.V1, "0"))) {
            assertEquals("schedlab-42-7-1", g.name());
            assertTrue(fs.groups().size() > 5);
        }
        assertEquals(List.of(), fs.groups());
    }
}
