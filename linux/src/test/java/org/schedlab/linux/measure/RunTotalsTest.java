package org.schedlab.linux.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.core.EngineType;
import org.schedlab.linux.mapping.LogicalCpu;
import org.schedlab.runner.result.RunSummary;

class RunTotalsTest {

    private static IntervalMeter.Figures figures(double[] delay, long[] wait, long[] slices, boolean disturbed, double busy) {
        return new IntervalMeter.Figures(1_000_000_000L, new double[] {50, 50}, delay, wait, slices, new double[] {busy},
                new IntervalNoise(0, 0, 1, disturbed ? 5 : 0, 0, disturbed ? 5 : 0, disturbed));
    }

    @Test
    void summary_undisturbedIntervalsOnly_meanExactPercentilesOverIntervalMeans() {
        RunTotals t = new RunTotals(2, List.of(new LogicalCpu(0, EngineType.CP, 0, 0, 3)));
        t.add(figures(new double[] {100, 10}, new long[] {1_000_000, 10_000}, new long[] {10, 1}, false, 100));
        t.add(figures(new double[] {300, Double.NaN}, new long[] {3_000_000, 0}, new long[] {10, 0}, false, 50));
        t.add(figures(new double[] {9999, 9999}, new long[] {99_999_000, 99_999_000}, new long[] {1, 1}, true, 0));
        RunSummary s = t.summary(List.of("A/CP"), Map.of("A/CP", 12.5));
        RunSummary.DelayStats a = s.vcpuDelays().get(0);
        assertEquals(200, a.meanUs(), 1e-9);
        assertEquals(100, a.p50Us());
        assertEquals(300, a.p99Us());
        assertEquals(300, a.maxUs());
        assertEquals(20, a.count());
        assertEquals(10, s.vcpuDelays().get(1).meanUs(), 1e-9);
        assertEquals((4_000_000 + 10_000) / 1e3 / 21, s.meanDispatchDelayUs(), 1e-9);
        assertEquals(75, s.logicalCpus().get(0).busyPct(), 1e-9);
        assertEquals(List.of(new RunSummary.BucketStats("A/CP", 12.5)), s.buckets());
        assertEquals(3, t.afterWarmup());
        assertEquals(1, t.disturbed());
        assertEquals(5.0 / 3, t.meanForeignPct(), 1e-9);
        assertEquals(5, t.maxExcessPct(), 1e-9);
    }

    @Test
    void summary_disturbedToo_countsEveryInterval() {
        RunTotals t = new RunTotals(2, List.of(new LogicalCpu(0, EngineType.CP, 0, 0, 3)), true);
        t.add(figures(new double[] {100, 10}, new long[] {1_000_000, 10_000}, new long[] {10, 1}, false, 100));
        t.add(figures(new double[] {300, 30}, new long[] {3_000_000, 30_000}, new long[] {10, 1}, true, 50));
        RunSummary s = t.summary(List.of(), Map.of());
        assertEquals(200, s.vcpuDelays().get(0).meanUs(), 1e-9);
        assertEquals(75, s.logicalCpus().get(0).busyPct(), 1e-9);
        assertEquals(1, t.disturbed());
    }
}
