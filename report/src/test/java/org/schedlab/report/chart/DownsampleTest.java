package org.schedlab.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.comparator.IntervalError;

class DownsampleTest {

    private static List<IntervalError> errors(int n, int warmup, int spikeAt) {
        List<IntervalError> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new IntervalError(i, i + 1, i == spikeAt ? 30 : 1 + (i % 3), i >= warmup));
        }
        return out;
    }

    @Test
    void maxPerGroup_fewIntervals_unchanged() {
        List<IntervalError> in = errors(50, 5, 10);
        assertEquals(in, Downsample.maxPerGroup(in, 100));
    }

    @Test
    void maxPerGroup_manyIntervals_spikeKeptAndBounded() {
        List<IntervalError> in = errors(10_000, 5, 7_777);
        List<IntervalError> out = Downsample.maxPerGroup(in, 400);
        assertTrue(out.size() <= 401, "at most one extra group where the warm-up ends: " + out.size());
        assertEquals(30, out.stream().mapToDouble(IntervalError::errorPct).max().orElseThrow());
        assertEquals(0, out.get(0).startS());
        assertEquals(10_000, out.get(out.size() - 1).endS());
    }

    @Test
    void maxPerGroup_warmupSpike_neverStandsForCountedIntervals() {
        List<IntervalError> in = errors(1_000, 5, 2);
        List<IntervalError> out = Downsample.maxPerGroup(in, 100);
        double countedMax = out.stream().filter(IntervalError::counted).mapToDouble(IntervalError::errorPct).max()
                .orElseThrow();
        assertEquals(3, countedMax, "the warm-up's 30% spike is not in a counted point");
        assertTrue(out.stream().filter(e -> !e.counted()).allMatch(e -> e.endS() <= 5));
    }
}
