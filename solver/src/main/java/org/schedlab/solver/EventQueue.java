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

    /**
     * The heap, one event per pair of slots: {@code heap[2i]} its level as an ordered key, {@code heap[2i + 1]}
     * its item. Level and item side by side cost one cache miss per heap level where two arrays cost two,
     * and at a million events almost every level of a sift misses.
     */
    private long[] heap;
    private int size;
    private double lastLevel;

    EventQueue(int capacity) {
        heap = new long[2 * Math.max(16, capacity)];
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
        if (2 * size == heap.length) {
            heap = Arrays.copyOf(heap, heap.length * 2);
        }
        long key = key(level);
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(key, item, heap[2 * parent], heap[2 * parent + 1])) {
                break;
            }
            heap[2 * i] = heap[2 * parent];
            heap[2 * i + 1] = heap[2 * parent + 1];
            i = parent;
        }
        heap[2 * i] = key;
        heap[2 * i + 1] = item;
    }

    /** Removes the earliest event and returns its item; its level is then {@link #lastLevel()}. */
    long pop() {
        lastLevel = level(heap[0]);
        long top = heap[1];
        size--;
        if (size > 0) {
            siftDown(heap[2 * size], heap[2 * size + 1]);
        }
        return top;
    }

    double lastLevel() {
        return lastLevel;
    }

    private void siftDown(long key, long item) {
        long[] h = heap;
        int i = 0;
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < size && before(h[2 * right], h[2 * right + 1], h[2 * child], h[2 * child + 1])) {
                child = right;
            }
            if (!before(h[2 * child], h[2 * child + 1], key, item)) {
                break;
            }
            h[2 * i] = h[2 * child];
            h[2 * i + 1] = h[2 * child + 1];
            i = child;
        }
        h[2 * i] = key;
        h[2 * i + 1] = item;
    }

    /**
     * A long that orders as the level does (signed comparison), so that the heap compares keys as the
     * doubles would: the bits of a non-negative double already do, a negative one has its magnitude bits
     * flipped, and -0 becomes 0 so that the two zeros stay equal. Levels are never NaN.
     */
    private static long key(double level) {
        long bits = Double.doubleToRawLongBits(level + 0.0);
        return bits ^ ((bits >> 63) & Long.MAX_VALUE);
    }

    private static double level(long key) {
        return Double.longBitsToDouble(key ^ ((key >> 63) & Long.MAX_VALUE));
    }

    private static boolean before(long keyA, long itemA, long keyB, long itemB) {
        return keyA < keyB || (keyA == keyB && (itemA & KIND_MASK) < (itemB & KIND_MASK));
    }
}
