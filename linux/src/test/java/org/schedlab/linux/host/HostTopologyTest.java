package org.schedlab.linux.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostTopologyTest {

    @Test
    void cpuList_parseAndFormat() {
        assertEquals(List.of(0, 1, 2, 3, 8, 10, 11), CpuList.parse("0-3,8,10-11\n"));
        assertEquals(List.of(), CpuList.parse("\n"));
        assertEquals("0-3,8,10-11", CpuList.format(List.of(11, 10, 8, 3, 2, 1, 0)));
        assertEquals("5", CpuList.format(List.of(5)));
        assertThrows(IllegalArgumentException.class, () -> CpuList.parse("3-1"));
        assertThrows(IllegalArgumentException.class, () -> CpuList.parse("a"));
    }

    /** An SMT machine: siblings paired, an offline CPU and one this process may not use left out. */
    @Test
    void read_siblingsOnlineAndAllowed(@TempDir Path dir) throws Exception {
        Path cpu = dir.resolve("sys/devices/system/cpu");
        Files.createDirectories(cpu);
        Files.writeString(cpu.resolve("online"), "0-5,7\n");
        String[] siblings = {"0,4", "1,5", "2,6", "3,7", "0,4", "1,5", "2,6", "3,7"};
        for (int c = 0; c < 8; c++) {
            Path t = cpu.resolve("cpu" + c + "/topology");
            Files.createDirectories(t);
            Files.writeString(t.resolve("thread_siblings_list"), siblings[c] + "\n");
        }
        Files.createDirectories(dir.resolve("proc/self"));
        Files.writeString(dir.resolve("proc/self/status"), "Name:\tjava\nCpus_allowed:\tfd\nCpus_allowed_list:\t0,2-7\n");
        HostTopology h = HostTopology.read(new HostPaths(dir.resolve("proc"), dir.resolve("sys")));
        assertEquals(List.of(List.of(0, 4), List.of(2), List.of(3, 7), List.of(5)), h.cores());
        assertEquals(2, h.maxThreadsPerCore());
        assertEquals(List.of(0, 2, 3, 4, 5, 7), h.cpus());
    }

    @Test
    void read_thisMachine_agreesWithTheJvm() throws Exception {
        HostTopology h = HostTopology.read(HostPaths.SYSTEM);
        assertEquals(Runtime.getRuntime().availableProcessors(), h.cpus().size());
    }

    @Test
    void kernelInfo_withoutSchedExt_none(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("proc/sys/kernel"));
        Files.writeString(dir.resolve("proc/sys/kernel/osrelease"), "6.18.44-test\n");
        Files.createDirectories(dir.resolve("sys/kernel"));
        HostPaths p = new HostPaths(dir.resolve("proc"), dir.resolve("sys"));
        assertEquals(new KernelInfo("6.18.44-test", "none"), KernelInfo.read(p));
        Files.createDirectories(dir.resolve("sys/kernel/sched_ext/root"));
        Files.writeString(dir.resolve("sys/kernel/sched_ext/state"), "enabled\n");
        Files.writeString(dir.resolve("sys/kernel/sched_ext/root/ops"), "rusty\n");
        assertEquals(new KernelInfo("6.18.44-test", "rusty"), KernelInfo.read(p));
        Files.writeString(dir.resolve("sys/kernel/sched_ext/state"), "disabled\n");
        assertEquals("none", KernelInfo.read(p).schedExt());
    }

    @Test
    void processes_startTime_commWithSpacesAndParentheses(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("proc/12"));
        Files.writeString(dir.resolve("proc/12/stat"),
                "12 (my (odd) name) S 1 12 12 0 -1 4194560 100 0 0 0 5 3 0 0 20 0 1 0 4242 1000 50\n");
        HostPaths p = new HostPaths(dir.resolve("proc"), dir.resolve("sys"));
        assertEquals(4242, Processes.startTime(p, 12).orElseThrow());
        assertEquals(java.util.OptionalLong.empty(), Processes.startTime(p, 13));
    }
}
