package org.schedlab.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AxisRangeTest {

    @ParameterizedTest
    @CsvSource({"1,1", "1.1,2", "2,2", "2.1,2.5", "3,5", "7,10", "0.03,0.05", "120,200", "11,20"})
    void niceTick_anyRaw_smallestNiceStepAtLeastIt(double raw, double nice) {
        assertEquals(nice, AxisRange.niceTick(raw), 1e-12);
    }

    @Test
    void utilization_valuesBelow100_axisIs0To100By10() {
        AxisRange r = AxisRange.utilization(50);
        assertEquals(0, r.lower());
        assertEquals(100, r.upper(), 1e-9);
        assertEquals(10, r.tick(), 1e-9);
    }

    @Test
    void utilization_aVcpuAtExactly100_axisStillEndsAt100() {
        assertEquals(100, AxisRange.utilization(100).upper(), 1e-12);
    }

    @Test
    void utilization_overshoot_axisGrowsPast100() {
        assertTrue(AxisRange.utilization(100.4).upper() > 100.4);
    }

    @Test
    void error_maxBelowThreshold_thresholdStaysInView() {
        AxisRange r = AxisRange.error(0.3, 5);
        assertTrue(r.upper() >= 5, r.toString());
        assertTrue(r.upper() <= 10, "a 5% threshold does not need an axis to " + r.upper());
    }

    @Test
    void upTo_nothingToShow_unitAxis() {
        assertEquals(1, AxisRange.upTo(0).upper(), 1e-12);
        assertEquals(1, AxisRange.upTo(Double.NaN).upper(), 1e-12);
    }

    @Test
    void upTo_randomMaxima_coversWithHeadroomInWholeNiceTicks() {
        Random random = new Random(42);
        for (int i = 0; i < 10_000; i++) {
            double max = Math.pow(10, random.nextDouble() * 12 - 6);
            AxisRange r = AxisRange.upTo(max);
            assertTrue(r.upper() >= max * 1.05 * (1 - 1e-12), max + " -> " + r);
            assertTrue(r.ticks() >= 1 && r.ticks() <= AxisRange.MAX_TICKS, max + " -> " + r);
            assertEquals(r.upper(), r.ticks() * r.tick(), r.upper() * 1e-9, "upper is a whole number of ticks");
            // No more than one tick of slack beyond the headroom: the axis is not needlessly long.
            assertTrue(r.upper() - r.tick() < max * 1.05, max + " -> " + r);
        }
    }

    @Test
    void constructor_emptyRange_rejected() {
        assertThrows(IllegalArgumentException.class, () -> new AxisRange(5, 5, 1));
        assertThrows(IllegalArgumentException.class, () -> new AxisRange(0, 5, 0));
    }
}
