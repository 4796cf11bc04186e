package org.schedlab.comparator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.schedlab.comparator.FailureClass.Kind;
import org.schedlab.comparator.FailureClass.Pool;
import org.schedlab.comparator.FailureClass.Vcpu;
import org.schedlab.core.Demand;
import org.schedlab.core.EngineType;
import org.schedlab.core.LimitMode;
import org.schedlab.core.LimitShare;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.RunControl;
import org.schedlab.core.Share;
import org.schedlab.core.ShareAmount;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.Srm;
import org.schedlab.core.Topology;
import org.schedlab.core.User;
import org.schedlab.core.VirtualCpu;
import org.schedlab.solver.Solution;
import org.schedlab.solver.Solver;

class FailureClassTest {

    private static final double TOL = 1;

    private static Vcpu cp(String id, double correct, double observed) {
        return new Vcpu(id, "CP", correct, observed);
    }

    private static Vcpu ziip(String id, double correct, double observed) {
        return new Vcpu(id, "ZIIP", correct, observed);
    }

    @Test
    void classify_everyMeanWithinTolerance_ok() {
        FailureClass c = FailureClass.classify(List.of(cp("A.0", 50, 50.6), cp("B.0", 50, 49.4)),
                List.of(new Pool("CP", 100, 100)), TOL);
        assertEquals(Kind.OK, c.kind());
        assertTrue(c.pools().get(0).overServed().isEmpty() && c.pools().get(0).underServed().isEmpty());
    }

    /** J1-like: two virtual CPUs share a core while a third has one to itself. */
    @Test
    void classify_overAndUnderServedInOnePool_misallocation() {
        FailureClass c = FailureClass.classify(
                List.of(cp("A.0", 66.7, 100), cp("B.0", 66.7, 50), cp("C.0", 66.7, 50)),
                List.of(new Pool("CP", 200, 200)), TOL);
        assertEquals(Kind.MISALLOCATION, c.kind());
        assertEquals(List.of("A.0"), c.pools().get(0).overServed());
        assertEquals(List.of("B.0", "C.0"), c.pools().get(0).underServed());
    }

    /** AL1-like: the recipient shares a zIIP with the donors while capacity goes unused; nobody gets too much. */
    @Test
    void classify_underServedWithIdleCapacityNobodyOver_largeJar() {
        FailureClass c = FailureClass.classify(
                List.of(ziip("D1.1", 10, 10), ziip("D2.1", 20, 20), ziip("R.1", 100, 85), ziip("L.1", 50, 50)),
                List.of(new Pool("ZIIP", 200, 165)), TOL);
        assertEquals(Kind.LARGE_JAR, c.kind());
        assertEquals(List.of("R.1"), c.pools().get(0).underServed());
        assertEquals(35, c.pools().get(0).idle(), 1e-9);
    }

    /** The shortfall went to others in slivers below the tolerance each: still someone else ran it. */
    @Test
    void classify_underServedNoIdleOverSpreadThin_misallocation() {
        FailureClass c = FailureClass.classify(
                List.of(cp("A.0", 25, 22), cp("B.0", 25, 25.9), cp("C.0", 25, 25.9), cp("D.0", 25, 25.9)),
                List.of(new Pool("CP", 100, 99.7)), TOL);
        assertEquals(Kind.MISALLOCATION, c.kind());
        assertTrue(c.pools().get(0).overServed().isEmpty());
    }

    /** A hard limit not held while nobody else wanted the CPU: nobody is short, but the rule is broken. */
    @Test
    void classify_overServedOnly_overServed() {
        FailureClass c = FailureClass.classify(List.of(cp("L.0", 25, 60), cp("B.0", 10, 10)),
                List.of(new Pool("CP", 200, 70)), TOL);
        assertEquals(Kind.OVER_SERVED, c.kind());
        assertTrue(c.kind().defect());
    }

    @Test
    void classify_overAndUnderInDifferentPools_eachPoolOnItsOwn() {
        FailureClass c = FailureClass.classify(List.of(cp("A.0", 50, 40), ziip("B.1", 50, 70)),
                List.of(new Pool("CP", 100, 40), new Pool("ZIIP", 100, 70)), TOL);
        assertEquals(Kind.LARGE_JAR, c.pools().get(0).kind());
        assertEquals(Kind.OVER_SERVED, c.pools().get(1).kind());
        assertEquals(Kind.OVER_SERVED, c.kind());
    }

    @Test
    void classify_largeJarAndMisallocationInTwoPools_worstDecides() {
        FailureClass c = FailureClass.classify(
                List.of(cp("A.0", 50, 60), cp("B.0", 50, 40), ziip("C.1", 100, 80)),
                List.of(new Pool("ZIIP", 200, 80), new Pool("CP", 100, 100)), TOL);
        assertEquals(List.of(Kind.LARGE_JAR, Kind.MISALLOCATION), c.pools().stream().map(p -> p.kind()).toList());
        assertEquals(Kind.MISALLOCATION, c.kind());
        assertTrue(Kind.MISALLOCATION.defect() && !Kind.LARGE_JAR.defect() && !Kind.OK.defect());
    }

    @Test
    void classify_deviationExactlyTolerance_ok() {
        FailureClass c = FailureClass.classify(List.of(cp("A.0", 50, 51), cp("B.0", 50, 49)),
                List.of(new Pool("CP", 100, 100)), TOL);
        assertEquals(Kind.OK, c.kind());
    }

    @Test
    void classify_deviationJustOverTolerance_classified() {
        FailureClass c = FailureClass.classify(List.of(cp("A.0", 50, 51.01), cp("B.0", 50, 48.99)),
                List.of(new Pool("CP", 100, 100)), TOL);
        assertEquals(Kind.MISALLOCATION, c.kind());
    }

    @Test
    void classify_idleExactlyTolerance_notALargeJar() {
        FailureClass c = FailureClass.classify(List.of(cp("A.0", 99, 97), cp("B.0", 1, 2)),
                List.of(new Pool("CP", 100, 99)), TOL);
        assertEquals(Kind.MISALLOCATION, c.kind());
    }

    @Test
    void classify_idleJustOverTolerance_largeJar() {
        FailureClass c = FailureClass.classify(List.of(cp("A.0", 99, 97), cp("B.0", 1, 1.99)),
                List.of(new Pool("CP", 100, 98.99)), TOL);
        assertEquals(Kind.LARGE_JAR, c.kind());
    }

    @Test
    void classify_inconsistentInput_rejected() {
        List<Pool> cp = List.of(new Pool("CP", 100, 50));
        assertThrows(IllegalArgumentException.class, () -> FailureClass.classify(List.of(ziip("A.1", 1, 1)), cp, TOL));
        assertThrows(IllegalArgumentException.class,
                () -> FailureClass.classify(List.of(cp("A.0", 1, 1), cp("A.0", 1, 1)), cp, TOL));
        assertThrows(IllegalArgumentException.class,
                () -> FailureClass.classify(List.of(), List.of(new Pool("CP", 1, 1), new Pool("CP", 1, 1)), TOL));
        assertThrows(IllegalArgumentException.class, () -> FailureClass.classify(List.of(), cp, -1));
    }

    /** AL1 solved for real, its comparison built from two observed intervals: the pools come from the solution. */
    @Test
    void classify_solutionAndComparison_usesDispatchPoolsAndMeans() {
        Solution al1 = Solver.solve(al1());
        // Running order is file order, each user's CP then zIIP. Correct: CP 0 each; zIIP 10, 20, 100, 50
        // (ABSOLUTE 25% of two zIIPs).
        double[] jar = {0, 10, 0, 20, 0, 85, 0, 50};
        double[] wrong = {0, 10, 0, 20, 0, 80, 0, 60};
        assertEquals(Kind.LARGE_JAR, FailureClass.classify(al1, compare(al1, jar), TOL).kind());
        FailureClass w = FailureClass.classify(al1, compare(al1, wrong), TOL);
        assertEquals(Kind.MISALLOCATION, w.kind());
        assertEquals("ZIIP MISALLOCATION over QGP00004.1 under QGP00003.1 idle 30",
                w.pools().stream().filter(p -> p.pool().equals("ZIIP")).findFirst().orElseThrow().summary());
    }

    private static Comparison compare(Solution s, double[] observed) {
        ErrorAccumulator acc = new ErrorAccumulator(s, Thresholds.DEFAULT, 0);
        acc.add(new ObservedInterval(0, 1, observed));
        acc.add(new ObservedInterval(1, 2, observed));
        return acc.finish();
    }

    private static Problem al1() {
        SourceLocation at = SourceLocation.UNKNOWN;
        Map<EngineType, Integer> cores = new LinkedHashMap<>();
        cores.put(EngineType.CP, 1);
        cores.put(EngineType.ZIIP, 2);
        Partition lpar = new Partition(cores, Map.of(), Topology.singleChip(at), Srm.DEFAULT, List.of(), at);
        String[] names = {"QGP00001", "QGP00002", "QGP00003", "QGP00004"};
        Demand[] ziip = {Demand.of(10), Demand.of(20), Demand.UNBOUNDED, Demand.UNBOUNDED};
        List<User> users = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            List<Share> shares = i < 3 ? List.of()
                    : List.of(new Share(EngineType.ZIIP, ShareAmount.absolute(25),
                            Optional.of(new LimitShare(ShareAmount.absolute(25), LimitMode.HARD)), at));
            users.add(new User(names[i], shares, Optional.empty(), true,
                    List.of(new VirtualCpu("0", EngineType.CP, Demand.of(0), false, at),
                            new VirtualCpu("1", EngineType.ZIIP, ziip[i], false, at)), at));
        }
        return new Problem("AL1", lpar, users, RunControl.NONE, at);
    }
}
