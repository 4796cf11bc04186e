package org.schedlab.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.core.EngineType;
import org.schedlab.core.Problem;
import org.schedlab.runner.result.IntervalSample;
import org.schedlab.runner.result.RunSummary;

class PoolsAndLimitsTest {

    private static final long WARM = 1_000_000;

    @Test
    void ziipWithAffinityOff_simulatedOnCp_runsOnlyOnCp() throws Exception {
        Problem p = Runs.one("""
                LPAR CP.1 ZIIP.1
                PROBLEM A
                USER OFF CP.100-R ZIIP.100-R CPUAFFINITY OFF
                  VCPU 0 ZIIP *
                USER ON CP.100-R ZIIP.100-R
                  VCPU 0 ZIIP *
                RUNIT
                """);
        Runs.Result r = Runs.run(p, "fair", Runs.seconds(3));
        double[] m = r.meanBusy(WARM);
        assertEquals(Runs.ALONE, m[0], 0.5, "alone on the CP");
        assertEquals(Runs.ALONE, m[1], 0.5, "alone on the zIIP");
        for (RunSummary.LogicalCpuStats c : r.summary().logicalCpus()) {
            assertEquals(Runs.ALONE, c.busyPct(), 0.5, c.type() + " is busy with its own VCPU");
        }
    }

    @Test
    void vcpusOfOnePool_neverOnAnotherPoolsCpus() throws Exception {
        Problem p = Runs.one("""
                LPAR CP.1 ZIIP.1
                PROBLEM A
                USER A CP.100-R ZIIP.100-R
                  VCPU 0 ZIIP *
                  VCPU 1 ZIIP *
                  VCPU 2 ZIIP *
                USER B CP.100-R
                  VCPU 0 CP 0
                RUNIT
                """);
        Runs.Result r = Runs.run(p, "fair", Runs.seconds(3));
        double[] m = r.meanBusy(WARM);
        assertEquals(100, m[0] + m[1] + m[2], 0.5, "three zIIP VCPUs share one zIIP, the idle CP stays idle");
        RunSummary.LogicalCpuStats cp = r.summary().logicalCpus().get(0);
        assertEquals(EngineType.CP, cp.type());
        assertEquals(0, cp.busyPct(), 1e-9);
    }

    @Test
    void relativeLimitHard_fair_holdsAtForty() throws Exception {
        Runs.Result r = Runs.run(Runs.file("MR2"), "fair", Runs.seconds(5));
        double[] m = r.meanBusy(WARM);
        assertEquals(Runs.ALONE, m[1], 0.5);
        assertEquals(40, m[3], 0.5);
        assertTrue(r.summary().buckets().stream().anyMatch(b -> b.id().equals("QGP00001/ZIIP") && b.limitListPct() > 30));
    }

    @Test
    void limitSoft_othersWantMore_heldAtLimit() throws Exception {
        Runs.Result r = Runs.run(Runs.file("SL3"), "fair", Runs.seconds(5));
        double[] m = r.meanBusy(WARM);
        assertEquals(2, m[1], 0.2);
        // The recipient gets its 88 less at most what its contended SIE exits cost it (while it is away the
        // soft-limited user may take the CPU).
        assertTrue(m[3] > 88 - 0.5 && m[3] < 88.2, "recipient " + m[3]);
        assertEquals(10, m[5], 0.5);
    }

    @Test
    void limitSoft_nobodyElseWants_liftedToScavenge() throws Exception {
        Problem p = Runs.one("""
                LPAR CP.1 ZIIP.1
                PROBLEM SL3B
                USER QGP00001 CP.100-R ZIIP.100-R
                  VCPU 1 ZIIP 2
                USER QGP00003 CP.100-R ZIIP.100-R
                  VCPU 1 ZIIP 30
                USER QGP00004 CP.100-R ZIIP.100-R,10-AS
                  VCPU 1 ZIIP *
                RUNIT
                """);
        Runs.Result r = Runs.run(p, "fair", Runs.seconds(5));
        double[] m = r.meanBusy(WARM);
        assertEquals(2, m[0], 0.2);
        assertEquals(30, m[1], 1.0, "the recipient still gets all it wants");
        // Under SIE exits fair's scavenger gets about 2 points less than the leftover (65.4 of 68 at 5 s); left to
        // fair's owner: this bound was widened from 2.0 when the exits came in.
        assertEquals(68, m[2], 2.5, "the soft-limited user scavenges what nobody else wants");
    }

    @Test
    void limitHardAbsolute_aloneOnIdleSystem_stillHeld() throws Exception {
        Problem p = Runs.one("""
                LPAR CP.2
                PROBLEM H
                USER A CP.25-AL
                  VCPU 0 CP *
                RUNIT
                """);
        Runs.Result r = Runs.run(p, "fair", Runs.seconds(4));
        assertEquals(50, r.meanBusy(WARM)[0], 0.5, "25% of 200 even with a CPU idle");
    }

    @Test
    void cpuPoolCapacity_membersTogether_capped() throws Exception {
        Problem p = Runs.one("""
                LPAR CP.4
                CPUPOOL LINUX CP CAPACITY 1.5
                PROBLEM CAP
                USER A CP.100-R POOL LINUX
                  VCPU 0 CP *
                USER B CP.100-R POOL LINUX
                  VCPU 0 CP *
                USER C CP.100-R POOL LINUX
                  VCPU 0 CP *
                USER D CP.100-R
                  VCPU 0 CP *
                RUNIT
                """);
        Runs.Result r = Runs.run(p, "fair", Runs.seconds(4));
        double[] m = r.meanBusy(WARM);
        assertEquals(150, m[0] + m[1] + m[2], 1.5);
        assertEquals(Runs.ALONE, m[3], 0.5, "outside the pool");
        for (IntervalSample s : r.intervals()) {
            if (s.startMicros() >= WARM) {
                double pool = s.vcpus().get(0).busyPct() + s.vcpus().get(1).busyPct() + s.vcpus().get(2).busyPct();
                assertTrue(pool <= 151.5, "the cap holds per interval: " + pool);
            }
        }
    }

    @Test
    void cpuPoolLimitHard_percentOfType_capped() throws Exception {
        Problem p = Runs.one("""
                LPAR CP.4
                CPUPOOL P CP LIMITHARD 25%
                PROBLEM CAP
                USER A CP.100-R POOL P
                  VCPU 0 CP *
                  VCPU 1 CP *
                RUNIT
                """);
        Runs.Result r = Runs.run(p, "fair", Runs.seconds(4));
        double[] m = r.meanBusy(WARM);
        assertEquals(100, m[0] + m[1], 1.0);
    }
}
