package org.schedlab.linux.burner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.core.Demand;

/**
 * A burner allocates nothing while it burns: the JVM's own count of each burner thread's allocated bytes
 * ({@code com.sun.management.ThreadMXBean#getThreadAllocatedBytes}) does not move between two points well into the
 * burn, for a paced burner (clock reads, parking, the period's draw) and a spinning one. Short and light: a 20%
 * burner and a {@code *} one for under a second.
 */
class BurnerAllocationTest {

    @Test
    void burning_allocatesNothing() throws Exception {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean,
                "this JVM does not count a thread's allocated bytes");
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(mx.isThreadAllocatedMemorySupported(), "this JVM does not count a thread's allocated bytes");
        mx.setThreadAllocatedMemoryEnabled(true);
        List<BurnerSpec> specs = List.of(new BurnerSpec(0, "A.0", Demand.of(20), 2_000, 0.1, 7),
                new BurnerSpec(1, "B.0", Demand.UNBOUNDED, 10_000, 0.1, 7));
        try (Burners b = Burners.start(specs)) {
            b.release(System.nanoTime());
            Thread.sleep(300);
            long[] before = {mx.getThreadAllocatedBytes(b.javaThreadId(0)), mx.getThreadAllocatedBytes(b.javaThreadId(1))};
            long cpuBefore = b.cpuTimeNanos(0);
            Thread.sleep(500);
            long[] after = {mx.getThreadAllocatedBytes(b.javaThreadId(0)), mx.getThreadAllocatedBytes(b.javaThreadId(1))};
            assertTrue(b.cpuTimeNanos(0) - cpuBefore > 20_000_000, "the paced burner burned in between");
            assertEquals(before[0], after[0], "bytes allocated by the paced burner while burning");
            assertEquals(before[1], after[1], "bytes allocated by the spinning burner while burning");
        }
    }

    @Test
    void close_stopsEveryThread_evenUnreleased() throws Exception {
        Burners b = Burners.start(List.of(new BurnerSpec(0, "A.0", Demand.of(0), 10_000, 0, 1),
                new BurnerSpec(1, "B.0", Demand.UNBOUNDED, 10_000, 0, 1)));
        assertTrue(b.tid(0) > 0 && b.tid(1) > 0 && b.tid(0) != b.tid(1));
        b.close();
        assertTrue(b.ended());
    }

    @Test
    void zeroDemand_neverRuns() throws Exception {
        try (Burners b = Burners.start(List.of(new BurnerSpec(0, "Z.0", Demand.of(0), 1_000, 0.1, 1)))) {
            b.release(System.nanoTime());
            long start = b.cpuTimeNanos(0);
            Thread.sleep(200);
            assertTrue(b.cpuTimeNanos(0) - start < 2_000_000, "a 0 burner used " + (b.cpuTimeNanos(0) - start) + " ns");
        }
    }

    @Test
    void threadIds_distinctAndThisProcesssTasks() throws Exception {
        long main = ThreadIds.current();
        long[] other = new long[1];
        Thread t = new Thread(() -> {
            try {
                other[0] = ThreadIds.current();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        t.start();
        t.join();
        assertTrue(main != other[0]);
        assertTrue(java.nio.file.Files.isDirectory(java.nio.file.Path.of("/proc/self/task/" + main)));
    }

    /** A burner and its model twin start and pace alike: the phase and periods come from the model's streams. */
    @Test
    void spec_phaseAndPeriods_theModelsStreams() {
        BurnerSpec s = new BurnerSpec(3, "A.0", Demand.of(50), 10_000, 0.1, 99);
        assertEquals(org.schedlab.runner.spi.Seeds.random(99, 3, 0).nextLong(10_000), s.phaseMicros());
        assertEquals(org.schedlab.runner.spi.Seeds.random(99, 3, 1).nextDouble(), s.periods().nextDouble());
    }
}
