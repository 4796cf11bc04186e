package org.schedlab.runner.engine;

import java.util.Arrays;

/**
 * A 4-ary min-heap of virtual CPU indexes keyed by a long (ties: lower index first), with removal of any
 * member in O(log n). Four children per slot halve the depth of a binary heap, and a slot's children share
 * one or two cache lines, which is what a dispatch at 10,000 ready VMDBKs pays for (DispatchBenchmark). The
 * order (key, index) is total, so which member comes out next never depends on the heap's shape. Used for
 * dispatch vectors (keyed by urgency) and burner period boundaries (keyed by time). {@code pos} is shared by
 * all heaps of one kind, because a virtual CPU is in at most one of them. No allocation after growth settles.
 *
 * <p>Each slot carries a copy of its member's key ({@code slotKey}, in heap order beside {@code heap}), so a sift
 * compares keys that sit next to each other instead of fetching {@code keyOf} at four scattered members per level,
 * which misses the cache at every level once the heap outgrows it. {@code keyOf} stays the key
 * of record, which the dispatcher reads for VMDBKs outside any heap.
 */
public final class IndexedHeap {

    private final int[] pos;
    private final long[] keyOf;
    private int[] heap;
    /** {@code slotKey[i] == keyOf[heap[i]]} for every slot below {@code size}. */
    private long[] slotKey;
    private int size;
    /** Where {@link #mirror} copies the size and the top key after every change (null: nowhere), and at which slot. */
    private int[] sizeMirror;
    private long[] topMirror;
    private int mirrorSlot;

    /**
     * @param pos   per virtual CPU, its slot in whichever heap of this kind holds it, -1 when none
     * @param keyOf per virtual CPU, its key (shared with the heaps of this kind)
     */
    public IndexedHeap(int[] pos, long[] keyOf, int capacity) {
        this.pos = pos;
        this.keyOf = keyOf;
        this.heap = new int[Math.max(4, capacity)];
        this.slotKey = new long[heap.length];
    }

    /**
     * From now on keeps {@code sizes[slot]} equal to {@link #size()} and {@code tops[slot]} equal to {@link #topKey()},
     * or {@link Long#MAX_VALUE} when empty, after every change (either array may be null). A caller that checks
     * many heaps per window (is this dispatch unit idle?) then reads flat arrays instead of one object per heap.
     */
    void mirror(int[] sizes, long[] tops, int slot) {
        sizeMirror = sizes;
        topMirror = tops;
        mirrorSlot = slot;
        publish();
    }

    private void publish() {
        if (sizeMirror != null) {
            sizeMirror[mirrorSlot] = size;
        }
        if (topMirror != null) {
            topMirror[mirrorSlot] = size == 0 ? Long.MAX_VALUE : slotKey[0];
        }
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int top() {
        return heap[0];
    }

    long topKey() {
        return slotKey[0];
    }

    /** The member at heap slot {@code i} (0 = top; 1 to 4 its children). */
    int at(int i) {
        return heap[i];
    }

    boolean contains(int v) {
        int p = pos[v];
        return p >= 0 && p < size && heap[p] == v;
    }

    public void add(int v, long key) {
        keyOf[v] = key;
        place(v);
        up(size - 1);
        publish();
    }

    public int poll() {
        int v = heap[0];
        removeAt(0);
        return v;
    }

    void remove(int v) {
        removeAt(pos[v]);
    }

    /** Changes a member's key and restores heap order. */
    void update(int v, long key) {
        long old = keyOf[v];
        keyOf[v] = key;
        int p = pos[v];
        slotKey[p] = key;
        if (key < old) {
            up(p);
        } else {
            down(p);
        }
        publish();
    }

    private void removeAt(int p) {
        int v = heap[p];
        size--;
        pos[v] = -1;
        if (p != size) {
            int last = heap[size];
            heap[p] = last;
            slotKey[p] = slotKey[size];
            pos[last] = p;
            up(p);
            down(pos[last]);
        }
        publish();
    }

    private void up(int p) {
        int v = heap[p];
        long kv = slotKey[p];
        while (p > 0) {
            int parent = (p - 1) >>> 2;
            int u = heap[parent];
            long ku = slotKey[parent];
            if (!(kv < ku || (kv == ku && v < u))) {
                break;
            }
            heap[p] = u;
            slotKey[p] = ku;
            pos[u] = p;
            p = parent;
        }
        heap[p] = v;
        slotKey[p] = kv;
        pos[v] = p;
    }

    private void down(int p) {
        int v = heap[p];
        long kv = slotKey[p];
        while (true) {
            int first = 4 * p + 1;
            if (first >= size) {
                break;
            }
            int end = Math.min(first + 4, size);
            int c = first;
            long kc = slotKey[c];
            int hc = heap[c];
            for (int i = first + 1; i < end; i++) {
                long k = slotKey[i];
                int h = heap[i];
                // Which child is least is a coin toss, so a branch here mispredicts often, and a ternary's speed
                // varied from one DispatchBenchmark fork to the next. Masks leave no branch.
                long take = lessMask(k, h, kc, hc);
                c = (int) (i & take | c & ~take);
                hc = (int) (h & take | hc & ~take);
                kc = k & take | kc & ~take;
            }
            if (!(kc < kv || (kc == kv && hc < v))) {
                break;
            }
            heap[p] = hc;
            slotKey[p] = kc;
            pos[hc] = p;
            p = c;
        }
        heap[p] = v;
        slotKey[p] = kv;
        pos[v] = p;
    }

    /**
     * All ones if {@code (k, h)} orders before {@code (kc, hc)} (lower key, then lower index), else 0, without a
     * branch. The key comparison is the sign of {@code k - kc} corrected for overflow (Warren, "Hacker's Delight",
     * 2nd ed., 2-12), so it holds for any two longs.
     */
    private static long lessMask(long k, int h, long kc, int hc) {
        long d = k - kc;
        long keyLess = (d ^ ((k ^ kc) & (d ^ k))) >> 63;
        long x = k ^ kc;
        long keyDiffers = (x | -x) >> 63;
        long indexLess = ((long) h - hc) >> 63;
        return keyLess | (~keyDiffers & indexLess);
    }

    /**
     * Adds {@code v} with the key it already has, without restoring heap order: a bulk rebuild appends every member
     * and then calls {@link #heapify()} once, O(size) instead of O(size log size).
     */
    void append(int v) {
        place(v);
        publish();
    }

    /** Puts {@code v} in the next free slot; the callers restore order and publish once. */
    private void place(int v) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
            slotKey = Arrays.copyOf(slotKey, size * 2);
        }
        heap[size] = v;
        slotKey[size] = keyOf[v];
        pos[v] = size;
        size++;
    }

    /** Restores heap order after {@link #append}s (Floyd). */
    void heapify() {
        if (size < 2) {
            return;
        }
        for (int p = (size - 2) >>> 2; p >= 0; p--) {
            down(p);
        }
        publish();
    }

    /** Members in heap-array order: deterministic, used when a work distribution empties the heap. */
    int drainTo(int[] out, int from) {
        for (int i = 0; i < size; i++) {
            out[from + i] = heap[i];
            pos[heap[i]] = -1;
        }
        int n = size;
        size = 0;
        publish();
        return from + n;
    }
}
