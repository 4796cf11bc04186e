package org.schedlab.comparator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** The small value types: validation, copies, the threshold rule, the ETR statistics. */
class ValuesTest {

    @Test
    void observedInterval_arrays_areCopiedInAndOut() {
        double[] busy = {1, 2};
        ObservedInterval o = new ObservedInterval(0, 1, busy);
        busy[0] = 99;
        o.busyPct()[1] = 99;
        assertArrayEquals(new double[] {1, 2}, o.busyPct());
        assertEquals(new ObservedInterval(0, 1, new double[] {1, 2}), o);
        assertEquals(new ObservedInterval(0, 1, new double[] {1, 2}).hashCode(), o.hashCode());
        assertNotEquals(new ObservedInterval(0, 1, new double[] {1, 3}), o);
    }

    @Test
    void observedInterval_endNotAfterStartOrNaN_throws() {
        assertThrows(IllegalArgumentException.class, () -> new ObservedInterval(1, 1, new double[0]));
        assertThrows(IllegalArgumentException.class, () -> new ObservedInterval(0, 1, new double[] {Double.NaN}));
    }

    @Test
    void thresholds_negativeOrNaN_throw() {
        assertThrows(IllegalArgumentException.class, () -> new Thresholds(-1, OptionalDouble.empty()));
        assertThrows(IllegalArgumentException.class, () -> new Thresholds(Double.NaN, OptionalDouble.empty()));
        assertThrows(IllegalArgumentException.class, () -> Thresholds.DEFAULT.withMeanErrorPct(-0.1));
    }

    @Test
    void thresholds_judge_usesPrintedFigures() {
        assertEquals(Verdict.PASS, Thresholds.DEFAULT.judge(1, 5 + 1e-12));
        assertEquals(Verdict.FAIL, Thresholds.DEFAULT.judge(1, 5 + 1e-8));
        assertEquals(Verdict.FAIL, new Thresholds(10, OptionalDouble.of(2)).judge(2.1, 3));
        assertEquals(Verdict.PASS, new Thresholds(10, OptionalDouble.of(2)).judge(2, 3));
    }

    @Test
    void etrAccumulator_samples_giveCountMeanAndSampleSd() {
        EtrSummary.Accumulator acc = new EtrSummary.Accumulator();
        for (double x : new double[] {2, 4, 4, 4, 5, 5, 7, 9}) {
            acc.add(x);
        }
        EtrSummary s = acc.summary().orElseThrow();
        assertEquals(8, s.n());
        assertEquals(5, s.mean(), 1e-12);
        assertEquals(Math.sqrt(32.0 / 7), s.sd(), 1e-12);
    }

    @Test
    void etrAccumulator_largeNearlyEqualRates_keepsSdAccurate() {
        EtrSummary.Accumulator acc = new EtrSummary.Accumulator();
        for (double x : new double[] {4, 7, 13, 16}) {
            acc.add(1e9 + x);
        }
        assertEquals(Math.sqrt(30), acc.summary().orElseThrow().sd(), 1e-6);
    }

    @Test
    void etrAccumulator_emptyOrSingle_emptyOrZeroSd() {
        EtrSummary.Accumulator acc = new EtrSummary.Accumulator();
        assertEquals(Optional.empty(), acc.summary());
        acc.add(12.5);
        assertEquals(new EtrSummary(1, 12.5, 0), acc.summary().orElseThrow());
    }

    @Test
    void comparison_countedContraryToWarmup_throws() {
        List<IntervalError> intervals = List.of(new IntervalError(0, 1, 1, true));
        assertThrows(IllegalArgumentException.class, () -> new Comparison(intervals, 5, true, Thresholds.DEFAULT,
                List.of(), Optional.empty(), OptionalDouble.empty()));
    }

    @Test
    void comparison_withExtras_keepsFiguresAndAddsExtras() {
        Comparison c = new Comparison(List.of(new IntervalError(0, 1, 1, true)), 0, true, Thresholds.DEFAULT,
                List.of(), Optional.empty(), OptionalDouble.empty());
        Comparison d = c.withEtr(Optional.of(new EtrSummary(3, 10, 1))).withMeanDispatchDelayUs(OptionalDouble.of(831));
        assertEquals(c.intervals(), d.intervals());
        assertEquals(831, d.meanDispatchDelayUs().getAsDouble());
        assertTrue(d.etr().isPresent());
        assertThrows(IllegalArgumentException.class, () -> c.withMeanDispatchDelayUs(OptionalDouble.of(-1)));
    }
}
