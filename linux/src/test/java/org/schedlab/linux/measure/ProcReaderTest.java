package org.schedlab.linux.measure;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.linux.host.HostPaths;

/** The kernel's files as this kernel writes them (/proc/stat, /proc/timer_list, schedstat), read from a copy. */
class ProcReaderTest {

    private static final String STAT = """
            cpu  8123 9088 2479 43951 94 0 29 27 0 0
            cpu0 3929 4582 1192 22168 13 0 7 11 0 0
            cpu1 4194 4506 1287 21783 80 0 22 15 0 0
            intr 182992 0 0 0
            ctxt 730493
            """;

    private static final String TIMER_LIST = """
            Timer List Version: v0.10
            HRTIMER_MAX_CLOCK_BASES: 8
            now at 755197584398 nsecs

            cpu: 0
             clock 0:
              .base:       0000000047e957f3
              .index:      0
              .resolution: 1 nsecs
            active timers:
             #0: <00000000530b2f8a>, tick_nohz_handler, S:01
             # expires at 755200000000-755200000000 nsecs [in 2415602 to 2415602 nsecs]
              .expires_next   : 755200000000 nsecs
              .nohz           : 1
              .idle_calls     : 46493
              .idle_entrytime : 755028805582 nsecs
              .idle_exittime  : 743826038519 nsecs
              .idle_sleeptime : 223498060430 nsecs
              .iowait_sleeptime: 147733333 nsecs
              .last_jiffies   : 4295080990

            cpu: 1
             clock 0:
              .idle_sleeptime : 225462632713 nsecs
              .iowait_sleeptime: 823877979 nsecs

            Tick Device: mode:     1
            Broadcast device
            Clock Event Device: <NULL>
            """;

    @Test
    void procStat_perCpuCounters() throws Exception {
        Path dir = Files.createTempDirectory("stat");
        Files.writeString(dir.resolve("stat"), STAT);
        Map<Integer, long[]> s = ProcReader.procStat(dir.resolve("stat"));
        assertEquals(2, s.size());
        assertArrayEquals(new long[] {4194, 4506, 1287, 21783, 80, 0, 22, 15, 0, 0}, s.get(1));
    }

    @Test
    void timerList_idleAndIowaitPerCpu() throws Exception {
        Path dir = Files.createTempDirectory("tl");
        Files.writeString(dir.resolve("timer_list"), TIMER_LIST);
        assertEquals(Map.of(0, 223498060430L + 147733333L, 1, 225462632713L + 823877979L),
                ProcReader.timerListIdle(dir.resolve("timer_list")));
    }

    @Test
    void cpuTimes_laterOfTheTwoIdleAccountsAndStealFromStat(@TempDir Path dir) throws Exception {
        Path proc = dir.resolve("proc");
        Files.createDirectories(proc.resolve("77/task/78"));
        Files.writeString(proc.resolve("stat"), STAT);
        Files.writeString(proc.resolve("timer_list"), TIMER_LIST);
        Files.writeString(proc.resolve("77/task/78/schedstat"), "2451129 3381 17\n");
        ProcReader r = new ProcReader(new HostPaths(proc, dir.resolve("sys")), 77, List.of(1, 0));
        long[] idle = new long[2];
        long[] steal = new long[2];
        r.cpuTimes(idle, steal);
        // CPU 1: timer_list 226.29 s against /proc/stat's 218.63 s; CPU 0: 223.65 s against 221.81 s.
        assertArrayEquals(new long[] {225462632713L + 823877979L, 223498060430L + 147733333L}, idle);
        assertArrayEquals(new long[] {150_000_000, 110_000_000}, steal);
        long[] ss = new long[3];
        r.schedstat(78, ss, 0);
        assertArrayEquals(new long[] {2451129, 3381, 17}, ss);
        assertEquals(0, r.idleResolutionNs());

        // Without timer_list (not root): /proc/stat's idle and iowait, 10 ms units.
        Files.delete(proc.resolve("timer_list"));
        ProcReader coarse = new ProcReader(new HostPaths(proc, dir.resolve("sys")), 77, List.of(0));
        long[] i0 = new long[1];
        coarse.cpuTimes(i0, new long[1]);
        assertArrayEquals(new long[] {(22168 + 13) * 10_000_000L}, i0);
        assertEquals(10_000_000, coarse.idleResolutionNs());
    }
}
