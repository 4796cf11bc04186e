package org.schedlab.comparator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** The small value types: validation, copies, the threshold rule. */
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
    void comparison_countedContraryToWarmup_throws() {
        List<IntervalError> intervals = List.of(new IntervalError(0, 1, 1, true));
        assertThrows(IllegalArgumentException.class, () -> new Comparison(intervals, 5, true, Thresholds.DEFAULT,
                List.of()));
    }
}
