package org.schedlab.report.chart;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.schedlab.comparator.ObservedInterval;
import org.schedlab.solver.Solution;

class SeriesRecorderTest {

    private final Solution j1 = ChartFixtures.problem(4, 1, 2);

    @Test
    void data_fewerIntervalsThanPoints_keptAsTheyWere() {
        List<ObservedInterval> in = ChartFixtures.intervals(j1, 10);
        SeriesData d = ChartFixtures.series(j1, in);
        assertEquals(10, d.points());
        for (int p = 0; p < 10; p++) {
            assertEquals(in.get(p).startS(), d.startS()[p]);
            for (int v = 0; v < 4; v++) {
                assertEquals(in.get(p).busy(v), d.busy(v, p), 1e-12);
            }
        }
        assertEquals(List.of("U000.0", "U001.0", "U002.0", "U003.0"), d.ids());
        assertArrayEquals(new double[] {50, 50, 50, 50}, d.correct(), 1e-9);
    }

    @Test
    void data_manyIntervals_boundedAndTimeWeightedMeanKept() {
        Random random = new Random(3);
        for (int n : new int[] {199, 200, 201, 399, 400, 401, 1000, 12_345}) {
            SeriesRecorder r = new SeriesRecorder(j1, 200);
            double[] busySeconds = new double[4];
            double t = 0;
            for (int i = 0; i < n; i++) {
                double length = 0.5 + random.nextDouble();
                double[] busy = {random.nextDouble() * 100, 50, random.nextDouble() * 100, 0};
                r.add(new ObservedInterval(t, t + length, busy));
                for (int v = 0; v < 4; v++) {
                    busySeconds[v] += busy[v] * length;
                }
                t += length;
            }
            SeriesData d = r.data();
            assertTrue(d.points() <= 200, n + " intervals kept " + d.points() + " points");
            assertTrue(n < 200 ? d.points() == n : d.points() >= 100, n + " intervals kept " + d.points());
            assertEquals(0, d.startS()[0]);
            assertEquals(t, d.endS()[d.points() - 1], 1e-9);
            for (int p = 1; p < d.points(); p++) {
                assertEquals(d.endS()[p - 1], d.startS()[p], 1e-9, "points cover the run without gaps");
            }
            for (int v = 0; v < 4; v++) {
                double sum = 0;
                for (int p = 0; p < d.points(); p++) {
                    sum += d.busy(v, p) * (d.endS()[p] - d.startS()[p]);
                }
                assertEquals(busySeconds[v], sum, 1e-6 * Math.max(1, busySeconds[v]), "busy-seconds of " + v);
            }
            for (int p = 0; p < d.points(); p++) {
                assertEquals(50, d.busy(1, p), 1e-9, "a constant stays constant");
            }
        }
    }

    @Test
    void data_hourOfOneSecondIntervals_113PointsOf32Seconds() {
        // The figure docs/charts.md states: 3,600 intervals halve to groups of 32, 112 whole and one of 16.
        SeriesData d = ChartFixtures.series(j1, ChartFixtures.intervals(j1, 3_600));
        assertEquals(113, d.points());
        assertEquals(32, d.endS()[0] - d.startS()[0], 1e-9);
        assertEquals(16, d.endS()[112] - d.startS()[112], 1e-9);
    }

    @Test
    void add_wrongWidth_rejected() {
        SeriesRecorder r = new SeriesRecorder(j1);
        assertThrows(IllegalArgumentException.class, () -> r.add(new ObservedInterval(0, 1, new double[] {1, 2})));
    }

    @Test
    void constructor_oddMaxPoints_rejected() {
        assertThrows(IllegalArgumentException.class, () -> new SeriesRecorder(j1, 201));
    }

    @Test
    void data_noInterval_emptySeries() {
        assertEquals(0, new SeriesRecorder(j1).data().points());
    }
}
