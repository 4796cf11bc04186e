package org.schedlab.linux.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.schedlab.linux.cgroup.CgroupMounts;
import org.schedlab.linux.cgroup.RunGroupName;
import org.schedlab.linux.host.HostPaths;
import org.schedlab.linux.host.Processes;

/**
 * Last of the kernel tests: no run group of this JVM, nor of a process that is gone, is left anywhere in the
 * cgroup hierarchies (a live run of another schedlab process is not this suite's to judge).
 */
@Tag("real-kernel")
@Order(Integer.MAX_VALUE)
class NoGroupLeftKernelTest {

    @Test
    void afterTheSuite_noGroupOfOursOrOfADeadRun() throws IOException {
        CgroupMounts mounts = RealKernel.assumeUsable();
        Path root = mounts.base(mounts.version().hierarchies().get(0)).getParent();
        List<String> left;
        try (Stream<Path> all = Files.walk(root, 6)) {
            left = all.filter(Files::isDirectory).filter(d -> d.getFileName().toString().toLowerCase().contains("schedlab"))
                    .filter(d -> RunGroupName.parse(d.getFileName().toString()).map(n -> {
                        try {
                            OptionalLong start = Processes.startTime(HostPaths.SYSTEM, n.pid());
                            return n.pid() == ProcessHandle.current().pid() || start.isEmpty()
                                    || start.getAsLong() != n.startTime();
                        } catch (IOException e) {
                            return true;
                        }
                    }).orElse(true)).map(Path::toString).toList();
        }
        assertEquals(List.of(), left);
    }
}
