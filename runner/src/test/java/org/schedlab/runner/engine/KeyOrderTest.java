package org.schedlab.runner.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class KeyOrderTest {

    /** The pairs' order, from boxed comparisons: what either path of the sort must give. */
    private static int[] expected(int[] order, int len, long[] keyOf) {
        return IntStream.of(Arrays.copyOf(order, len)).boxed()
                .sorted(Comparator.<Integer>comparingLong(v -> keyOf[v]).thenComparingInt(v -> v))
                .mapToInt(Integer::intValue).toArray();
    }

    private static void check(SplittableRandom r, int n, long spread, long base) {
        check(r, n, spread, base, r.nextInt(n + 1));
    }

    private static void check(SplittableRandom r, int n, long spread, long base, int len) {
        long[] keyOf = new long[n];
        for (int v = 0; v < n; v++) {
            // Few distinct keys half the time, so that ties (broken by index) are common.
            keyOf[v] = base + (r.nextBoolean() ? r.nextLong(Math.max(1, spread)) : r.nextInt(4) * (spread / 4));
        }
        int[] all = IntStream.range(0, n).toArray();
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = all[i];
            all[i] = all[j];
            all[j] = t;
        }
        int[] order = Arrays.copyOf(all, n);
        new KeyOrder(n).sort(order, len, keyOf);
        assertArrayEquals(expected(all, len, keyOf), Arrays.copyOf(order, len),
                () -> "n " + n + ", spread " + spread + ", base " + base);
        assertArrayEquals(Arrays.copyOfRange(all, len, n), Arrays.copyOfRange(order, len, n), "past len untouched");
    }

    @Test
    void sort_randomKeysWithTies_pairOrder() {
        SplittableRandom r = new SplittableRandom(1);
        for (int t = 0; t < 300; t++) {
            check(r, 1 + r.nextInt(3000), 1 + r.nextLong(1L << 40), r.nextLong(-(1L << 50), 1L << 50));
        }
    }

    @Test
    void sort_keysOverTheWholeLongRange_pairOrder() {
        SplittableRandom r = new SplittableRandom(2);
        for (int t = 0; t < 100; t++) {
            // Keys far apart, where a difference of two overflows a long.
            check(r, 1 + r.nextInt(3000), Long.MAX_VALUE, r.nextBoolean() ? Long.MIN_VALUE / 2 : -(1L << 62));
        }
    }

    @Test
    void sort_everyVmdbkReady_radixPathPairOrder() {
        // Every one of many VMDBKs ready, as at a RESHUFFLE of a loaded pool: always the radix path.
        SplittableRandom r = new SplittableRandom(3);
        for (int t = 0; t < 50; t++) {
            int n = KeyOrder.RADIX_MIN + r.nextInt(5000);
            check(r, n, t % 2 == 0 ? Long.MAX_VALUE : 1L << 20, -(1L << 40), n);
        }
    }
}
