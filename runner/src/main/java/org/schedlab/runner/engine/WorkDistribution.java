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
    private final KeyOrder byKey;
    /** Per guest, the core it was last dealt to (or runs on) in this pass; -1 none. */
    private final int[] anchor;
    /** Guests given an anchor in the current pass, so that only they are reset after it. */
    private final int[] anchored;
    // Per pool-local core: VMDBKs (running plus dealt), the urgency of its least urgent running VMDBK
    // (Long.MAX_VALUE with a thread idle), and its chip.
    private final int[] count;
    private final long[] need;
    private final int[] chipOf;
    /** The pool's cores by need (most need first, then index), and the same grouped by chip. */
    private final int[] byNeed;
    private final int[] byNeedTmp;
    private final int[] chipOrder;
    /** Per chip: where its cores start in {@link #chipOrder} and how many; its scan cursor and level. */
    private final int[] chipStart;
    private final int[] chipLen;
    private final int[] chipCursor;
    private final int[] chipLevel;
    /** Dealt VMDBKs that left a core holding their pending boundary: (old core, VMDBK) pairs. */
    private final int[] movedFrom;
    private int moved;
    private int cursor;
    private int level;
    private int cores;

    WorkDistribution(Layout l, State s) {
        this.l = l;
        this.s = s;
        this.order = new int[Math.max(16, l.n)];
        this.byKey = new KeyOrder(l.n);
        this.anchor = new int[Math.max(1, l.n)];
        this.anchored = new int[Math.max(1, l.n)];
        this.movedFrom = new int[Math.max(2, 2 * l.n)];
        Arrays.fill(anchor, -1);
        int maxCores = 1;
        for (int p = 0; p < l.dispatchPoolCount(); p++) {
            maxCores = Math.max(maxCores, l.poolCoreCount[p]);
        }
        this.count = new int[maxCores];
        this.need = new long[maxCores];
        this.chipOf = new int[maxCores];
        this.byNeed = new int[maxCores];
        this.byNeedTmp = new int[maxCores];
        this.chipOrder = new int[maxCores];
        int maxChips = 1;
        for (int k = 0; k < maxCores; k++) {
            maxChips = Math.max(maxChips, l.topology.chipOf(k) + 1);
        }
        this.chipStart = new int[maxChips];
        this.chipLen = new int[maxChips];
        this.chipCursor = new int[maxChips];
        this.chipLevel = new int[maxChips];
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
        byKey.sort(order, k, s.dvKey);
        int m = to - from;
        int nAnchored = 0;
        for (int c = from; c < to; c++) {
            long worst = Long.MIN_VALUE;
            int i = c - from;
            count[i] = 0;
            for (int t = 0; t < l.coreThreads[c]; t++) {
                int r = s.cpuRunning[l.coreFirstCpu[c] + t];
                if (r < 0) {
                    worst = Long.MAX_VALUE;
                } else {
                    count[i]++;
                    worst = Math.max(worst, s.dvKey[r]);
                    if (anchor[l.vUser[r]] < 0) {
                        anchored[nAnchored++] = l.vUser[r];
                    }
                    anchor[l.vUser[r]] = i;
                }
            }
            need[i] = worst;
        }
        order(from, m);
        for (int i = 0; i < k; i++) {
            int v = order[i];
            int user = l.vUser[v];
            int a = anchor[user];
            int best = deal(a, rebalance);
            count[best]++;
            if (a < 0) {
                anchored[nAnchored++] = user;
            }
            anchor[user] = best;
            int old = s.vHome[v];
            if (old != from + best) {
                if (s.boundaries[old].contains(v)) {
                    movedFrom[moved++] = old;
                    movedFrom[moved++] = v;
                }
                s.vHome[v] = from + best;
            }
            // VMDBKs are dealt in (key, index) order into emptied DVs, so each DV receives them in heap order.
            s.dv[from + best].append(v);
        }
        for (int i = 0; i < nAnchored; i++) {
            anchor[anchored[i]] = -1;
        }
        moveBoundaries(from, to);
    }

    /**
     * The dealt VMDBKs' pending burner period boundaries follow them to their new cores. Moving each costs two heap
     * operations; when many move, rebuilding the pool's boundary heaps at once is cheaper. Either way every heap holds
     * the same members, and a heap's order is total (key, then index), so nothing downstream can tell which was done.
     */
    private void moveBoundaries(int from, int to) {
        int pairs = moved / 2;
        moved = 0;
        if (pairs == 0) {
            return;
        }
        int total = 0;
        for (int c = from; c < to; c++) {
            total += s.boundaries[c].size();
        }
        int depth = 32 - Integer.numberOfLeadingZeros(total / (to - from) + 1);
        if ((long) pairs * 2 * depth < total) {
            for (int i = 0; i < 2 * pairs; i += 2) {
                int v = movedFrom[i + 1];
                s.boundaries[movedFrom[i]].remove(v);
                s.boundaries[s.vHome[v]].add(v, s.bdKey[v]);
            }
            return;
        }
        int k = 0;
        for (int c = from; c < to; c++) {
            k = s.boundaries[c].drainTo(order, k);
        }
        for (int i = 0; i < k; i++) {
            int v = order[i];
            s.boundaries[s.vHome[v]].append(v);
        }
        for (int c = from; c < to; c++) {
            s.boundaries[c].heapify();
        }
    }

    /**
     * Ranks the pool's cores for dealing. Every core of a dispatch pool has the same number of threads, so "fewest
     * VMDBKs per thread" is "fewest VMDBKs", and apart from the guest's anchor a core's place in the order is its
     * count, then its need, then its index: dealing then goes round the cores in need order, level by level.
     */
    private void order(int from, int m) {
        cores = m;
        for (int i = 0; i < m; i++) {
            byNeed[i] = i;
            chipOf[i] = l.topology.chipOf(l.coreLocal[from + i]);
        }
        sortByNeed(m);
        int chips = 0;
        for (int i = 0; i < m; i++) {
            chips = Math.max(chips, chipOf[i] + 1);
        }
        Arrays.fill(chipLen, 0, chips, 0);
        for (int i = 0; i < m; i++) {
            chipLen[chipOf[i]]++;
        }
        int at = 0;
        for (int h = 0; h < chips; h++) {
            chipStart[h] = at;
            at += chipLen[h];
            chipLen[h] = 0;
            chipCursor[h] = 0;
            chipLevel[h] = Integer.MAX_VALUE;
        }
        int min = Integer.MAX_VALUE;
        for (int r = 0; r < m; r++) {
            int i = byNeed[r];
            int h = chipOf[i];
            chipOrder[chipStart[h] + chipLen[h]++] = i;
            chipLevel[h] = Math.min(chipLevel[h], count[i]);
            min = Math.min(min, count[i]);
        }
        cursor = 0;
        level = min;
    }

    /**
     * The pool-local core the next VMDBK goes to: the least of the pool's cores in the order (fewest VMDBKs; under
     * REBALANCE the guest's anchor core {@code a}; the least urgent running VMDBK; the anchor core; the anchor's
     * chip; the lowest index). The least core without the anchor's parts is the first core at the lowest level in
     * need order; the anchor, or the first such core of the anchor's chip, wins only when it ties with that one on
     * the parts before the anchor's. Amortised O(1) per VMDBK where a scan of every core was O(cores).
     */
    private int deal(int a, boolean rebalance) {
        int top = next();
        if (a < 0) {
            return top;
        }
        if (count[a] == count[top] && (rebalance || need[a] == need[top])) {
            return a;
        }
        int h = nextOnChip(chipOf[a]);
        return count[h] == count[top] && need[h] == need[top] ? h : top;
    }

    /**
     * The first core in need order whose count is the lowest level. Cores before the cursor are above the level
     * (counts only grow), so a full round without one raises the level.
     */
    private int next() {
        while (count[byNeed[cursor]] != level) {
            if (++cursor == cores) {
                cursor = 0;
                level++;
            }
        }
        return byNeed[cursor];
    }

    /** {@link #next()} within chip {@code h}. */
    private int nextOnChip(int h) {
        int start = chipStart[h];
        int len = chipLen[h];
        while (count[chipOrder[start + chipCursor[h]]] != chipLevel[h]) {
            if (++chipCursor[h] == len) {
                chipCursor[h] = 0;
                chipLevel[h]++;
            }
        }
        return chipOrder[start + chipCursor[h]];
    }

    /** Sorts {@code byNeed[0, m)} by need, least urgent running VMDBK (largest key) first, then core index. */
    private void sortByNeed(int m) {
        int[] a = byNeed;
        int[] tmp = byNeedTmp;
        for (int width = 1; width < m; width *= 2) {
            for (int lo = 0; lo < m - width; lo += 2 * width) {
                int mid = lo + width;
                int hi = Math.min(lo + 2 * width, m);
                int i = lo;
                int j = mid;
                int o = lo;
                while (i < mid && j < hi) {
                    if (need[a[j]] > need[a[i]]) {
                        tmp[o++] = a[j++];
                    } else {
                        tmp[o++] = a[i++];
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
