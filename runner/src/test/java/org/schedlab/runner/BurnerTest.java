package org.schedlab.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.core.Problem;
import org.schedlab.runner.result.IntervalSample;
import org.schedlab.runner.result.RunSummary;

class BurnerTest {

    private static final long WARM = 1_000_000;

    @Test
    void finiteDemand_ampleCapacity_runsItsDemand() throws Exception {
        Problem p = Runs.one("""
                LPAR CP.2
                PROBLEM B
                USER A CP.100-R
                  VCPU 0 CP 30
                USER B CP.100-R
                  VCPU 0 CP 12.5
                RUNIT
                """);
        Runs.Result r = Runs.run(p, "fair", Runs.seconds(4));
        double[] m = r.meanBusy(WARM);
        assertEquals(30, m[0], 0.2);
        assertEquals(12.5, m[1], 0.2);
        for (IntervalSample s : r.intervals()) {
            assertEquals(30, s.vcpus().get(0).busyPct(), 0.5, "every interval, not just on average");
        }
    }

    @Test
    void unboundedDemand_alone_runsWholeCpu() throws Exception {
        Problem p = Runs.one("""
                LPAR CP.1
                PROBLEM U
                USER A CP.100-R
                  VCPU 0 CP *
                RUNIT
                """);
        Runs.Result r = Runs.run(p, "fair", Runs.seconds(3));
        assertEquals(Runs.ALONE, r.meanBusy(WARM)[0], 0.1, "the whole CPU: with nobody waiting behind it, its SIE exits cost nothing");
        assertEquals(r.meanBusy(WARM)[0], r.meanMt1(WARM)[0], 1e-9, "single-threaded: MT1-equivalent equals raw");
    }

    @Test
    void stoppedAndZeroDemand_competing_neverRun() throws Exception {
        Problem p = Runs.one("""
                LPAR CP.1
                PROBLEM Z
                USER A CP.100-R
                  VCPU 0 CP 0
                  VCPU 1 CP * STOPPED
                  VCPU 2 CP *
                USER B CP.100-R
                  VCPU 0 CP *
                RUNIT
                """);
        Runs.Result r = Runs.run(p, "fair", Runs.seconds(3));
        assertEquals(3, r.intervals().get(0).vcpus().size(), "STOPPED VCPUs are not in the series");
        for (IntervalSample s : r.intervals()) {
            assertEquals(0, s.vcpus().get(0).busyPct());
        }
        double[] m = r.meanBusy(WARM);
        // A's share is split over its two running VCPUs (demand 0 counts, STOPPED does not): A.2 weighs 25
        // against B's 50, so 33.3 : 66.7 (docs/solver.md, "Allocation: progressive filling").
        assertEquals(100 / 3.0, m[1], 0.5);
        assertEquals(200 / 3.0, m[2], 0.5);
    }

    @Test
    void anyProblem_everyInterval_neverExceedsCapacity() throws Exception {
        Problem p = Runs.file("MZ0");
        Runs.Result r = Runs.run(p, "zvm63", Runs.seconds(3));
        for (IntervalSample s : r.intervals()) {
            double zIip = 0;
            for (int i = 0; i < s.vcpus().size(); i++) {
                assertTrue(s.vcpus().get(i).busyPct() <= 100 + 1e-9);
                zIip += s.vcpus().get(i).busyPct();
            }
            assertTrue(zIip <= 200 + 1e-6, "two zIIPs hold at most 200%: " + zIip);
        }
        for (RunSummary.LogicalCpuStats c : r.summary().logicalCpus()) {
            assertTrue(c.busyPct() <= 100 + 1e-9);
        }
    }

    @Test
    void differentSeeds_finiteDemands_changePhases() throws Exception {
        Problem p = Runs.file("J3");
        Runs.Result a = Runs.run(p, "fair", Runs.seconds(2));
        Runs.Result b = Runs.run(p, "fair", Runs.seconds(2).toBuilder().seed(99).build());
        assertTrue(a.summary().meanDispatchDelayUs() != b.summary().meanDispatchDelayUs()
                || !a.intervals().equals(b.intervals()));
    }
}
