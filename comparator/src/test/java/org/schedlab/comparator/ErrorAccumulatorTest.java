package org.schedlab.comparator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.comparator.Fixtures.cp;
import static org.schedlab.comparator.Fixtures.stopped;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.schedlab.solver.Solution;

class ErrorAccumulatorTest {

    private static final double EPS = 1e-9;

    /**
     * docs/comparator.md's table, row by row: ten synthetic intervals against the real correct vector,
     * one at the report's max and nine at the value that makes the mean the report's mean.
     */
    @ParameterizedTest(name = "{0}, {1}: mean {2}, max {3} -> {4}")
    @CsvSource({
        "J1,  z/VM 6.3,            4.76,  23.78, FAIL",
        "J1,  repaired driver,     0.26,  0.58,  PASS",
        "J2,  z/VM 6.3,            27.1,  41.4,  FAIL",
        "J2,  repaired driver,     1.58,  1.81,  PASS",
        "J3,  z/VM 6.3,            20.29, 32.02, FAIL",
        "J3,  repaired driver,     1.59,  1.90,  PASS",
        "MZ0, z/VM 6.3,            81.04, 83.02, FAIL",
        "MZ0, repaired driver,     5.17,  6.48,  FAIL",
        "MZ0, experimental driver, 0.88,  0.98,  PASS",
    })
    void finish_reportTableRow_reproducesMeanMaxAndVerdict(String problem, String system, double mean, double max,
                                                           Verdict verdict) {
        Solution s = switch (problem) {
            case "J1" -> Fixtures.j1();
            case "J2" -> Fixtures.j2();
            case "J3" -> Fixtures.j3();
            default -> Fixtures.mz0();
        };
        double[] c = Fixtures.correct(s);
        int k = 10;
        double rest = (k * mean - max) / (k - 1);
        ErrorAccumulator acc = new ErrorAccumulator(s, Thresholds.DEFAULT, 0);
        for (int t = 0; t < k; t++) {
            double target = t == 3 ? max : rest;
            double[] o = Fixtures.observedWithError(c, target);
            for (double x : o) {
                assertTrue(x >= 0 && x <= 100, "synthetic observation out of range: " + x);
            }
            IntervalError e = acc.add(new ObservedInterval(t, t + 1, o));
            assertEquals(target, e.errorPct(), EPS);
        }
        Comparison r = acc.finish();

        assertEquals(mean, r.meanErrorPct(), EPS);
        assertEquals(max, r.maxErrorPct(), EPS);
        assertEquals(String.format(Locale.ROOT, "%.2f", mean), String.format(Locale.ROOT, "%.2f", r.meanErrorPct()));
        assertEquals(String.format(Locale.ROOT, "%.2f", max), String.format(Locale.ROOT, "%.2f", r.maxErrorPct()));
        assertTrue(r.relative());
        assertEquals(verdict, r.verdict(), problem + " on " + system);
    }

    @Test
    void add_knownVector_computesEuclideanRelativeError() {
        ErrorAccumulator acc = new ErrorAccumulator(Fixtures.j2(), Thresholds.DEFAULT, 0);
        // e = (5, -5, 5, -5): |e| = 10; |c| = sqrt(625 + 2500 + 625 + 10000) = sqrt(13750).
        IntervalError e = acc.add(new ObservedInterval(0, 1, new double[] {30, 45, 30, 95}));
        assertEquals(100 * 10 / Math.sqrt(13750), e.errorPct(), EPS);
        assertTrue(e.counted());
    }

    @Test
    void finish_allZeroCorrectVector_reportsAbsoluteErrorFlagged() {
        Solution s = Fixtures.solution("Z", cp("A", "0", 0), cp("B", "0", 0));
        ErrorAccumulator acc = new ErrorAccumulator(s, Thresholds.DEFAULT, 0);
        assertFalse(acc.relative());
        acc.add(new ObservedInterval(0, 1, new double[] {3, 4}));
        acc.add(new ObservedInterval(1, 2, new double[] {6, 8}));
        Comparison r = acc.finish();

        assertFalse(r.relative());
        assertEquals(5, r.intervals().get(0).errorPct(), EPS);
        assertEquals(10, r.maxErrorPct(), EPS);
        assertEquals(7.5, r.meanErrorPct(), EPS);
        assertEquals(Verdict.FAIL, r.verdict());
    }

    @Test
    void finish_noRunningVirtualCpus_isAbsoluteZeroAndPasses() {
        Solution s = Fixtures.solution("S", stopped("A", "0"));
        ErrorAccumulator acc = new ErrorAccumulator(s, Thresholds.DEFAULT, 0);
        assertEquals(0, acc.dimensions());
        acc.add(new ObservedInterval(0, 1, new double[0]));
        Comparison r = acc.finish();
        assertFalse(r.relative());
        assertEquals(0, r.maxErrorPct());
        assertEquals(Verdict.PASS, r.verdict());
    }

    @Test
    void constructor_stoppedVirtualCpu_isNoDimension() {
        Solution s = Fixtures.solution("S", cp("A", "0", 50), stopped("A", "1"), cp("B", "0", 50));
        ErrorAccumulator acc = new ErrorAccumulator(s, Thresholds.DEFAULT, 0);
        assertEquals(2, acc.dimensions());
        acc.add(new ObservedInterval(0, 1, new double[] {50, 50}));
        assertEquals(List.of("A.0", "B.0"), acc.finish().vcpus().stream().map(VcpuComparison::id).toList());
    }

    @Test
    void finish_warmup_excludesIntervalsStartingBeforeIt() {
        ErrorAccumulator acc = new ErrorAccumulator(Fixtures.j1(), Thresholds.DEFAULT, 2);
        double[] c = Fixtures.correct(Fixtures.j1());
        acc.add(new ObservedInterval(0, 1, new double[] {100, 0, 100, 0}));
        acc.add(new ObservedInterval(1, 2, new double[] {100, 0, 100, 0}));
        acc.add(new ObservedInterval(2, 3, Fixtures.observedWithError(c, 1)));
        acc.add(new ObservedInterval(3, 4, Fixtures.observedWithError(c, 3)));
        Comparison r = acc.finish();

        assertEquals(List.of(false, false, true, true), r.intervals().stream().map(IntervalError::counted).toList());
        assertEquals(100, r.intervals().get(0).errorPct(), EPS);
        assertEquals(2, r.excludedIntervals());
        assertEquals(2, r.countedIntervals());
        assertEquals(2, r.warmupS());
        assertEquals(2, r.meanErrorPct(), EPS);
        assertEquals(3, r.maxErrorPct(), EPS);
        assertEquals(Verdict.PASS, r.verdict());
        // Per virtual CPU means leave the warm-up out too: 50 - 0.5 - 1.5 over two intervals.
        assertEquals(49, r.vcpus().get(1).meanObserved(), EPS);
    }

    @Test
    void counts_startAtWarmup_counts() {
        ErrorAccumulator acc = new ErrorAccumulator(Fixtures.j1(), Thresholds.DEFAULT, 2.5);
        assertFalse(acc.counts(2.4999));
        assertTrue(acc.counts(2.5));
    }

    @Test
    void finish_warmupCoversEverything_throwsWithReason() {
        ErrorAccumulator acc = new ErrorAccumulator(Fixtures.j1(), Thresholds.DEFAULT, 10);
        acc.add(new ObservedInterval(0, 5, new double[] {50, 50, 50, 50}));
        acc.add(new ObservedInterval(5, 10, new double[] {50, 50, 50, 50}));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, acc::finish);
        assertEquals("no intervals to compare: all 2 intervals start before the end of the 10 s warm-up",
                e.getMessage());
    }

    @Test
    void finish_noIntervals_throwsWithReason() {
        ErrorAccumulator acc = new ErrorAccumulator(Fixtures.j1(), Thresholds.DEFAULT, 0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, acc::finish);
        assertEquals("no intervals to compare: the measurement has no intervals", e.getMessage());
    }

    @Test
    void verdict_meanThresholdSet_mustAlsoHold() {
        double[] c = Fixtures.correct(Fixtures.j1());
        ErrorAccumulator acc = new ErrorAccumulator(Fixtures.j1(), Thresholds.DEFAULT, 0);
        for (int t = 0; t < 3; t++) {
            acc.add(new ObservedInterval(t, t + 1, Fixtures.observedWithError(c, 4)));
        }
        Comparison r = acc.finish();
        assertEquals(Verdict.PASS, r.verdict());
        assertEquals(Verdict.FAIL, new Comparison(r.intervals(), r.warmupS(), r.relative(),
                Thresholds.DEFAULT.withMeanErrorPct(3), r.vcpus()).verdict());
        assertEquals(Verdict.PASS, new Comparison(r.intervals(), r.warmupS(), r.relative(),
                Thresholds.DEFAULT.withMeanErrorPct(4), r.vcpus()).verdict());
    }

    @Test
    void verdict_maxExactlyFivePercent_passes() {
        ErrorAccumulator acc = new ErrorAccumulator(Fixtures.j1(), Thresholds.DEFAULT, 0);
        // |c| = 100 and e = (2.5, 2.5, 2.5, 2.5): |e| = 5, exactly 5% in binary floating point too.
        acc.add(new ObservedInterval(0, 1, new double[] {52.5, 52.5, 52.5, 52.5}));
        Comparison r = acc.finish();
        assertEquals(5.0, r.maxErrorPct());
        assertEquals(Verdict.PASS, r.verdict());
    }

    @Test
    void verdict_maxJustAboveFivePercent_fails() {
        ErrorAccumulator acc = new ErrorAccumulator(Fixtures.j1(), Thresholds.DEFAULT, 0);
        acc.add(new ObservedInterval(0, 1, new double[] {52.51, 52.5, 52.5, 52.5}));
        assertEquals(Verdict.FAIL, acc.finish().verdict());
    }

    @Test
    void add_wrongNumberOfValues_throws() {
        ErrorAccumulator acc = new ErrorAccumulator(Fixtures.j1(), Thresholds.DEFAULT, 0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> acc.add(new ObservedInterval(0, 1, new double[] {50, 50})));
        assertEquals("interval 0..1 s has 2 busy values, the problem has 4 running virtual CPUs", e.getMessage());
    }

    @Test
    void constructor_negativeWarmup_throws() {
        assertThrows(IllegalArgumentException.class, () -> new ErrorAccumulator(Fixtures.j1(), Thresholds.DEFAULT, -1));
    }

    @Test
    void finish_perVcpu_meanObservedAgainstCorrect() {
        ErrorAccumulator acc = new ErrorAccumulator(Fixtures.j2(), Thresholds.DEFAULT, 0);
        acc.add(new ObservedInterval(0, 1, new double[] {20, 50, 30, 100}));
        acc.add(new ObservedInterval(1, 2, new double[] {30, 40, 20, 100}));
        List<VcpuComparison> v = acc.finish().vcpus();
        assertEquals(new VcpuComparison("QGP00000", "0", 25, 25), v.get(0));
        assertEquals(new VcpuComparison("QGP00001", "0", 50, 45), v.get(1));
        assertEquals(new VcpuComparison("QGP00002", "0", 25, 25), v.get(2));
        assertEquals(new VcpuComparison("QGP00003", "0", 100, 100), v.get(3));
    }

    /**
     * J1, |c| = 100: a 1 s interval with QGP00000 at 60 (error 10%) and a 3 s one with it at 52 (error 2%).
     * Weighted by length the mean is (10 × 1 + 2 × 3) / 4 = 4%, where one weight per interval would give 6%;
     * QGP00000's mean observed is (60 × 1 + 52 × 3) / 4 = 54.
     */
    @Test
    void finish_unequalIntervals_meansWeightedByLength() {
        ErrorAccumulator acc = new ErrorAccumulator(Fixtures.j1(), Thresholds.DEFAULT, 0);
        acc.add(new ObservedInterval(0, 1, new double[] {60, 50, 50, 50}));
        acc.add(new ObservedInterval(1, 4, new double[] {52, 50, 50, 50}));
        Comparison r = acc.finish();
        assertEquals(4, r.meanErrorPct(), EPS);
        assertEquals(10, r.maxErrorPct(), EPS);
        assertEquals(4, r.countedS(), EPS);
        assertEquals(54, r.vcpus().get(0).meanObserved(), EPS);
        assertEquals(50, r.vcpus().get(1).meanObserved(), EPS);
        assertEquals(0, r.gaps());
    }

    /** The warm-up interval weighs nothing: 0..2 s (excluded), then 2..2.5 s at 8% and 2.5..4 s at 4%: (4 + 6) / 2. */
    @Test
    void finish_unequalIntervalsAfterWarmup_weightsCountedOnly() {
        double[] c = Fixtures.correct(Fixtures.j1());
        ErrorAccumulator acc = new ErrorAccumulator(Fixtures.j1(), Thresholds.DEFAULT, 2);
        acc.add(new ObservedInterval(0, 2, Fixtures.observedWithError(c, 90)));
        acc.add(new ObservedInterval(2, 2.5, Fixtures.observedWithError(c, 8)));
        acc.add(new ObservedInterval(2.5, 4, Fixtures.observedWithError(c, 4)));
        Comparison r = acc.finish();
        assertEquals((8 * 0.5 + 4 * 1.5) / 2, r.meanErrorPct(), EPS);
        assertEquals(8, r.maxErrorPct(), EPS);
    }

    @Test
    void finish_gapsBetweenIntervals_countedWithTotalLength() {
        double[] c = Fixtures.correct(Fixtures.j1());
        ErrorAccumulator acc = new ErrorAccumulator(Fixtures.j1(), Thresholds.DEFAULT, 0);
        for (double[] span : new double[][] {{5, 6}, {6, 7}, {8, 9}, {11.5, 12}, {12, 13}}) {
            acc.add(new ObservedInterval(span[0], span[1], Fixtures.observedWithError(c, 1)));
        }
        Comparison r = acc.finish();
        assertEquals(2, r.gaps(), "before 8 and before 11.5; the 5 s before the first interval is no gap");
        assertEquals(1 + 2.5, r.gapS(), EPS);
        assertEquals(1, r.meanErrorPct(), EPS, "gaps weigh nothing");
    }

    @Test
    void finish_contiguousIntervals_noGaps() {
        double[] c = Fixtures.correct(Fixtures.j1());
        ErrorAccumulator acc = new ErrorAccumulator(Fixtures.j1(), Thresholds.DEFAULT, 0);
        for (int t = 0; t < 10; t++) {
            acc.add(new ObservedInterval(t * 0.1, (t + 1) * 0.1, Fixtures.observedWithError(c, 1)));
        }
        assertEquals(0, acc.finish().gaps());
        assertEquals(0, acc.finish().gapS());
    }

    @Test
    void add_overlappingOrEarlierInterval_throws() {
        ErrorAccumulator acc = new ErrorAccumulator(Fixtures.j1(), Thresholds.DEFAULT, 0);
        acc.add(new ObservedInterval(1, 2, new double[] {50, 50, 50, 50}));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> acc.add(new ObservedInterval(1.5, 3, new double[] {50, 50, 50, 50})));
        assertEquals("interval 1.5..3 s starts before the previous interval ends at 2 s: intervals must come in order"
                + " and not overlap", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> acc.add(new ObservedInterval(0, 1, new double[] {50, 50, 50, 50})));
    }

    @Test
    void comparison_overlappingIntervals_throws() {
        List<IntervalError> overlapping = List.of(new IntervalError(0, 2, 1, true), new IntervalError(1, 3, 1, true));
        assertThrows(IllegalArgumentException.class, () -> new Comparison(overlapping, 0, true, Thresholds.DEFAULT,
                List.of()));
    }
}
