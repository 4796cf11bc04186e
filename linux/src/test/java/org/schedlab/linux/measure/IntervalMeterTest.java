package org.schedlab.linux.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.schedlab.core.EngineType;

class IntervalMeterTest {

    private static final long S = 1_000_000_000L;

    private static Snapshot snap(long t, long[] cpu, long[] wait, long[] slices, long[] idle, long[] steal) {
        return new Snapshot(t, cpu, wait, slices, idle, steal);
    }

    /** J1's shape: four burners on two CPUs, nothing spare. */
    private static IntervalMeter j1(Disturbance rule) {
        return new IntervalMeter(List.of(new PoolShape(EngineType.CP, new int[] {0, 1}, new int[] {0, 1, 2, 3}, 200)),
                4, 2, rule);
    }

    @Test
    void interval_busyDelayAndCpuFigures() {
        IntervalMeter m = j1(Disturbance.DEFAULT);
        Snapshot a = snap(10 * S, new long[] {0, 0, 0, 0}, new long[] {0, 0, 0, 0}, new long[] {0, 0, 0, 0},
                new long[] {5 * S, 7 * S}, new long[] {0, 0});
        Snapshot b = snap(12 * S, new long[] {S, S, S, S - 20_000_000}, new long[] {S, 2 * S, S, S},
                new long[] {250, 500, 0, 100}, new long[] {5 * S, 7 * S}, new long[] {0, 10_000_000});
        IntervalMeter.Figures f = m.interval(3, 8_000_000, a, b);
        assertEquals(2 * S, f.elapsedNs());
        assertEquals(50, f.vcpuBusyPct()[0], 1e-12);
        assertEquals(49, f.vcpuBusyPct()[3], 1e-12);
        assertEquals(4000, f.meanDelayUs()[0], 1e-9);
        assertEquals(4000, f.meanDelayUs()[1], 1e-9);
        assertTrue(Double.isNaN(f.meanDelayUs()[2]));
        assertEquals(10_000, f.meanDelayUs()[3], 1e-9);
        assertEquals(100, f.cpuBusyPct()[0], 1e-12);
        // 4 s of capacity, 3.98 s to the burners: 20 ms foreign of which 10 ms steal; nothing was spare.
        IntervalNoise n = f.noise();
        assertEquals(0.5, n.foreignPct(), 1e-9);
        assertEquals(0.25, n.stealPct(), 1e-9);
        assertEquals(0.5, n.excessPct(), 1e-9);
        assertFalse(n.disturbed());
        assertEquals(3, n.index());
        assertEquals(8_000_000, n.startMicros());
        assertEquals(10_000_000, n.endMicros());
        assertEquals(List.of(50.0, 50.0, 50.0, 49.0), f.samples().stream().map(v -> v.busyPct()).toList());
        assertEquals(1000, f.samples().get(0).etr(), 1e-9);
    }

    @Test
    void interval_foreignWorkBeyondWhatIsSpare_disturbs() {
        IntervalMeter m = j1(new Disturbance(1, 0.5));
        Snapshot a = snap(0, new long[4], new long[4], new long[4], new long[2], new long[2]);
        long got = S / 2 - 10_000_000;
        Snapshot b = snap(S, new long[] {got, got, got, got}, new long[4], new long[4], new long[2], new long[2]);
        IntervalNoise n = m.interval(0, 0, a, b).noise();
        assertEquals(2, n.foreignPct(), 1e-9);
        assertTrue(n.disturbed());
    }

    /** A lone 10% burner: the 90% it leaves idle may go to anything without disturbing it. */
    @Test
    void interval_foreignWorkInSpareTime_doesNotDisturb() {
        IntervalMeter m = new IntervalMeter(List.of(new PoolShape(EngineType.CP, new int[] {0}, new int[] {0}, 10)), 1, 1,
                Disturbance.DEFAULT);
        Snapshot a = snap(0, new long[1], new long[1], new long[1], new long[1], new long[1]);
        Snapshot busy = snap(S, new long[] {S / 10}, new long[1], new long[] {100}, new long[1], new long[1]);
        IntervalNoise n = m.interval(0, 0, a, busy).noise();
        assertEquals(90, n.foreignPct(), 1e-9);
        assertEquals(0, n.excessPct(), 1e-9);
        assertFalse(n.disturbed());
        // Got only 8% while others ran the rest: 2% of the CPU beyond the spare 90%.
        Snapshot starved = snap(S, new long[] {S * 8 / 100}, new long[1], new long[] {100}, new long[1], new long[1]);
        IntervalNoise s = m.interval(0, 0, a, starved).noise();
        assertEquals(2, s.excessPct(), 1e-9);
        assertTrue(s.disturbed());
    }

    /** Excess is never negative, never above foreign time, and foreign time is capacity minus idle and burners. */
    @Test
    void interval_randomReadings_noiseWithinItsBounds() {
        Random r = new Random(3);
        for (int k = 0; k < 2000; k++) {
            int cpus = 1 + r.nextInt(4);
            int burners = 1 + r.nextInt(6);
            double allocated = 100.0 * cpus * r.nextDouble();
            IntervalMeter m = new IntervalMeter(List.of(new PoolShape(EngineType.CP, range(cpus), range(burners),
                    allocated)), burners, cpus, Disturbance.DEFAULT);
            long t = S / 2 + r.nextInt(1_000_000_000);
            long[] ran = new long[burners];
            long left = t * cpus;
            for (int v = 0; v < burners; v++) {
                ran[v] = Math.min(t, (long) (r.nextDouble() * left / 2));
                left -= ran[v];
            }
            long[] idle = new long[cpus];
            for (int c = 0; c < cpus; c++) {
                idle[c] = (long) (r.nextDouble() * Math.min(t, left / cpus));
            }
            IntervalNoise n = m.interval(0, 0, snap(0, new long[burners], new long[burners], new long[burners],
                    new long[cpus], new long[cpus]), snap(t, ran, new long[burners], new long[burners], idle,
                    new long[cpus])).noise();
            double sumRan = 0;
            for (long x : ran) {
                sumRan += x;
            }
            double sumIdle = 0;
            for (long x : idle) {
                sumIdle += x;
            }
            double foreign = 100 * Math.max(0, (double) t * cpus - sumIdle - sumRan) / ((double) t * cpus);
            assertEquals(foreign, n.foreignPct(), 1e-9);
            assertTrue(n.excessPct() >= 0 && n.excessPct() <= n.foreignPct() + 1e-12);
            assertEquals(Math.max(0, foreign - (100 - allocated / cpus)), n.excessPct(), 1e-9);
        }
    }

    @Test
    void constructor_burnerInNoPoolOrTwo_rejected() {
        assertThrows(IllegalArgumentException.class, () -> new IntervalMeter(List.of(
                new PoolShape(EngineType.CP, new int[] {0}, new int[] {0}, 10)), 2, 1, Disturbance.DEFAULT));
        assertThrows(IllegalArgumentException.class, () -> new IntervalMeter(List.of(
                new PoolShape(EngineType.CP, new int[] {0}, new int[] {0}, 10),
                new PoolShape(EngineType.IFL, new int[] {1}, new int[] {0}, 10)), 1, 2, Disturbance.DEFAULT));
    }

    @Test
    void disturbance_minUndisturbed_halfRoundedUpAtLeastOne() {
        assertEquals(1, Disturbance.DEFAULT.minUndisturbed(0));
        assertEquals(1, Disturbance.DEFAULT.minUndisturbed(1));
        assertEquals(5, Disturbance.DEFAULT.minUndisturbed(10));
        assertEquals(6, Disturbance.DEFAULT.minUndisturbed(11));
        assertEquals(11, new Disturbance(1, 1).minUndisturbed(11));
    }

    private static int[] range(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return a;
    }
}
