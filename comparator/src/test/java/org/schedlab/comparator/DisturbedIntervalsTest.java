package org.schedlab.comparator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.schedlab.solver.Solution;

/**
 * Disturbed intervals (a run on a real kernel whose machine took the CPUs away) are listed with their error and
 * left out of the verdict; without any, a comparison is exactly what it was before disturbance existed.
 */
class DisturbedIntervalsTest {

    private static final double EPS = 1e-12;

    @Test
    void add_disturbedInterval_listedButNotJudged() {
        Solution s = Fixtures.j1();
        double[] c = Fixtures.correct(s);
        ErrorAccumulator acc = new ErrorAccumulator(s, Thresholds.DEFAULT, 1);
        acc.add(new ObservedInterval(0, 1, Fixtures.observedWithError(c, 50)));
        acc.add(new ObservedInterval(1, 2, Fixtures.observedWithError(c, 1)));
        IntervalError bad = acc.add(new ObservedInterval(2, 3, Fixtures.observedWithError(c, 40)), true);
        acc.add(new ObservedInterval(3, 4, Fixtures.observedWithError(c, 3)));
        Comparison r = acc.finish();

        assertTrue(bad.disturbed());
        assertFalse(bad.counted());
        assertEquals(40, bad.errorPct(), 1e-9);
        assertEquals(3, r.maxErrorPct(), 1e-9);
        assertEquals(2, r.meanErrorPct(), 1e-9);
        assertEquals(Verdict.PASS, r.verdict());
        assertEquals(2, r.countedIntervals());
        assertEquals(1, r.excludedIntervals());
        assertEquals(1, r.disturbedIntervals());
        assertEquals(4, r.intervals().size());
    }

    @Test
    void add_disturbedInterval_leftOutOfPerVcpuMeans() {
        Solution s = Fixtures.j1();
        ErrorAccumulator acc = new ErrorAccumulator(s, Thresholds.DEFAULT, 0);
        acc.add(new ObservedInterval(0, 1, new double[] {50, 50, 50, 50}));
        acc.add(new ObservedInterval(1, 2, new double[] {0, 0, 0, 0}), true);
        Comparison r = acc.finish();
        for (VcpuComparison v : r.vcpus()) {
            assertEquals(50, v.meanObserved(), EPS);
        }
    }

    /** With nothing disturbed the two ways of adding agree bit for bit: the model's comparisons do not move. */
    @Test
    void add_neverDisturbed_sameComparisonAsBefore() {
        Random random = new Random(7);
        for (int round = 0; round < 50; round++) {
            Solution s = random.nextBoolean() ? Fixtures.j2() : Fixtures.j3();
            double warmup = random.nextInt(4);
            ErrorAccumulator plain = new ErrorAccumulator(s, Thresholds.DEFAULT, warmup);
            ErrorAccumulator flagged = new ErrorAccumulator(s, Thresholds.DEFAULT, warmup);
            int n = 5 + random.nextInt(20);
            for (int t = 0; t < n; t++) {
                double[] o = new double[plain.dimensions()];
                for (int i = 0; i < o.length; i++) {
                    o[i] = 100 * random.nextDouble();
                }
                plain.add(new ObservedInterval(t, t + 1, o));
                flagged.add(new ObservedInterval(t, t + 1, o), false);
            }
            assertEquals(plain.finish(), flagged.finish());
            assertEquals(0, plain.finish().disturbedIntervals());
        }
    }

    @Test
    void finish_everyCountedIntervalDisturbed_refusesAVerdict() {
        Solution s = Fixtures.j1();
        ErrorAccumulator acc = new ErrorAccumulator(s, Thresholds.DEFAULT, 1);
        acc.add(new ObservedInterval(0, 1, new double[] {50, 50, 50, 50}));
        acc.add(new ObservedInterval(1, 2, new double[] {50, 50, 50, 50}), true);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, acc::finish);
        assertEquals("no intervals to compare: all 2 intervals start before the end of the 1 s warm-up or are "
                + "disturbed (1 after the warm-up)", e.getMessage());
    }

    @Test
    void comparison_disturbedIntervalCounted_rejected() {
        assertThrows(IllegalArgumentException.class, () -> new IntervalError(0, 1, 1, true, true));
        List<IntervalError> wrong = List.of(new IntervalError(0, 1, 1, true), new IntervalError(1, 2, 1, false, false));
        assertThrows(IllegalArgumentException.class, () -> new Comparison(wrong, 0, true, Thresholds.DEFAULT,
                List.of()));
    }

    /** A problem that changes while it runs: a disturbed interval is not a phase's transient nor its worst error. */
    @Test
    void add_phasedDisturbedInterval_leftOutOfSettling() {
        org.schedlab.solver.PhasedSolution s = org.schedlab.solver.Solver.solvePhases(PhaseComparisonTest.shares());
        ErrorAccumulator acc = new ErrorAccumulator(s, Thresholds.DEFAULT, 0);
        for (int t = 0; t < 30; t++) {
            double[] c = s.correct(s.phaseAt(t));
            // In phase 1 (10..20 s), its last interval disturbed and far off: it must not hold the phase unsettled.
            acc.add(new ObservedInterval(t, t + 1, t == 19 ? new double[] {90, 10, 0} : c), t == 19);
        }
        Comparison c = acc.finish();
        PhaseComparison p = c.phases().get(1);
        assertTrue(p.settled());
        assertEquals(0, p.settleS(), 1e-12);
        assertEquals(0, p.worstErrorPct(), 1e-9);
        assertEquals(1, c.disturbedIntervals());
        assertEquals(Verdict.PASS, c.verdict());
        assertEquals(29, c.countedIntervals());
    }
}
