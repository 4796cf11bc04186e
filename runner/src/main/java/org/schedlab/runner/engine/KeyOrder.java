package org.schedlab.runner.engine;

/**
 * Sorts VMDBK indexes by (key, index), the order in which work distribution deals a pool's ready VMDBKs. The order
 * is total, so any correct sort gives the same result. A merge sort over the keys copied beside the indexes: packing
 * each (key, index) into one long for the JDK's primitive sort was tried at 10,000 ready VMDBKs and its share of a
 * zvm64 run's JFR samples did not fall, so it was not kept. Scratch arrays are allocated once.
 */
final class KeyOrder {

    private final long[] keys;
    private final long[] keysTmp;
    private final int[] tmp;

    /** For indexes in {@code [0, vmdbks)}. */
    KeyOrder(int vmdbks) {
        int size = Math.max(16, vmdbks);
        this.keys = new long[size];
        this.keysTmp = new long[size];
        this.tmp = new int[size];
    }

    /** Sorts {@code order[0, len)}, distinct indexes, by ({@code keyOf[v]}, {@code v}). */
    void sort(int[] order, int len, long[] keyOf) {
        long[] ka = keys;
        for (int i = 0; i < len; i++) {
            ka[i] = keyOf[order[i]];
        }
        mergeSort(order, len);
    }

    /**
     * Bottom-up merge sort, the keys already copied to {@link #keys}. The passes alternate between two buffers, so the
     * merges read memory in order instead of looking each key up by VMDBK.
     */
    private void mergeSort(int[] order, int len) {
        int[] a = order;
        long[] ka = keys;
        int[] b = tmp;
        long[] kb = keysTmp;
        for (int width = 1; width < len; width *= 2) {
            for (int lo = 0; lo < len; lo += 2 * width) {
                int mid = Math.min(lo + width, len);
                int hi = Math.min(lo + 2 * width, len);
                int i = lo;
                int j = mid;
                int o = lo;
                while (i < mid && j < hi) {
                    long x = ka[i];
                    long y = ka[j];
                    if (y < x || (y == x && a[j] < a[i])) {
                        b[o] = a[j];
                        kb[o++] = y;
                        j++;
                    } else {
                        b[o] = a[i];
                        kb[o++] = x;
                        i++;
                    }
                }
                while (i < mid) {
                    b[o] = a[i];
                    kb[o++] = ka[i++];
                }
                while (j < hi) {
                    b[o] = a[j];
                    kb[o++] = ka[j++];
                }
            }
            int[] t = a;
            a = b;
            b = t;
            long[] kt = ka;
            ka = kb;
            kb = kt;
        }
        if (a != order) {
            System.arraycopy(a, 0, order, 0, len);
        }
    }
}
