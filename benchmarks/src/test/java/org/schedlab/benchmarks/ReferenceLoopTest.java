package org.schedlab.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.schedlab.core.Problem;
import org.schedlab.grammar.ScenarioParser;
import org.schedlab.runner.spi.ModelConstants;

/**
 * The yardstick simulates the events it claims to: the runner is compared with it, so a loop that skipped the
 * burners' SIE exits would make the runner look worse than it is, and one that invented events, better.
 */
class ReferenceLoopTest {

    private static final long SECONDS = 20;
    private static final long MICROS = SECONDS * 1_000_000L;

    /** J1: four always-ready virtual CPUs on two logical CPUs, so a CPU never idles and someone always waits. */
    private static Problem j1() {
        return SeedScenarios.problem("J1");
    }

    @Test
    void run_withoutSieExits_dispatchesOncePerSlice() {
        ReferenceLoop loop = new ReferenceLoop(j1(), false);
        loop.run(MICROS);
        long slice = j1().partition().srm().dispatchSliceMicros(false);
        double expected = 2.0 * MICROS / slice;
        assertEquals(expected, loop.dispatches(), expected * 0.01);
    }

    /**
     * A run ends at the slice or at an SIE exit, whichever comes first; with runs between exits exponential of mean
     * m, a dispatch lasts m (1 - e^(-slice/m)) on average, and the other waiting VMDBK is dispatched after each.
     */
    @Test
    void run_withSieExits_dispatchesAtTheExitRate() {
        ReferenceLoop loop = new ReferenceLoop(j1(), true);
        loop.run(MICROS);
        double m = ModelConstants.DEFAULT.sieRunMicros();
        long slice = j1().partition().srm().dispatchSliceMicros(false);
        double perDispatch = m * (1 - Math.exp(-slice / m));
        double expected = 2.0 * MICROS / perDispatch;
        assertEquals(expected, loop.dispatches(), expected * 0.03);
    }

    /** One always-ready virtual CPU alone on a CP: nobody ever waits, so its SIE exits never cost it the CPU. */
    @Test
    void run_aloneWithSieExits_keepsItsCpuForWholeSlices() throws Exception {
        Problem alone = ScenarioParser.parse("alone.scn", """
                LPAR CP.1
                PROBLEM ALONE
                USER U CP.100-R
                  VCPU 0 CP *
                RUNIT
                """).problems().get(0);
        ReferenceLoop loop = new ReferenceLoop(alone, true);
        loop.run(MICROS);
        long slice = alone.partition().srm().dispatchSliceMicros(false);
        assertEquals((double) MICROS / slice, loop.dispatches(), 1);
    }

    @Test
    void run_idleBurners_neverDispatch() {
        Problem idle = RunnerBenchmark.withDemand(j1(), 0);
        ReferenceLoop loop = new ReferenceLoop(idle, true);
        loop.run(MICROS);
        assertEquals(0, loop.dispatches());
    }

    @Test
    void run_sameProblemTwice_sameEvents() {
        ReferenceLoop loop = new ReferenceLoop(j1(), true);
        loop.run(MICROS);
        long first = loop.dispatches();
        loop.run(MICROS);
        assertEquals(first, loop.dispatches());
    }
}
