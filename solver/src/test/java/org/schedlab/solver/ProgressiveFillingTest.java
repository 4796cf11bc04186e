package org.schedlab.solver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The filling routine on its own: ties and rounding, which the scenario-level tests reach only by chance. */
class ProgressiveFillingTest {

    private static final double INF = Double.POSITIVE_INFINITY;

    @Test
    void fill_noGroupBinds_everyVcpuReachesItsCap() {
        ProgressiveFilling.Builder b = new ProgressiveFilling.Builder();
        int g = b.addGroup();
        b.join(b.addVcpu(1, 30), g);
        b.join(b.addVcpu(2, 40), g);
        double[] x = b.build().fill(new double[2], all(2), new double[] {100});
        assertArrayEquals(new double[] {30, 40}, x);
    }

    @Test
    void fill_nestedGroups_innerFreezesOuterKeepsRising() {
        // Inner group {0,1} capped at 10; outer {0,1,2} at 50: vcpu 2 takes the remaining 40.
        ProgressiveFilling.Builder b = new ProgressiveFilling.Builder();
        int outer = b.addGroup();
        int inner = b.addGroup();
        for (int i = 0; i < 3; i++) {
            int v = b.addVcpu(1, 100);
            b.join(v, outer);
            if (i < 2) {
                b.join(v, inner);
            }
        }
        double[] x = b.build().fill(new double[3], all(3), new double[] {50, 10});
        assertArrayEquals(new double[] {5, 5, 40}, x, 1e-12);
    }

    @Test
    void fill_capsAndSaturationAtSameLevel_noOvershootNoNegative() {
        // Every vcpu's cap/weight equals the level at which the group fills: all ties.
        ProgressiveFilling.Builder b = new ProgressiveFilling.Builder();
        int g = b.addGroup();
        double[] w = {0.1, 0.2, 0.3, 1.0 / 3, 0.7};
        double level = 3.0 / 7;
        double sum = 0;
        for (double wi : w) {
            b.join(b.addVcpu(wi, wi * level), g);
            sum += wi * level;
        }
        double[] x = b.build().fill(new double[w.length], all(w.length), new double[] {sum});
        for (int i = 0; i < w.length; i++) {
            assertTrue(x[i] >= 0 && x[i] <= w[i] * level, Arrays.toString(x));
        }
        assertEquals(sum, Arrays.stream(x).sum(), 1e-12);
    }

    @Test
    void fill_manyMembersSaturating_sumMatchesCapClosely() {
        Random random = new Random(1);
        int n = 20_000;
        ProgressiveFilling.Builder b = new ProgressiveFilling.Builder();
        int g = b.addGroup();
        for (int i = 0; i < n; i++) {
            b.join(b.addVcpu(random.nextDouble() * 7 + 1e-3, 100), g);
        }
        double cap = n * 100 / 3.0;
        double[] x = b.build().fill(new double[n], all(n), new double[] {cap});
        assertEquals(cap, Arrays.stream(x).sum(), 1e-9);
        assertTrue(Arrays.stream(x).allMatch(v -> v >= 0 && v <= 100));
    }

    @Test
    void fill_fromFloors_waitsUntilLevelReachesFloor() {
        // Phase-2 shape: vcpu 0 starts at 20 (w 100), vcpu 1 at 20 (w 100/3), vcpu 2 fixed at 70.
        ProgressiveFilling.Builder b = new ProgressiveFilling.Builder();
        int pool = b.addGroup();
        b.join(b.addVcpu(100, 100), pool);
        b.join(b.addVcpu(100.0 / 3, 100), pool);
        b.join(b.addVcpu(1, 100), pool);
        double[] x = b.build().fill(new double[] {20, 20, 70}, new boolean[] {true, true, false},
                new double[] {200});
        assertArrayEquals(new double[] {97.5, 32.5, 70}, x, 1e-12);
    }

    @Test
    void fill_groupAlreadyFullAtStart_nobodyMoves() {
        ProgressiveFilling.Builder b = new ProgressiveFilling.Builder();
        int pool = b.addGroup();
        b.join(b.addVcpu(1, 100), pool);
        b.join(b.addVcpu(1, 100), pool);
        double[] x = b.build().fill(new double[] {0, 50}, new boolean[] {true, true}, new double[] {50});
        assertArrayEquals(new double[] {0, 50}, x);
    }

    @Test
    void fill_uncappedGroupAndZeroWeight_zeroWeightStaysAtFloor() {
        ProgressiveFilling.Builder b = new ProgressiveFilling.Builder();
        int g = b.addGroup();
        b.join(b.addVcpu(0, 100), g);
        b.join(b.addVcpu(1, 60), g);
        double[] x = b.build().fill(new double[] {5, 0}, all(2), new double[] {INF});
        assertArrayEquals(new double[] {5, 60}, x);
    }

    @Test
    void fill_nullMovingAndLongerCaps_sameAsEveryoneMovingAndExactCaps() {
        // Random weights, caps and overlapping groups, so that groups saturate at many levels.
        Random r = new Random(7);
        ProgressiveFilling.Builder b = new ProgressiveFilling.Builder();
        int groups = 5;
        for (int g = 0; g < groups; g++) {
            b.addGroup();
        }
        int n = 200;
        for (int i = 0; i < n; i++) {
            int v = b.addVcpu(0.1 + r.nextDouble() * 10, r.nextDouble() * 100);
            b.join(v, r.nextInt(2));
            b.join(v, 2 + r.nextInt(3));
        }
        double[] caps = {900, 1200, 300, 400, INF};
        ProgressiveFilling filling = b.build();
        double[] expected = filling.fill(null, all(n), caps.clone());
        double[] longer = Arrays.copyOf(caps, groups + 3);
        Arrays.fill(longer, groups, longer.length, 0);
        assertArrayEquals(expected, filling.fill(null, null, longer));
    }

    private static boolean[] all(int n) {
        boolean[] a = new boolean[n];
        Arrays.fill(a, true);
        return a;
    }
}
