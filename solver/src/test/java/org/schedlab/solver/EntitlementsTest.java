package org.schedlab.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.schedlab.solver.Answers.EXACT;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.core.EngineType;
import org.schedlab.core.LimitMode;
import org.schedlab.core.Problem;
import org.schedlab.core.ShareAmount;
import org.schedlab.testkit.RandomProblems;

class EntitlementsTest {

    @Test
    void ofShares_reportExample_absoluteFirstThenRelativeByWeight() {
        // The report's example ("CP Scheduler Improvements", "Background"): 600%, UA ABSOLUTE 15%, UR1..3 RELATIVE 100/200/300.
        double[] e = Entitlements.of(600, List.of(ShareAmount.absolute(15), ShareAmount.relative(100),
                ShareAmount.relative(200), ShareAmount.relative(300)));
        assertEquals(90, e[0], EXACT);
        assertEquals(85, e[1], EXACT);
        assertEquals(170, e[2], EXACT);
        assertEquals(255, e[3], EXACT);
    }

    @Test
    void ofShares_absoluteOver99_scaledSoRelativeKeepsOnePercent() {
        double[] e = Entitlements.of(200, List.of(ShareAmount.absolute(60), ShareAmount.absolute(60),
                ShareAmount.relative(100)));
        assertEquals(99, e[0], EXACT);
        assertEquals(99, e[1], EXACT);
        assertEquals(2, e[2], EXACT);
    }

    @Test
    void of_bucketsInFileOrderOfFirstRunningVcpu() {
        Problem p = Fixture.lpar("CP.1 ZIIP.1")
                .user("A", "").vcpu("0 ZIIP * STOPPED").vcpu("1 CP *").vcpu("2 ZIIP *").vcpu("3 CP 5")
                .user("B", "").vcpu("0 ZIIP *").vcpu("1 CP * STOPPED")
                .problem("ORDER");
        List<String> ids = Entitlements.of(p).stream().map(Bucket::id).toList();
        assertEquals(List.of("A/CP", "A/ZIIP", "B/ZIIP"), ids);
        assertEquals(2, Entitlements.of(p).get(0).running().size());
        assertEquals(p.vcpus(), Entitlements.layout(p).placed());
    }

    @Test
    void of_sameListAsSolutionBuckets() {
        Problem p = RandomProblems.generate(7, 200);
        assertEquals(Entitlements.of(p), Solver.solve(p).buckets());
    }

    @Test
    void of_entitlementsOfAPool_addUpToItsCapacity() {
        // The seed's worked example: 6 CPUs, UA ABSOLUTE 15% = 90, then 510 split 100:200:300.
        Problem p = Fixture.lpar("CP.6")
                .user("UA", "CP.15-A").vcpu("0 CP *")
                .user("UR1", "CP.100-R").vcpu("0 CP *")
                .user("UR2", "CP.200-R").vcpu("0 CP *")
                .user("UR3", "CP.300-R").vcpu("0 CP *")
                .problem("R4");
        assertEquals(List.of(90.0, 85.0, 170.0, 255.0),
                Entitlements.of(p).stream().map(Bucket::entitlement).toList());
    }

    @Test
    void of_absoluteOnlyPool_promisesAtMost99Percent() {
        Problem p = Fixture.lpar("CP.1")
                .user("A", "CP.100-A").vcpu("0 CP *")
                .problem("ALL");
        assertEquals(99, Entitlements.of(p).get(0).entitlement(), EXACT);
    }

    @Test
    void of_absoluteLimit_notScaledBy99Rule() {
        // Σa = 150 scales min-shares, but the 70% limit is 70% of capacity.
        Problem p = Fixture.lpar("CP.1")
                .user("A", "CP.100-A,70-AL").vcpu("0 CP *")
                .user("B", "CP.50-A").vcpu("0 CP *")
                .problem("ABSLIM");
        Bucket a = Entitlements.of(p).get(0);
        assertEquals(66, a.entitlement(), EXACT);
        assertEquals(70, a.limit(), EXACT);
        assertEquals(LimitMode.HARD, a.limitMode().orElseThrow());
    }

    @Test
    void of_relativeLimitOfAbsoluteBucket_setSDropsItsAbsoluteShare() {
        // Set S for A: {A R100, B 100%, C 20%}: the absolute 120 is scaled to 99, and A, the only
        // relative bucket of set S, gets the remaining 1% of 200.
        Problem p = Fixture.lpar("CP.2")
                .user("A", "CP.30-A,100-RS").vcpu("0 CP *")
                .user("B", "CP.100-A").vcpu("0 CP *")
                .user("C", "CP.20-A").vcpu("0 CP *")
                .problem("SETS");
        Bucket a = Entitlements.of(p).get(0);
        assertEquals(200 * 30 * (99.0 / 150) / 100, a.entitlement(), EXACT);
        assertEquals(2, a.limit(), EXACT);
    }

    @Test
    void of_noLimit_isInfinite() {
        Problem p = Fixture.lpar("CP.1").user("A", "").vcpu("0 CP *").problem("NOLIM");
        Bucket a = Entitlements.of(p).get(0);
        assertEquals(Double.POSITIVE_INFINITY, a.limit());
        assertEquals(100, a.entitlement());
        assertEquals(EngineType.CP, a.pool());
    }

    @Test
    void of_allVcpusStopped_noBuckets() {
        Problem p = Fixture.lpar("CP.1").user("A", "").vcpu("0 CP * STOPPED").problem("NONE");
        assertEquals(List.of(), Entitlements.of(p));
        Solution s = Solver.solve(p);
        assertEquals(0, s.pools().get(0).allocated());
        assertEquals(1, s.vcpus().size());
        assertEquals(0, s.running().size());
    }

    @Test
    void of_returnsImmutableList() {
        Problem p = Fixture.lpar("CP.1").user("A", "").vcpu("0 CP *").problem("IMM");
        assertThrows(UnsupportedOperationException.class, () -> Entitlements.of(p).clear());
    }
}
