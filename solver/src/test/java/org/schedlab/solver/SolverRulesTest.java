package org.schedlab.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.solver.Answers.EXACT;
import static org.schedlab.solver.Answers.assertCorrect;
import static org.schedlab.solver.Answers.assertPool;
import static org.schedlab.solver.Answers.bucket;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.core.CpuPool;
import org.schedlab.core.EngineType;

/** Hand-computed cases for each rule of docs/solver.md that the worked answers do not reach. */
class SolverRulesTest {

    @Test
    void absoluteSharesOver99_scaledSoRelativeUserKeepsOnePercent() {
        // C = 400; Σa = 110 > 99, so each absolute share is scaled by 99/110:
        // 60% -> 216, 50% -> 180, and the relative user keeps 400 - 396 = 4.
        Solution s = Fixture.lpar("CP.4")
                .user("A", "CP.60-A").vcpu("0 CP *").vcpu("1 CP *").vcpu("2 CP *").vcpu("3 CP *")
                .user("B", "CP.50-A").vcpu("0 CP *").vcpu("1 CP *").vcpu("2 CP *").vcpu("3 CP *")
                .user("C", "CP.100-R").vcpu("0 CP *")
                .solve("ABS99");
        assertEquals(216, bucket(s, "A", EngineType.CP).entitlement(), EXACT);
        assertEquals(180, bucket(s, "B", EngineType.CP).entitlement(), EXACT);
        assertEquals(4, bucket(s, "C", EngineType.CP).entitlement(), EXACT);
        assertPool(s, EngineType.CP, 54, 54, 54, 54, 45, 45, 45, 45, 4);
    }

    @Test
    void relativeLimit_withAbsoluteUserPresent_splitsWhatAbsoluteLeaves() {
        // C = 200; A's 20% takes 40, leaving 160. Set S for B: {A 20%, B R50, C R150},
        // so B's limit is 160 × 50/200 = 40 (its entitlement is 160 × 100/250 = 64).
        // C stops at one CPU (100); A takes the rest: 200 - 40 - 100 = 60.
        Solution s = Fixture.lpar("CP.2")
                .user("A", "CP.20-A").vcpu("0 CP *")
                .user("B", "CP.100-R,50-RL").vcpu("0 CP *")
                .user("C", "CP.150-R").vcpu("0 CP *")
                .solve("RLABS");
        assertEquals(64, bucket(s, "B", EngineType.CP).entitlement(), EXACT);
        assertEquals(40, bucket(s, "B", EngineType.CP).limit(), EXACT);
        assertPool(s, EngineType.CP, 60, 40, 100);
    }

    @Test
    void absoluteMinWithRelativeLimitBelowIt_limitGoverns() {
        // The report's "mixing share flavors": ABSOLUTE 25% RELATIVE 200 LIMITHARD. C = 400.
        // Entitlement 100; set S {X R200, Y R1000, Z R1000} gives the limit 400 × 200/2200 = 400/11,
        // below the entitlement. X's two vcpus share it; Y and Z's eight split the remaining 4000/11.
        Solution s = Fixture.lpar("CP.4")
                .user("X", "CP.25-A,200-RL").vcpu("0 CP *").vcpu("1 CP *")
                .user("Y", "CP.1000-R").vcpu("0 CP *").vcpu("1 CP *").vcpu("2 CP *").vcpu("3 CP *")
                .user("Z", "CP.1000-R").vcpu("0 CP *").vcpu("1 CP *").vcpu("2 CP *").vcpu("3 CP *")
                .solve("MIX");
        Bucket x = bucket(s, "X", EngineType.CP);
        assertEquals(100, x.entitlement(), EXACT);
        assertEquals(400.0 / 11, x.limit(), EXACT);
        double y = 500.0 / 11;
        assertPool(s, EngineType.CP, 200.0 / 11, 200.0 / 11, y, y, y, y, y, y, y, y);
    }

    @Test
    void stoppedSiblings_userShareGoesToRunningVcpus() {
        // C = 100, A and B have 50 each. A's share all goes to its one running vcpu;
        // B's is split three ways. C has only a stopped vcpu: no bucket, no entitlement.
        Solution s = Fixture.lpar("CP.1")
                .user("A", "CP.100-R").vcpu("0 CP *").vcpu("1 CP * STOPPED").vcpu("2 CP * STOPPED")
                .user("B", "CP.100-R").vcpu("0 CP *").vcpu("1 CP *").vcpu("2 CP *")
                .user("C", "CP.100-R").vcpu("0 CP * STOPPED")
                .solve("STOP");
        assertEquals(2, s.buckets().size());
        assertEquals(1, bucket(s, "A", EngineType.CP).running().size());
        assertCorrect(s, "A.0", 50);
        assertCorrect(s, "A.1", 0);
        assertCorrect(s, "A.2", 0);
        assertCorrect(s, "C.0", 0);
        assertPool(s, EngineType.CP, 50, 50.0 / 3, 50.0 / 3, 50.0 / 3);
        VcpuAnswer stopped = s.find("A", "1").orElseThrow();
        assertEquals(0, stopped.entitlement());
        assertTrue(stopped.limit().isEmpty());
    }

    @Test
    void affinityOffZiip_simulatedOnCpWithItsZiipShareInSeparateBucket() {
        // CP pool (C = 100) holds A/CP R100, A/ZIIP R300 and B/CP R100: 20, 60, 20.
        // The zIIP pool holds only C, which gets the whole zIIP.
        Solution s = Fixture.lpar("CP.1 ZIIP.1")
                .user("A", "CP.100-R ZIIP.300-R").affinityOff().vcpu("0 CP *").vcpu("1 ZIIP *")
                .user("B", "CP.100-R").vcpu("0 CP *")
                .user("C", "ZIIP.100-R").vcpu("0 ZIIP *")
                .solve("AFF");
        Bucket simulated = bucket(s, "A", EngineType.ZIIP);
        assertEquals(EngineType.CP, simulated.pool());
        assertEquals(60, simulated.entitlement(), EXACT);
        assertEquals(4, s.buckets().size());
        assertCorrect(s, "A.0", 20);
        assertCorrect(s, "A.1", 60);
        assertCorrect(s, "B.0", 20);
        assertPool(s, EngineType.ZIIP, 100);
    }

    @Test
    void ziipWithoutZiipsInPartition_runsInCpPool() {
        // C = 300: A/ZIIP R300 -> 150, A/CP R100 -> 50, B/CP R200 -> 100 (two vcpus, 50 each).
        // A's zIIP stops at 100; the other three rise together to fill 300: 200/3 each.
        Solution s = Fixture.lpar("CP.3")
                .user("A", "ZIIP.300-R CP.100-R").vcpu("0 ZIIP *").vcpu("1 CP *")
                .user("B", "CP.200-R").vcpu("0 CP *").vcpu("1 CP *")
                .solve("NOZIIP");
        assertEquals(EngineType.CP, s.find("A", "0").orElseThrow().pool());
        assertEquals(150, bucket(s, "A", EngineType.ZIIP).entitlement(), EXACT);
        assertPool(s, EngineType.CP, 100, 200.0 / 3, 200.0 / 3, 200.0 / 3);
        assertEquals(1, s.pools().size());
    }

    @Test
    void cpuPoolLimitHard_capsMembersTogetherAndLeavesCapacityIdle() {
        // C = 400, pool cap 25% = 100 over A and B's four vcpus (25 each); C stops at one CPU.
        Solution s = Fixture.lpar("CP.4").cpuPool("P1", "CP", CpuPool.Kind.LIMITHARD, 25)
                .user("A", "CP.100-R").pool("p1").vcpu("0 CP *").vcpu("1 CP *")
                .user("B", "CP.100-R").pool("P1").vcpu("0 CP *").vcpu("1 CP *")
                .user("C", "CP.100-R").vcpu("0 CP *")
                .solve("POOLHARD");
        assertPool(s, EngineType.CP, 25, 25, 25, 25, 100);
        assertEquals(200, s.pools().get(0).idle(), EXACT);
    }

    @Test
    void cpuPoolCapacity_capsMembersAtLogicalCpusWorth() {
        Solution s = Fixture.lpar("CP.4").cpuPool("P1", "CP", CpuPool.Kind.CAPACITY, 1.5)
                .user("A", "CP.100-R").pool("P1").vcpu("0 CP *").vcpu("1 CP *")
                .user("B", "CP.100-R").pool("P1").vcpu("0 CP *").vcpu("1 CP *")
                .user("C", "CP.100-R").vcpu("0 CP *")
                .solve("POOLCAP");
        assertPool(s, EngineType.CP, 37.5, 37.5, 37.5, 37.5, 100);
    }

    @Test
    void cpuPool_doesNotCapMembersVcpusInOtherDispatchPools() {
        // An IFL pool of 0.5 CPUs caps A's IFL vcpu, not its CP vcpu.
        Solution s = Fixture.lpar("CP.1 IFL.2").cpuPool("LINUX", "IFL", CpuPool.Kind.CAPACITY, 0.5)
                .user("A", "").pool("linux").vcpu("0 IFL *").vcpu("1 CP *")
                .user("B", "").vcpu("0 IFL *")
                .solve("POOLTYPE");
        assertCorrect(s, "A.0", 50);
        assertCorrect(s, "A.1", 100);
        assertCorrect(s, "B.0", 100);
        assertTrue(bucket(s, "A", EngineType.IFL).cpuPool().isPresent());
        assertTrue(bucket(s, "A", EngineType.CP).cpuPool().isEmpty());
    }

    @Test
    void smtTwoThreads_threeIflCoresGiveSixHundred() {
        // C = 600 thread-percent: the absolute user takes 10% = 60, seven relative users 540/7 each.
        Fixture f = Fixture.lpar("CP.1 IFL.3").multithread("IFL.2")
                .user("ABS", "IFL.10-A").vcpu("0 IFL *");
        for (int i = 0; i < 7; i++) {
            f.user("R" + i, "IFL.100-R").vcpu("0 IFL *");
        }
        Solution s = f.solve("SMT");
        PoolAllocation ifl = s.pools().stream().filter(p -> p.type() == EngineType.IFL).findFirst().orElseThrow();
        assertEquals(600, ifl.capacity());
        assertEquals(600, ifl.allocated(), EXACT);
        double r = 540.0 / 7;
        assertPool(s, EngineType.IFL, 60, r, r, r, r, r, r, r);
    }

    @Test
    void limitSoft_twoScavengersOfDifferentWeight_splitLeftoverByEqualNormalizedConsumption() {
        // C = 200, Σr = 600: D, S1, H entitled 200/6, S2 100. The share-based filling stops at
        // D 10 (demand), S1 20 and S2 20 (soft limits, 10% each), H 60 (hard limit): 110, 90 idle.
        // Scavenging from x/w: S2 (w 100) starts at μ 0.2, S1 (w 100/3) at 0.6; they meet the
        // pool's 200 at μ 0.975: S1 32.5, S2 97.5. Hard-limited H stays at 60.
        Solution s = Fixture.lpar("CP.2")
                .user("D", "CP.100-R").vcpu("0 CP 10")
                .user("S1", "CP.100-R,10-AS").vcpu("0 CP *")
                .user("S2", "CP.300-R,10-AS").vcpu("0 CP *")
                .user("H", "CP.100-R,30-AL").vcpu("0 CP *")
                .solve("SOFT2");
        assertPool(s, EngineType.CP, 10, 32.5, 97.5, 60);
    }

    @Test
    void limitSoft_noIdleCapacity_heldAtLimit() {
        Solution s = Fixture.lpar("CP.1")
                .user("S", "CP.100-R,10-AS").vcpu("0 CP *")
                .user("U", "CP.100-R").vcpu("0 CP *")
                .solve("SOFTHELD");
        assertPool(s, EngineType.CP, 10, 90);
    }

    @Test
    void limitSoftScavenger_stillHeldByItsCpuPool() {
        // The scavenger may leave its soft limit behind but not its CPU pool's 30.
        Solution s = Fixture.lpar("CP.2").cpuPool("P", "CP", CpuPool.Kind.CAPACITY, 0.3)
                .user("S", "CP.100-R,10-AS").pool("P").vcpu("0 CP *")
                .user("U", "CP.100-R").vcpu("0 CP 50")
                .solve("SOFTPOOL");
        assertPool(s, EngineType.CP, 30, 50);
    }

    @Test
    void demandZeroBuckets_stillTakeEntitlement() {
        // Entitlement counts every bucket, idle or not: B's 0% vcpu still holds half the pool's entitlement.
        Solution s = Fixture.lpar("CP.1")
                .user("A", "CP.100-R").vcpu("0 CP *")
                .user("B", "CP.100-R").vcpu("0 CP 0")
                .solve("IDLE");
        assertEquals(50, bucket(s, "A", EngineType.CP).entitlement(), EXACT);
        assertEquals(50, bucket(s, "B", EngineType.CP).entitlement(), EXACT);
        assertPool(s, EngineType.CP, 100, 0);
    }

    @Test
    void vcpuAnswer_carriesDemandEntitlementAndBucketLimit() {
        Solution s = Fixture.lpar("CP.1 ZIIP.2")
                .user("QGP00001", "ZIIP.200-R,50-RL").vcpu("0 ZIIP 30").vcpu("1 ZIIP *")
                .user("QGP00000", "ZIIP.200-R").vcpu("0 ZIIP *")
                .solve("ANSWER");
        VcpuAnswer a = s.find("qgp00001", "00").orElseThrow();
        assertEquals(30, a.demand().orElseThrow());
        assertEquals(50, a.entitlement(), EXACT);
        assertEquals(40, a.limit().orElseThrow(), EXACT);
        assertTrue(s.find("QGP00001", "1").orElseThrow().demand().isEmpty());
        assertEquals(List.of(EngineType.CP, EngineType.ZIIP), s.pools().stream().map(PoolAllocation::type).toList());
    }
}
