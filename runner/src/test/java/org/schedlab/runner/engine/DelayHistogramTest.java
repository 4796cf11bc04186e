package org.schedlab.runner.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DelayHistogramTest {

    private static final double[] QUANTILES = {0.01, 0.5, 0.9, 0.99, 1.0};

    /** Delays as a run sees them: many short waits, a tail of long ones, spread over {@code octaves} powers of two. */
    private static long[] delays(SplittableRandom r, int n, int octaves) {
        long[] d = new long[n];
        for (int i = 0; i < n; i++) {
            d[i] = r.nextInt(4) == 0 ? r.nextInt(40) : (long) Math.pow(2, r.nextDouble() * octaves);
        }
        return d;
    }

    private static DelayHistogram of(long[] d) {
        DelayHistogram h = new DelayHistogram();
        for (long v : d) {
            h.record(v);
        }
        return h;
    }

    @Test
    void percentile_anyDelays_withinTheDocumentedBoundBelowTheTrueValue() {
        SplittableRandom r = new SplittableRandom(11);
        for (int trial = 0; trial < 300; trial++) {
            long[] d = delays(r, 1 + r.nextInt(5_000), 1 + r.nextInt(40));
            DelayHistogram h = of(d);
            long[] sorted = d.clone();
            Arrays.sort(sorted);
            for (double q : QUANTILES) {
                long exact = sorted[(int) Math.ceil(q * d.length) - 1];
                long reported = h.percentile(q);
                assertTrue(reported <= exact, "q " + q + ": " + reported + " above " + exact);
                // x < r (1 + 2^-bits): the bucket of r is r / 2^bits wide at most, and 1 wide below 2^bits.
                assertTrue(exact - reported < Math.max(1, reported >> h.bits()),
                        "q " + q + ": " + reported + " too far below " + exact + " at " + h.bits() + " bits");
            }
            assertEquals(d.length, h.count());
            assertEquals(sorted[sorted.length - 1], h.max());
            assertEquals(Arrays.stream(d).sum(), h.sum());
        }
    }

    @Test
    void stats_delaysInAnyOrder_identical() {
        SplittableRandom r = new SplittableRandom(12);
        for (int trial = 0; trial < 100; trial++) {
            long[] d = delays(r, 1 + r.nextInt(3_000), 1 + r.nextInt(30));
            List<Long> shuffled = new ArrayList<>();
            for (long v : d) {
                shuffled.add(v);
            }
            Collections.shuffle(shuffled, new Random(trial));
            DelayHistogram a = of(d);
            DelayHistogram b = of(shuffled.stream().mapToLong(Long::longValue).toArray());
            assertEquals(a.stats(), b.stats());
            assertEquals(a.bits(), b.bits());
        }
    }

    @Test
    void percentile_fewDistinctBuckets_keepsOneThirtySecond() {
        SplittableRandom r = new SplittableRandom(13);
        // 3 powers of two above 32 us hold 96 buckets of 1/32, under the cap.
        DelayHistogram h = of(delays(r, 20_000, 7));
        assertEquals(5, h.bits());
    }

    @Test
    void bits_delaysBelowTwoToTheM_atLeastTheDocumentedResolution() {
        int[][] guarantees = {{10, 4}, {18, 3}, {33, 2}};
        for (int[] g : guarantees) {
            DelayHistogram h = new DelayHistogram();
            // Every value below 2^m at the finest spacing that could matter: all buckets of every resolution.
            for (long v = 0; v < 1L << g[0]; v += Math.max(1, v >> 6)) {
                h.record(v);
            }
            h.record((1L << g[0]) - 1);
            assertTrue(h.bits() >= g[1], "below 2^" + g[0] + ": " + h.bits() + " bits");
        }
    }

    @Test
    void percentile_delaysOverManyPowersOfTwo_coarsensButStaysBounded() {
        SplittableRandom r = new SplittableRandom(14);
        DelayHistogram h = of(delays(r, 50_000, 62));
        assertTrue(h.bits() >= 0 && h.bits() < 5, "bits " + h.bits());
    }
}
