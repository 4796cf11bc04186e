package org.schedlab.runner.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The heap against a sorted set under random operations: the same member comes out next, whatever the shape, and
 * the size and top key it mirrors are the set's after every operation.
 */
class IndexedHeapTest {

    @Test
    void operations_randomSequences_matchSortedSetOrder() {
        for (long seed = 1; seed <= 200; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            int n = 1 + r.nextInt(300);
            int[] pos = new int[n];
            long[] key = new long[n];
            Arrays.fill(pos, -1);
            IndexedHeap h = new IndexedHeap(pos, key, 1);
            int[] sizes = new int[5];
            long[] tops = new long[5];
            h.mirror(sizes, tops, 3);
            long[] ref = new long[n];
            TreeSet<Integer> set = new TreeSet<>(Comparator.<Integer>comparingLong(v -> ref[v]).thenComparing(v -> v));
            // Few distinct keys, so ties (broken by index) are frequent; every other seed draws from the extremes
            // of the long range too, where a key comparison by subtraction overflows.
            long keys = 1 + r.nextInt(50);
            boolean wide = seed % 2 == 0;
            for (int step = 0; step < 4 * n + 100; step++) {
                int v = r.nextInt(n);
                int op = r.nextInt(5);
                if (op == 0 && !set.contains(v)) {
                    ref[v] = draw(r, keys, wide);
                    h.add(v, ref[v]);
                    set.add(v);
                } else if (op == 1 && !set.isEmpty()) {
                    assertEquals(set.first(), h.top(), "seed " + seed);
                    assertEquals(ref[set.first()], h.topKey());
                    assertEquals(set.pollFirst(), h.poll(), "seed " + seed);
                } else if (op == 2 && set.contains(v)) {
                    set.remove(v);
                    h.remove(v);
                } else if (op == 3 && set.contains(v)) {
                    set.remove(v);
                    ref[v] = draw(r, keys, wide);
                    set.add(v);
                    h.update(v, ref[v]);
                } else if (op == 4 && !set.isEmpty()) {
                    // A bulk rebuild, as a work distribution does: drain, append in drain order, heapify.
                    int[] out = new int[n];
                    int k = h.drainTo(out, 0);
                    assertTrue(h.isEmpty());
                    for (int i = 0; i < k; i++) {
                        h.append(out[i]);
                    }
                    h.heapify();
                }
                assertEquals(set.size(), h.size(), "seed " + seed);
                assertEquals(set.contains(v), h.contains(v), "seed " + seed);
                assertEquals(set.size(), sizes[3], "mirrored size, seed " + seed);
                assertEquals(set.isEmpty() ? Long.MAX_VALUE : ref[set.first()], tops[3], "mirrored top, seed " + seed);
            }
            while (!set.isEmpty()) {
                assertEquals(set.pollFirst(), h.poll(), "seed " + seed);
            }
            assertFalse(h.contains(0));
        }
    }

    private static final long[] EXTREMES = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -(1L << 62), -1, 0, 1, 1L << 62,
        Long.MAX_VALUE - 1, Long.MAX_VALUE};

    private static long draw(SplittableRandom r, long keys, boolean wide) {
        if (!wide) {
            return r.nextLong(keys);
        }
        return switch (r.nextInt(3)) {
            case 0 -> EXTREMES[r.nextInt(EXTREMES.length)];
            case 1 -> r.nextLong();
            default -> r.nextLong(keys);
        };
    }
}
