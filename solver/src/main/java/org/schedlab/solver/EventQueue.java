package org.schedlab.solver;

import java.util.Arrays;

/**
 * A binary min-heap of filling-level events, on primitive arrays because a 100,000-vcpu problem
 * pushes hundreds of thousands of events and boxing them would dominate the solve.
 *
 * <p>An event is a level and a packed item: {@code version << 33 | index << 2 | kind}. Ties on the
 * level go to the lower kind, so that a virtual CPU reaching its cap (kind 0) is settled before a
 * group saturating at the same level: the capped value is then exact rather than {@code w × λ}.
 */
final class EventQueue {

    static final int KIND_BITS = 2;
    private static final long KIND_MASK = (1L << KIND_BITS) - 1;
    private static final int INDEX_BITS = 31;

    private double[] levels;
    private long[] items;
    private int size;
    private double lastLevel;

    EventQueue(int capacity) {
        levels = new double[Math.max(16, capacity)];
        items = new long[levels.length];
    }

    static long item(int kind, int index, int version) {
        return (long) version << (INDEX_BITS + KIND_BITS) | (long) index << KIND_BITS | kind;
    }

    static int kind(long item) {
        return (int) (item & KIND_MASK);
    }

    static int index(long item) {
        return (int) ((item >>> KIND_BITS) & ((1L << INDEX_BITS) - 1));
    }

    static int version(long item) {
        return (int) (item >>> (INDEX_BITS + KIND_BITS));
    }

    /** Empties the queue for another fill, keeping its arrays. */
    void clear() {
        size = 0;
        lastLevel = 0;
    }

    boolean isEmpty() {
        return size == 0;
    }

    void push(double level, long item) {
        if (size == levels.length) {
            levels = Arrays.copyOf(levels, size * 2);
            items = Arrays.copyOf(items, size * 2);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(level, item, levels[parent], items[parent])) {
                break;
            }
            levels[i] = levels[parent];
            items[i] = items[parent];
            i = parent;
        }
        levels[i] = level;
        items[i] = item;
    }

    /** Removes the earliest event and returns its item; its level is then {@link #lastLevel()}. */
    long pop() {
        lastLevel = levels[0];
        long top = items[0];
        size--;
        if (size > 0) {
            siftDown(levels[size], items[size]);
        }
        return top;
    }

    double lastLevel() {
        return lastLevel;
    }

    private void siftDown(double level, long item) {
        int i = 0;
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < size && before(levels[right], items[right], levels[child], items[child])) {
                child = right;
            }
            if (!before(levels[child], items[child], level, item)) {
                break;
            }
            levels[i] = levels[child];
            items[i] = items[child];
            i = child;
        }
        levels[i] = level;
        items[i] = item;
    }

    private static boolean before(double levelA, long itemA, double levelB, long itemB) {
        return levelA < levelB || (levelA == levelB && (itemA & KIND_MASK) < (itemB & KIND_MASK));
    }
}
