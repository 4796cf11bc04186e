package org.schedlab.runner.engine;

import org.schedlab.runner.result.RunSummary;

/**
 * Fixed-size log-linear histogram of microsecond delays: exact below 32 us, then 32 sub-buckets per power
 * of two (relative error under 1/32). Memory stays flat however long the run.
 */
final class DelayHistogram {

    private static final int SUB_BITS = 5;
    private static final int SUB = 1 << SUB_BITS;
    private static final int BUCKETS = SUB + (64 - SUB_BITS) * SUB;

    private final long[] counts = new long[BUCKETS];
    private long count;
    private long sum;
    private long max;

    void record(long us) {
        counts[index(us)]++;
        count++;
        sum += us;
        if (us > max) {
            max = us;
        }
    }

    private static int index(long v) {
        if (v < SUB) {
            return (int) Math.max(0, v);
        }
        int msb = 63 - Long.numberOfLeadingZeros(v);
        int shift = msb - SUB_BITS;
        int sub = (int) ((v >>> shift) & (SUB - 1));
        return SUB + shift * SUB + sub;
    }

    /** The lowest value that falls in bucket {@code i}. */
    private static long lowest(int i) {
        if (i < SUB) {
            return i;
        }
        int shift = (i - SUB) / SUB;
        int sub = (i - SUB) % SUB;
        return ((long) (SUB + sub)) << shift;
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

    long percentile(double q) {
        if (count == 0) {
            return 0;
        }
        long rank = (long) Math.ceil(q * count);
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            seen += counts[i];
            if (seen >= rank && counts[i] > 0) {
                return Math.min(lowest(i), max);
            }
        }
        return max;
    }

    RunSummary.DelayStats stats() {
        return new RunSummary.DelayStats(count == 0 ? 0 : (double) sum / count, percentile(0.5), percentile(0.99), max,
                count);
    }
}
