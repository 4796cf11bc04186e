package org.schedlab.runner.engine;

import java.util.Arrays;

/**
 * Work distribution over the dispatch vectors of one dispatch pool. RESHUFFLE: take every ready VMDBK of the
 * pool out of its DV, most urgent first, and deal it to the core with the fewest VMDBKs (running plus dealt);
 * among equals, the core whose running VMDBK is least urgent (so the most urgent waiters meet the CPUs that
 * will free soonest for them), then the core already holding the same guest, then the same chip. REBALANCE
 * (runs rarely) prefers the guest's core before urgency, keeping guests in one place. Scratch arrays are
 * allocated once.
 */
final class WorkDistribution {

    private final Layout l;
    private final State s;
    private final int[] order;
    private final int[] sortTmp;
    /** Per guest, the core it was last dealt to (or runs on) in this pass; -1 none. */
    private final int[] anchor;
    private final int[] count;
    private final long[] need;

    WorkDistribution(Layout l, State s) {
        this.l = l;
        this.s = s;
        this.order = new int[Math.max(16, l.n)];
        this.sortTmp = new int[Math.max(16, l.n)];
        this.anchor = new int[Math.max(1, l.n)];
        int maxCores = 0;
        for (int p = 0; p < l.dispatchPoolCount(); p++) {
            maxCores = Math.max(maxCores, l.poolCoreCount[p]);
        }
        this.count = new int[maxCores];
        this.need = new long[maxCores];
    }

    void distribute(int pool, boolean rebalance) {
        int from = l.poolFirstCore[pool];
        int to = from + l.poolCoreCount[pool];
        if (to - from < 2) {
            return;
        }
        int k = 0;
        for (int c = from; c < to; c++) {
            k = s.dv[c].drainTo(order, k);
        }
        if (k == 0) {
            return;
        }
        sortByKey(order, sortTmp, k);
        Arrays.fill(count, 0, to - from, 0);
        Arrays.fill(anchor, -1);
        for (int c = from; c < to; c++) {
            long worst = Long.MIN_VALUE;
            for (int t = 0; t < l.coreThreads[c]; t++) {
                int r = s.cpuRunning[l.coreFirstCpu[c] + t];
                if (r < 0) {
                    worst = Long.MAX_VALUE;
                } else {
                    count[c - from]++;
                    worst = Math.max(worst, s.dvKey[r]);
                    anchor[l.vUser[r]] = c;
                }
            }
            need[c - from] = worst;
        }
        for (int i = 0; i < k; i++) {
            int v = order[i];
            int a = anchor[l.vUser[v]];
            int best = -1;
            for (int c = from; c < to; c++) {
                if (best < 0 || better(c, best, from, a, rebalance)) {
                    best = c;
                }
            }
            count[best - from]++;
            anchor[l.vUser[v]] = best;
            s.moveHome(v, best);
            s.dv[best].add(v, s.dvKey[v]);
        }
    }

    private boolean better(int c, int best, int from, int anchor, boolean rebalance) {
        int ci = c - from;
        int bi = best - from;
        int[] threads = l.coreThreads;
        if (count[ci] * threads[best] != count[bi] * threads[c]) {
            return count[ci] * threads[best] < count[bi] * threads[c];
        }
        if (rebalance && anchor >= 0 && (c == anchor) != (best == anchor)) {
            return c == anchor;
        }
        if (need[ci] != need[bi]) {
            return need[ci] > need[bi];
        }
        if (anchor >= 0) {
            if ((c == anchor) != (best == anchor)) {
                return c == anchor;
            }
            int chip = l.topology.chipOf(l.coreLocal[anchor]);
            boolean cc = l.topology.chipOf(l.coreLocal[c]) == chip;
            boolean bc = l.topology.chipOf(l.coreLocal[best]) == chip;
            if (cc != bc) {
                return cc;
            }
        }
        return false;
    }

    /** Stable bottom-up merge sort of VMDBK indexes by (DV key, index). */
    private void sortByKey(int[] a, int[] tmp, int len) {
        long[] key = s.dvKey;
        for (int width = 1; width < len; width *= 2) {
            for (int lo = 0; lo < len - width; lo += 2 * width) {
                int mid = lo + width;
                int hi = Math.min(lo + 2 * width, len);
                int i = lo;
                int j = mid;
                int o = lo;
                while (i < mid && j < hi) {
                    int x = a[i];
                    int y = a[j];
                    if (key[y] < key[x] || (key[y] == key[x] && y < x)) {
                        tmp[o++] = y;
                        j++;
                    } else {
                        tmp[o++] = x;
                        i++;
                    }
                }
                while (i < mid) {
                    tmp[o++] = a[i++];
                }
                while (j < hi) {
                    tmp[o++] = a[j++];
                }
                System.arraycopy(tmp, lo, a, lo, hi - lo);
            }
        }
    }
}
