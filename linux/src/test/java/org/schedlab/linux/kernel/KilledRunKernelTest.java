package org.schedlab.linux.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.schedlab.linux.cgroup.CgroupBackend;
import org.schedlab.linux.cgroup.CgroupFs;
import org.schedlab.linux.cgroup.CgroupMounts;
import org.schedlab.linux.cgroup.RunGroup;
import org.schedlab.linux.host.HostPaths;
import org.schedlab.linux.mapping.Hierarchy;

/** A run killed with SIGKILL (a forked JVM) leaves its groups, and the next run's sweep removes them. */
@Tag("real-kernel")
@Order(3)
class KilledRunKernelTest {

    @Test
    void killedRun_groupsLeft_nextSweepRemovesThem() throws Exception {
        CgroupMounts mounts = RealKernel.assumeUsable();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                KilledRunMain.class.getName()).redirectErrorStream(true).start();
        String name;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            name = out.readLine();
            assertTrue(name != null && name.startsWith("schedlab-" + child.pid() + "-"), "the child made " + name);
            List<Path> groups = mounts.version().hierarchies().stream().map(h -> mounts.base(h).resolve(name)).toList();
            groups.forEach(g -> assertTrue(Files.isDirectory(g), g + " made"));

            child.destroyForcibly();
            assertTrue(child.waitFor(10, TimeUnit.SECONDS));
            assertEquals(137, child.exitValue(), "killed by SIGKILL");
            groups.forEach(g -> assertTrue(Files.isDirectory(g), g + " left behind by the killed run"));

            CgroupBackend backend = CgroupBackend.of(mounts, CgroupFs.KERNEL, ProcessHandle.current().pid());
            List<String> swept = RunGroup.sweep(backend, HostPaths.SYSTEM);
            assertTrue(swept.contains(name), "swept " + swept);
            groups.forEach(g -> assertFalse(Files.exists(g), g + " removed by the sweep"));
            assertFalse(Files.exists(mounts.base(mounts.version().hierarchies().get(0)).resolve(name)));
        } finally {
            child.destroyForcibly();
        }
        assertTrue(mounts.version().hierarchies().contains(Hierarchy.CPU)
                || mounts.version().hierarchies().contains(Hierarchy.UNIFIED));
    }
}
