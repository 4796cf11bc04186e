package org.schedlab.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.core.Problem;
import org.schedlab.core.Topology;
import org.schedlab.runner.result.IntervalSample;
import org.schedlab.runner.result.RunSummary;

class DispatcherMechanicsTest {

    private static final long WARM = 1_000_000;

    @Test
    void smt2_twoUnboundedOnOneCore_rawFullMt1AtCapacityFactor() throws Exception {
        Problem p = Runs.one("""
                LPAR IFL.1
                MULTITHREAD IFL.2
                PROBLEM S
                USER A IFL.100-R
                  VCPU 0 IFL *
                USER B IFL.100-R
                  VCPU 0 IFL *
                RUNIT
                """);
        Runs.Result r = Runs.run(p, "fair", Runs.seconds(3));
        double[] raw = r.meanBusy(WARM);
        double[] mt1 = r.meanMt1(WARM);
        assertEquals(Runs.ALONE, raw[0], 0.1);
        assertEquals(Runs.ALONE, raw[1], 0.1);
        // Both threads busy all the time (an always-ready burner's SIE exits cost it nothing when nobody waits).
        assertEquals(65, mt1[0], 0.5, "1.3 / 2 of a thread alone");
        assertEquals(65, mt1[1], 0.5);
        assertEquals(0, r.summary().logicalCpus().get(0).affinityMisses(), "each stays on its own thread");
        assertEquals(0, r.summary().logicalCpus().get(1).affinityMisses());
    }

    @Test
    void smt2_burnerDemandIsRawTime_workFollowsSpeedBesideBusySibling() throws Exception {
        Problem p = Runs.one("""
                LPAR IFL.1
                MULTITHREAD IFL.2
                PROBLEM S
                USER A IFL.100-R
                  VCPU 0 IFL *
                USER B IFL.100-R
                  VCPU 0 IFL 26
                RUNIT
                """);
        Runs.Result r = Runs.run(p, "fair", Runs.seconds(3));
        assertEquals(26, r.meanBusy(WARM)[1], 0.3, "the burner measures its own raw thread time");
        assertEquals(26 * 0.65, r.meanMt1(WARM)[1], 0.3, "beside a busy sibling it works at 1.3 / 2 speed");
        IntervalSample last = r.intervals().get(r.intervals().size() - 1);
        assertEquals(last.vcpus().get(1).mt1BusyPct() * 10, last.vcpus().get(1).etr(), 1e-6,
                "ETR counts work: one transaction per ms of MT1-equivalent time");
    }

    private static final String PREEMPT = """
            LPAR %s
            %s
            PROBLEM P
            USER HOG %s.100-R
              VCPU 0 %s *
            USER D1 %s.10000-R
              VCPU 0 %s 5
            USER D2 %s.10000-R
              VCPU 0 %s 5
            RUNIT
            """;

    @Test
    void preemption_singleThreaded_donorsPreemptHog() throws Exception {
        Problem p = Runs.one(PREEMPT.formatted("CP.1", "", "CP", "CP", "CP", "CP", "CP", "CP"));
        // Share weights: a donor entitled to 99% runs at once when it wakes. (Fluid targets price it at the 5%
        // it uses, so it may wait behind the hog while it has slack in its period: FairMechanismsTest.)
        Runs.Result r = Runs.run(p, "fair:weights=share", Runs.seconds(3));
        assertTrue(r.summary().logicalCpus().get(0).preemptions() > 100);
        assertTrue(r.summary().vcpuDelays().get(1).meanUs() < 100, "a waking donor runs at once");
    }

    @Test
    void preemption_smt2DispatchVectors_off() throws Exception {
        Problem p = Runs.one(PREEMPT.formatted("IFL.1", "MULTITHREAD IFL.2", "IFL", "IFL", "IFL", "IFL", "IFL", "IFL")
                .replace("VCPU 0 IFL *", "VCPU 0 IFL *\n  VCPU 1 IFL *"));
        Runs.Result r = Runs.run(p, "zvm64", Runs.seconds(3));
        for (RunSummary.LogicalCpuStats c : r.summary().logicalCpus()) {
            assertEquals(0, c.preemptions());
        }
        assertTrue(r.summary().vcpuDelays().get(2).meanUs() > 500, "donors wait for a slice to end");
    }

    @Test
    void preemption_smt2GlobalOrder_donorsPreemptHog() throws Exception {
        Problem p = Runs.one(PREEMPT.formatted("IFL.1", "MULTITHREAD IFL.2", "IFL", "IFL", "IFL", "IFL", "IFL", "IFL")
                .replace("VCPU 0 IFL *", "VCPU 0 IFL *\n  VCPU 1 IFL *"));
        Runs.Result r = Runs.run(p, "fair", Runs.seconds(3));
        long preemptions = r.summary().logicalCpus().stream().mapToLong(RunSummary.LogicalCpuStats::preemptions).sum();
        assertTrue(preemptions > 100, "fair preempts under SMT-2 too: " + preemptions);
        assertTrue(r.summary().vcpuDelays().get(2).meanUs() < 100, "a waking donor runs at once");
    }

    private static String stealProblem(String topology) {
        StringBuilder b = new StringBuilder("LPAR CP.4\n" + topology + "\nPROBLEM ST\n");
        for (int u = 0; u < 8; u++) {
            b.append("USER U").append(u).append(" CP.100-R\n  VCPU 0 CP ").append(u % 2 == 0 ? "45" : "40").append('\n');
        }
        return b.append("RUNIT\n").toString();
    }

    private static long steals(Runs.Result r, Topology.Distance d) {
        return r.summary().logicalCpus().stream().mapToLong(c -> c.steals().get(d)).sum();
    }

    @Test
    void steals_oneChip_countedSameChip() throws Exception {
        Runs.Result r = Runs.run(Runs.one(stealProblem("")), "fair", Runs.seconds(3));
        assertTrue(steals(r, Topology.Distance.SAME_CHIP) > 0);
        assertEquals(0, steals(r, Topology.Distance.OTHER_CHIP) + steals(r, Topology.Distance.OTHER_NODE)
                + steals(r, Topology.Distance.SAME_CORE));
    }

    @Test
    void steals_twoChipsOnePerNode_countedByDistance() throws Exception {
        Runs.Result r = Runs.run(Runs.one(stealProblem("TOPOLOGY CHIP.2 NODE.1")), "fair", Runs.seconds(3));
        assertTrue(steals(r, Topology.Distance.SAME_CHIP) > 0);
        assertTrue(steals(r, Topology.Distance.OTHER_NODE) > 0);
        assertEquals(0, steals(r, Topology.Distance.OTHER_CHIP), "one chip per node: no other chip in the same node");
    }

    @Test
    void threadAffinity_bothThreadsPick_eachTakesItsOwn() throws Exception {
        Problem p = Runs.one("""
                LPAR IFL.1
                MULTITHREAD IFL.2
                PROBLEM T
                USER A IFL.100-R
                  VCPU 0 IFL 60
                USER B IFL.100-R
                  VCPU 0 IFL 60
                RUNIT
                """);
        Runs.Result r = Runs.run(p, "fair", Runs.seconds(3));
        long misses = r.summary().logicalCpus().stream().mapToLong(RunSummary.LogicalCpuStats::affinityMisses).sum();
        long dispatches = r.summary().logicalCpus().stream().mapToLong(RunSummary.LogicalCpuStats::dispatches).sum();
        assertTrue(dispatches > 100);
        assertTrue(misses * 20 < dispatches, misses + " thread switches in " + dispatches + " dispatches");
    }

    @Test
    void globalOrder_J2_heaviestAloneOnOneCpu() throws Exception {
        // J2's fair answer needs QGP00003 alone on one CPU: one virtual-time ordered queue per pool finds that. Its
        // target is that whole CPU, so fair keeps the CPU for it over its SIE exits although others wait.
        Runs.Result r = Runs.run(Runs.file("J2"), "fair", Runs.seconds(4));
        double[] m = r.meanBusy(WARM);
        assertEquals(Runs.ALONE, m[3], 0.2);
        assertEquals(50, m[1], 0.5);
    }
}
