package org.schedlab.runner.engine;

import java.util.Arrays;
import org.schedlab.runner.result.RunSummary;

/**
 * One virtual CPU's dispatch delays in microseconds: a sparse log-linear histogram of at most {@link #CELLS}
 * occupied buckets, so memory is bounded (under 1.1 KB, most virtual CPUs far less) however long the run and
 * however many virtual CPUs there are.
 *
 * <p>Buckets are exact below {@code 2^bits} us and split each power of two above into {@code 2^bits} equal
 * parts, starting at {@code bits = 5} (percentiles within 1/32 below the true value). When a new bucket would
 * exceed {@link #CELLS}, the resolution halves ({@code bits - 1}): neighbouring buckets nest, so they merge
 * exactly, and a reported percentile {@code r} of a true {@code x} keeps {@code r <= x < r * (1 + 2^-bits)}.
 * The final resolution depends only on the multiset of delays (the bucket count at a resolution only grows),
 * never on the order they arrived in, so results stay identical for any number of threads. Since
 * {@code 2^bits (m - bits + 1)} buckets hold every delay below {@code 2^m} us, delays all below 1 ms keep at
 * least 1/16, below 262 ms 1/8, below 2.4 hours 1/4 (docs/runner.md, "Delay statistics").
 */
final class DelayHistogram {

    /** The most occupied buckets kept: 128 × 8 bytes. */
    static final int CELLS = 128;
    private static final int START_BITS = 5;
    private static final int COUNT_BITS = 48;
    private static final long COUNT_MASK = (1L << COUNT_BITS) - 1;

    /** Occupied buckets by increasing key: key in the top 16 bits, count in the low 48. Null until the first. */
    private long[] cells;
    private int size;
    /** The cell the last delay went to (a hint: checked against the key before use). */
    private int last;
    private int bits = START_BITS;
    private long count;
    private long sum;
    private long max;

    void record(long us) {
        long v = Math.max(0, us);
        count++;
        sum += us;
        if (us > max) {
            max = us;
        }
        while (!add(index(v, bits))) {
            coarsen();
        }
    }

    /** Counts one at bucket {@code key}; false if that needs a new bucket and all {@link #CELLS} are taken. */
    private boolean add(int key) {
        if (cells == null) {
            cells = new long[4];
        }
        // A virtual CPU's delays cluster: the bucket of its last delay is the likeliest, and needs no search.
        if (last < size && (cells[last] >>> COUNT_BITS) == key) {
            cells[last]++;
            return true;
        }
        long probe = (long) key << COUNT_BITS;
        int at = Arrays.binarySearch(cells, 0, size, probe | COUNT_MASK);
        // No cell holds the all-ones count, so the search always misses: 'at' encodes the insertion point, and
        // the cell just before it is this key's if the key is present.
        int next = -at - 1;
        if (next > 0 && (cells[next - 1] >>> COUNT_BITS) == key) {
            cells[next - 1]++;
            last = next - 1;
            return true;
        }
        if (size == CELLS) {
            return false;
        }
        if (size == cells.length) {
            cells = Arrays.copyOf(cells, Math.min(CELLS, size * 2));
        }
        System.arraycopy(cells, next, cells, next + 1, size - next);
        cells[next] = probe | 1;
        size++;
        last = next;
        return true;
    }

    /** Halves the resolution: each bucket's lowest value falls in the coarser bucket that contains it whole. */
    private void coarsen() {
        int out = 0;
        for (int i = 0; i < size; i++) {
            long key = index(lowest((int) (cells[i] >>> COUNT_BITS), bits), bits - 1);
            long c = cells[i] & COUNT_MASK;
            if (out > 0 && (cells[out - 1] >>> COUNT_BITS) == key) {
                cells[out - 1] += c;
            } else {
                cells[out++] = key << COUNT_BITS | c;
            }
        }
        size = out;
        bits--;
    }

    private static int index(long v, int bits) {
        int sub = 1 << bits;
        if (v < sub) {
            return (int) v;
        }
        int msb = 63 - Long.numberOfLeadingZeros(v);
        int shift = msb - bits;
        return sub + shift * sub + (int) ((v >>> shift) & (sub - 1));
    }

    /** The lowest value that falls in bucket {@code i}. */
    private static long lowest(int i, int bits) {
        int sub = 1 << bits;
        if (i < sub) {
            return i;
        }
        int shift = (i - sub) >> bits;
        int part = (i - sub) & (sub - 1);
        return ((long) (sub + part)) << shift;
    }

    long count() {
        return count;
    }

    long sum() {
        return sum;
    }

    long max() {
        return max;
    }

    /** Percentile resolution now: reported percentiles are within {@code 2^-bits} below the true value. */
    int bits() {
        return bits;
    }

    long percentile(double q) {
        if (count == 0) {
            return 0;
        }
        long rank = (long) Math.ceil(q * count);
        long seen = 0;
        for (int i = 0; i < size; i++) {
            seen += cells[i] & COUNT_MASK;
            if (seen >= rank) {
                return Math.min(lowest((int) (cells[i] >>> COUNT_BITS), bits), max);
            }
        }
        return max;
    }

    RunSummary.DelayStats stats() {
        return new RunSummary.DelayStats(count == 0 ? 0 : (double) sum / count, percentile(0.5), percentile(0.99), max,
                count);
    }
}
