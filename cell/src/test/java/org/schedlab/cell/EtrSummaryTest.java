package org.schedlab.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class EtrSummaryTest {

    @Test
    void accumulator_samples_giveCountMeanAndSampleSd() {
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
    void accumulator_largeNearlyEqualRates_keepsSdAccurate() {
        EtrSummary.Accumulator acc = new EtrSummary.Accumulator();
        for (double x : new double[] {4, 7, 13, 16}) {
            acc.add(1e9 + x);
        }
        assertEquals(Math.sqrt(30), acc.summary().orElseThrow().sd(), 1e-6);
    }

    @Test
    void accumulator_emptyOrSingle_emptyOrZeroSd() {
        EtrSummary.Accumulator acc = new EtrSummary.Accumulator();
        assertEquals(Optional.empty(), acc.summary());
        acc.add(12.5);
        assertEquals(new EtrSummary(1, 12.5, 0), acc.summary().orElseThrow());
    }

    @Test
    void summary_noSamplesOrNegativeSd_throws() {
        assertThrows(IllegalArgumentException.class, () -> new EtrSummary(0, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new EtrSummary(1, 1, -1));
    }
}
