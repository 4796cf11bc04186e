package org.schedlab.runner.engine;

import java.util.Arrays;

/**
 * Sorts VMDBK indexes by (key, index), the order in which work distribution deals a pool's ready VMDBKs. The order
 * is total, so any correct sort gives the same result, and this one has two paths. Many VMDBKs: a radix sort, with
 * no comparison to mispredict. The indexes are put in order by a bit set over every VMDBK, and then a stable
 * least-significant-digit pass per byte of the key orders them by key, ties staying in index order. A byte that is
 * the same in every key needs no pass, and one reading pass counts all eight bytes. Few VMDBKs among many: a merge
 * sort over the keys copied beside the indexes, where the bit set's walk over every VMDBK would cost more than the
 * sort. Scratch arrays are allocated once.
 */
final class KeyOrder {

    /** Fewer VMDBKs than this are merge-sorted: a radix pass's fixed cost is a 256-entry count per byte. */
    static final int RADIX_MIN = 256;

    private final long[] keys;
    private final long[] keysTmp;
    private final int[] tmp;
    /** One bit per VMDBK index; all clear between sorts. */
    private final long[] present;
    /** Per byte of the key (least significant first), how many keys have each value of it. */
    private final int[] counts = new int[8 * 256];
    /** A pass reads {@code src} and {@code srcKeys} and writes {@code dst} and {@code dstKeys}; then they swap. */
    private int[] src;
    private int[] dst;
    private long[] srcKeys;
    private long[] dstKeys;

    /** For indexes in {@code [0, vmdbks)}. */
    KeyOrder(int vmdbks) {
        int size = Math.max(16, vmdbks);
        this.keys = new long[size];
        this.keysTmp = new long[size];
        this.tmp = new int[size];
        this.present = new long[(size + 63) >>> 6];
    }

    /** Sorts {@code order[0, len)}, distinct indexes, by ({@code keyOf[v]}, {@code v}). */
    void sort(int[] order, int len, long[] keyOf) {
        if (len >= RADIX_MIN && present.length <= len) {
            radixSort(order, len, keyOf);
            return;
        }
        long[] ka = keys;
        for (int i = 0; i < len; i++) {
            ka[i] = keyOf[order[i]];
        }
        mergeSort(order, len);
    }

    private void radixSort(int[] order, int len, long[] keyOf) {
        long[] bits = present;
        for (int i = 0; i < len; i++) {
            int v = order[i];
            bits[v >>> 6] |= 1L << v;
        }
        // In index order; keys with the sign bit flipped, so that they order as unsigned bytes do.
        long[] gathered = keys;
        int[] cnt = counts;
        Arrays.fill(cnt, 0);
        int k = 0;
        for (int w = 0; w < bits.length; w++) {
            long word = bits[w];
            bits[w] = 0;
            while (word != 0) {
                int v = w << 6 | Long.numberOfTrailingZeros(word);
                word &= word - 1;
                long key = keyOf[v] ^ Long.MIN_VALUE;
                order[k] = v;
                gathered[k++] = key;
                for (int d = 0; d < 8; d++) {
                    cnt[d << 8 | (int) (key >>> (d << 3)) & 0xff]++;
                }
            }
        }
        beginPasses(order);
        for (int d = 0; d < 8; d++) {
            int shift = d << 3;
            int base = d << 8;
            if (cnt[base | (int) (srcKeys[0] >>> shift) & 0xff] == len) {
                continue;
            }
            int sum = 0;
            for (int j = 0; j < 256; j++) {
                int c = cnt[base | j];
                cnt[base | j] = sum;
                sum += c;
            }
            int[] a = src;
            long[] ka = srcKeys;
            int[] b = dst;
            long[] kb = dstKeys;
            for (int i = 0; i < len; i++) {
                long key = ka[i];
                int at = cnt[base | (int) (key >>> shift) & 0xff]++;
                b[at] = a[i];
                kb[at] = key;
            }
            flip();
        }
        endPasses(order, len);
    }

    /**
     * Bottom-up merge sort, the keys already copied to {@link #keys}. The passes alternate between two buffers, so the
     * merges read memory in order instead of looking each key up by VMDBK.
     */
    private void mergeSort(int[] order, int len) {
        beginPasses(order);
        for (int width = 1; width < len; width *= 2) {
            int[] a = src;
            long[] ka = srcKeys;
            int[] b = dst;
            long[] kb = dstKeys;
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
            flip();
        }
        endPasses(order, len);
    }

    /** The first pass reads {@code order} and the keys copied to {@link #keys}. */
    private void beginPasses(int[] order) {
        src = order;
        srcKeys = keys;
        dst = tmp;
        dstKeys = keysTmp;
    }

    /** What a pass wrote is what the next one reads. */
    private void flip() {
        int[] t = src;
        src = dst;
        dst = t;
        long[] kt = srcKeys;
        srcKeys = dstKeys;
        dstKeys = kt;
    }

    /** The last pass's output, in {@code order}. */
    private void endPasses(int[] order, int len) {
        if (src != order) {
            System.arraycopy(src, 0, order, 0, len);
        }
        src = null;
        dst = null;
    }
}
