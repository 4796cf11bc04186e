package org.schedlab.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.core.InputException;
import org.schedlab.core.Problem;
import org.schedlab.linux.host.HostPaths;
import org.schedlab.linux.host.HostTopology;
import org.schedlab.linux.testing.Scenarios;
import org.schedlab.linux.testing.TempCgroupFs;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.RunListener;
import org.schedlab.runner.result.IntervalSample;

/**
 * The whole run with the cgroups on a temporary directory (so no root and nothing of the machine's changes) and
 * the real /proc: light burners (5% and 0), about a second. What the kernel does with the groups is for the
 * tests tagged real-kernel.
 */
class LinuxRunnerTest {

    private static final String TEXT = "LPAR CP.1\nPROBLEM P\nUSER A CP.200-R\n VCPU 0 CP 5\nUSER B\n VCPU 0 CP 0\n"
            + "VCPU 1 CP 0 STOPPED\nRUNIT\n";

    private static LinuxRunConfig config(TempCgroupFs fs) throws Exception {
        RunConfig run = RunConfig.builder().durationMicros(1_200_000).intervalMicros(400_000).warmupMicros(400_000)
                .seed(3).build();
        return LinuxRunConfig.of(run).withHost(LinuxHost.SYSTEM.withCgroups(fs.v1Mounts(), fs)
                .withTopology(HostTopology.read(HostPaths.SYSTEM)));
    }

    @Test
    void run_fakeCgroups_intervalsInOrderGroupsMadeAndRemoved(@TempDir Path dir) throws Exception {
        TempCgroupFs fs = TempCgroupFs.v1(dir);
        Problem p = Scenarios.problem(TEXT);
        List<IntervalSample> samples = new ArrayList<>();
        List<Long> progress = new ArrayList<>();
        LinuxRun r = LinuxRunner.run(p, config(fs), new RunListener() {
            @Override
            public void interval(IntervalSample s) {
                samples.add(s);
            }

            @Override
            public void progress(long done, long total) {
                progress.add(done);
                assertEquals(1_200_000, total);
            }
        });
        assertEquals(3, samples.size());
        for (int i = 0; i < 3; i++) {
            IntervalSample s = samples.get(i);
            assertEquals(i, s.index());
            assertEquals(i * 400_000L, s.startMicros());
            assertEquals((i + 1) * 400_000L, s.endMicros());
            assertEquals(2, s.vcpus().size());
            assertTrue(s.vcpus().get(1).busyPct() < 1, "a 0 burner ran " + s.vcpus().get(1).busyPct());
        }
        assertEquals(List.of(400_000L, 800_000L, 1_200_000L), progress);
        assertEquals(2, r.summary().vcpuDelays().size());
        assertEquals(1, r.summary().logicalCpus().size());
        assertEquals(List.of("A/CP", "B/CP"), r.summary().buckets().stream().map(b -> b.id()).toList());
        RunMetadata m = r.metadata();
        assertEquals(1, m.cgroupVersion());
        assertEquals(3, m.intervals());
        assertEquals(2, m.countedIntervals());
        assertEquals(3, r.noise().size());
        assertFalse(m.kernel().isBlank());
        assertTrue(m.runGroup().startsWith("schedlab-" + ProcessHandle.current().pid() + "-"));

        // Every group made, then removed; the burners were put in theirs by thread id.
        assertEquals(List.of(), fs.groups());
        String run = m.runGroup();
        assertTrue(fs.log().contains("mkdir cpu/" + run + "/cp/u.A"), fs.log().toString());
        assertTrue(fs.log().stream().anyMatch(l -> l.matches("cpu/" + run + "/cp/u\\.A/tasks=\\d+")));
        assertTrue(fs.log().stream().anyMatch(l -> l.matches("cpuset/" + run + "/cp/tasks=\\d+")));
        assertTrue(fs.log().stream().anyMatch(l -> l.matches("cpu/" + run + "/jvm/tasks=\\d+")), "the JVM's threads");
        assertTrue(fs.log().get(fs.log().size() - 1).startsWith("rmdir cpuset/" + run));
    }

    @Test
    void run_refusedStatement_inputErrorAndNothingMade(@TempDir Path dir) throws Exception {
        TempCgroupFs fs = TempCgroupFs.v1(dir);
        Problem p = Scenarios.problem("LPAR CP.1\nPROBLEM P\nUSER A CP.10-A\n VCPU 0 CP 5\nRUNIT\n");
        InputException e = assertThrows(InputException.class, () -> LinuxRunner.run(p, config(fs), RunListener.NONE));
        assertTrue(e.getMessage().startsWith("t.scn:3:8: ABSOLUTE share"), e.getMessage());
        assertEquals(List.of(), fs.log());
    }
}
